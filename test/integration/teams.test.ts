import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { routes } from '#shared/api/routes';
import { newEvent } from '#functions/domain/event-defaults';
import type { AccountRecord, EventRecord, TeamEventHost } from '#functions/domain/records';
import { run as acceptRun } from '#functions/handlers/acceptTeamInvitation';
import { run as createRun } from '#functions/handlers/createTeam';
import { run as deleteAccountRun } from '#functions/handlers/deleteAccount';
import { run as getPublicRun } from '#functions/handlers/getPublicTeam';
import { run as getRun } from '#functions/handlers/getTeam';
import { run as inviteRun } from '#functions/handlers/inviteTeamMember';
import { run as myInvitationsRun } from '#functions/handlers/listTeamInvitations';
import { run as listRun } from '#functions/handlers/listTeams';
import { run as removeRun } from '#functions/handlers/removeTeamMember';
import { run as revokeRun } from '#functions/handlers/revokeTeamInvitation';
import { run as updateRun } from '#functions/handlers/updateTeam';
import { run as updateMemberRun } from '#functions/handlers/updateTeamMember';
import { httpRoute } from '#functions/http/route-handler';
import type { Principal } from '#functions/ports/core';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { NOW, unique } from '#test/support/booking-fixtures';
import { lifecycleHarness, mailsTo } from '#test/support/lifecycle';

/**
 * Teams (issue 28) against DynamoDB Local, through the route table's rows and handlers: creating a team, reading it,
 * its name and logo, invitations (verified address only, 7 days, revoked, replaced), roles (owners and admins manage,
 * members read and leave, a team keeps an owner, also under a race), removal and leaving (the team's event types move
 * on), account deletion (a new owner, or the team deleted), the public page, and the invitation mail sent from the
 * table's stream, once. Every refused call answers its status and message and writes nothing.
 */

let h: Awaited<ReturnType<typeof lifecycleHarness>>;
beforeAll(async () => {
  h = await lifecycleHarness();
}, 60_000);
afterAll(() => h?.close());

type Answer = { status: number; body: Record<string, unknown> & { message?: string } };

const runs = {
  createTeam: createRun,
  listTeams: listRun,
  getTeam: getRun,
  updateTeam: updateRun,
  getPublicTeam: getPublicRun,
  inviteTeamMember: inviteRun,
  listTeamInvitations: myInvitationsRun,
  acceptTeamInvitation: acceptRun,
  revokeTeamInvitation: revokeRun,
  updateTeamMember: updateMemberRun,
  removeTeamMember: removeRun,
  deleteAccount: deleteAccountRun,
} as const;

/** Calls a route as `userId` (null: signed out) with its path parameters and JSON body. */
async function call(
  name: keyof typeof runs,
  userId: string | null,
  options: { params?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const route = routes[name];
  const principal: Principal | null = userId ? { userId, isAdmin: false, sessionId: 'test' } : null;
  const handler = httpRoute(route, runs[name] as never, async () => ({
    ...h.deps,
    sessions: { authenticate: async () => principal },
  }));
  const params = options.params ?? {};
  const path = route.path.replace(/\{(\w+)\}/g, (_m, key: string) => encodeURIComponent(params[key] ?? ''));
  const result = (await handler(
    apiEvent({
      method: route.method,
      path,
      pathParameters: params,
      ...(options.body !== undefined ? { headers: jsonHeaders, body: JSON.stringify(options.body) } : {}),
    }),
    { ...testContext, awsRequestId: randomUUID() },
  )) as { statusCode: number; body?: string };
  const parsed: unknown = result.body ? JSON.parse(result.body) : {};
  return { status: result.statusCode, body: parsed as Answer['body'] };
}

/** A new account (verified unless told), with a built-in calendar unless told. */
async function account(options: { verified?: boolean; email?: string; calendar?: boolean; name?: string } = {}) {
  const id = `user-${unique()}`;
  const record: AccountRecord = {
    id,
    name: options.name ?? `Member ${id.slice(-4)}`,
    email: options.email ?? `${id}@teams.test`,
    username: id,
    photoUrl: `/photos/${id}/face.png`,
    createdAt: NOW.toISOString(),
    passwordHash: null,
    role: null,
    googleSubject: null,
    emailVerified: options.verified ?? true,
  };
  const calendar =
    options.calendar === false
      ? undefined
      : { provider: 'builtin' as const, connected: true, email: record.email, lastSynced: null };
  expect(await h.deps.accounts.create(record, calendar ? { calendar } : {})).toBe('created');
  return record;
}

const slugOf = () => `team-${unique()}`;

/** A team created by `owner` (through the route). */
async function team(owner: AccountRecord, name = 'Support Crew') {
  const slug = slugOf();
  const answer = await call('createTeam', owner.id, { body: { name, slug } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: String(answer.body.id), slug, name };
}

/** Invites and accepts: `person` joins `t` as `role`. */
async function join(t: { slug: string }, by: AccountRecord, person: AccountRecord, role: 'admin' | 'member') {
  const invited = await call('inviteTeamMember', by.id, {
    params: { slug: t.slug },
    body: { email: person.email, role },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const accepted = await call('acceptTeamInvitation', person.id, { params: { id: String(invited.body.id) } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

/** A team event type of `teamId` published by `userId`, with these hosts. */
async function teamEvent(teamId: string, userId: string, hosts: string[], active = true): Promise<EventRecord> {
  const slug = `ev-${unique()}`;
  const created = await h.deps.events.create(
    newEvent(
      {
        title: `Team call ${slug}`,
        slug,
        userId,
        active,
        teamId,
        schedulingType: 'round-robin',
        hosts: hosts.map((id): TeamEventHost => ({ userId: id, fixed: false, weight: 100 })),
      },
      NOW,
    ),
  );
  expect(created).not.toBeNull();
  return created!;
}

/** The team's stored members and invitations (to show that a refused call wrote nothing). */
const stored = async (teamId: string) => {
  const { members, invitations } = await h.deps.teams.members(teamId);
  return {
    members: members.map((m) => `${m.userId}:${m.role}`).sort(),
    invitations: invitations.map((i) => `${i.email}:${i.role}:${i.id}`).sort(),
  };
};

const LAST_OWNER = 'A team must keep at least one owner. Make another member an owner first.';
const OWNER_ONLY = "Only an owner can make, change or remove a team's owner.";
const NOT_YOURS = 'This invitation is for another e-mail address. Sign in with the invited address, or verify it.';
const EXPIRED = "This invitation has expired. Ask the team's owner or an admin to invite you again.";

describe('creating and reading a team', () => {
  it('makes the creator its owner, lists it with the role, and shows it to members only', async () => {
    const owner = await account({ name: 'Grace Hopper' });
    const t = await team(owner, 'Compilers Inc');
    const listed = await call('listTeams', owner.id);
    expect(listed).toEqual({
      status: 200,
      body: [{ id: t.id, name: 'Compilers Inc', slug: t.slug, logoUrl: null, role: 'owner' }],
    });
    const detail = await call('getTeam', owner.id, { params: { slug: t.slug } });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: t.id,
      name: 'Compilers Inc',
      slug: t.slug,
      logoUrl: null,
      role: 'owner',
      members: [{ userId: owner.id, name: 'Grace Hopper', email: owner.email, role: 'owner', status: 'active' }],
      invitations: [],
      events: [],
    });
    // Another host, and a team that does not exist: the same 404.
    const stranger = await account();
    for (const [who, slug] of [
      [stranger.id, t.slug],
      [owner.id, 'no-such-team'],
    ] as const) {
      expect(await call('getTeam', who, { params: { slug } })).toEqual({
        status: 404,
        body: expect.objectContaining({ message: 'Team not found.' }),
      });
    }
    expect((await call('listTeams', stranger.id)).body).toEqual([]);
    expect((await call('getTeam', null, { params: { slug: t.slug } })).status).toBe(401);
  });

  it('lists every team of the caller by name, with the role in each', async () => {
    const person = await account();
    const a = await team(await account(), 'Zeta Team');
    const b = await team(person, 'Alpha Team');
    const owners = await h.deps.teams.members(a.id);
    const aOwner = (await h.deps.accounts.get(owners.members[0]!.userId))!;
    await join(a, aOwner, person, 'member');
    expect((await call('listTeams', person.id)).body).toEqual([
      expect.objectContaining({ slug: b.slug, role: 'owner' }),
      expect.objectContaining({ slug: a.slug, role: 'member' }),
    ]);
  });

  it('answers 409 for a slug another team has, and writes nothing', async () => {
    const first = await account();
    const second = await account();
    const t = await team(first);
    expect(await call('createTeam', second.id, { body: { name: 'Copycats', slug: t.slug } })).toEqual({
      status: 409,
      body: expect.objectContaining({ message: 'This URL is already taken' }),
    });
    expect(await h.deps.teams.teamsOf(second.id)).toEqual([]);
    expect((await h.deps.teams.findBySlug(t.slug))?.id).toBe(t.id);
  });

  it.each([
    [{ name: 'Crew', slug: 'invitations' }, 'This URL is reserved. Please choose another.'],
    [{ name: 'Crew', slug: 'ab' }, 'The URL must be at least 3 characters.'],
    [{ name: 'Crew', slug: 'a'.repeat(61) }, 'The URL cannot exceed 60 characters.'],
    [{ name: 'Crew', slug: 'Big_Team' }, 'The URL may only contain lowercase letters, numbers and hyphens.'],
    [{ name: 'Crew', slug: '2026' }, 'The URL must contain at least one letter.'],
    [{ name: 'Crew' }, 'Please enter a URL for the team.'],
    [{ name: 'C', slug: 'good-slug' }, 'Team name must be at least 2 characters.'],
    [{ name: 'C'.repeat(81), slug: 'good-slug' }, 'Team name cannot exceed 80 characters.'],
    [{ name: 'Crew', slug: 'good-slug', logoUrl: null }, 'Unknown field: "logoUrl".'],
  ])('refuses %j with 400 "%s", writing nothing', async (body: { name?: string; slug?: string }, message) => {
    const owner = await account();
    expect(await call('createTeam', owner.id, { body })).toEqual({
      status: 400,
      body: expect.objectContaining({ message }),
    });
    expect(await h.deps.teams.teamsOf(owner.id)).toEqual([]);
    if (typeof body.slug === 'string' && /^[a-z0-9-]+$/.test(body.slug)) {
      expect(await h.deps.teams.findBySlug(body.slug)).toBeNull();
    }
  });
});

describe('changing a team', () => {
  it('lets an owner or admin change the name and set or remove their own uploaded logo', async () => {
    const owner = await account();
    const admin = await account();
    const t = await team(owner);
    await join(t, owner, admin, 'admin');
    expect(await call('updateTeam', admin.id, { params: { slug: t.slug }, body: { name: 'Night Shift' } })).toEqual({
      status: 200,
      body: { id: t.id, name: 'Night Shift', slug: t.slug, logoUrl: null, role: 'admin' },
    });
    const logo = `/photos/${owner.id}/logo.png`;
    expect((await call('updateTeam', owner.id, { params: { slug: t.slug }, body: { logoUrl: logo } })).body).toEqual(
      expect.objectContaining({ name: 'Night Shift', logoUrl: logo }),
    );
    // The admin may rename it, keeping the owner's logo, and remove it.
    expect(
      (await call('updateTeam', admin.id, { params: { slug: t.slug }, body: { name: 'Day Shift' } })).body,
    ).toEqual(expect.objectContaining({ logoUrl: logo }));
    expect((await call('updateTeam', admin.id, { params: { slug: t.slug }, body: { logoUrl: null } })).body).toEqual(
      expect.objectContaining({ name: 'Day Shift', logoUrl: null }),
    );
    expect(await h.deps.teams.get(t.id)).toMatchObject({ name: 'Day Shift', logoUrl: null, slug: t.slug });
  });

  it.each([
    [{ logoUrl: 'https://evil.example.com/logo.png' }, 'Images must be uploaded first.'],
    [{ logoUrl: '/photos/someone-else/logo.png' }, 'Images must be uploaded first.'],
    [{}, 'Send a new name or logo for the team.'],
    [{ name: ' ' }, 'Team name must be at least 2 characters.'],
    [{ slug: 'new-slug' }, 'Unknown field: "slug".'],
  ])('refuses %j with 400 "%s", changing nothing', async (body, message) => {
    const owner = await account();
    const t = await team(owner);
    expect(await call('updateTeam', owner.id, { params: { slug: t.slug }, body })).toEqual({
      status: 400,
      body: expect.objectContaining({ message }),
    });
    expect(await h.deps.teams.get(t.id)).toMatchObject({ name: 'Support Crew', logoUrl: null, slug: t.slug });
  });

  it('answers a member 403 and a stranger 404, changing nothing', async () => {
    const owner = await account();
    const member = await account();
    const t = await team(owner);
    await join(t, owner, member, 'member');
    expect(await call('updateTeam', member.id, { params: { slug: t.slug }, body: { name: 'Mine now' } })).toEqual({
      status: 403,
      body: expect.objectContaining({ message: "Only the team's owners and admins can change the team." }),
    });
    expect(
      await call('updateTeam', (await account()).id, { params: { slug: t.slug }, body: { name: 'Mine now' } }),
    ).toEqual({ status: 404, body: expect.objectContaining({ message: 'Team not found.' }) });
    expect((await h.deps.teams.get(t.id))?.name).toBe('Support Crew');
  });
});

describe('invitations', () => {
  it('invites an address (any case), lists it to the verified invitee, and accepting makes the membership', async () => {
    const owner = await account({ name: 'Ada Owner' });
    const invitee = await account({ email: `Mixed.${unique()}@Teams.Test`, name: 'Ivy Invitee' });
    const t = await team(owner, 'Analytical Engines');
    const invited = await call('inviteTeamMember', owner.id, {
      params: { slug: t.slug },
      body: { email: invitee.email.toUpperCase(), role: 'admin' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toEqual({
      id: expect.any(String),
      email: invitee.email.toLowerCase(),
      role: 'admin',
      createdAt: NOW.toISOString(),
      expiresAt: '2026-03-09T12:00:00.000Z',
      expired: false,
    });
    const id = String(invited.body.id);
    // The team's owners see it; the invitee sees it among their pending invitations.
    expect((await call('getTeam', owner.id, { params: { slug: t.slug } })).body.invitations).toEqual([invited.body]);
    expect((await call('listTeamInvitations', invitee.id)).body).toEqual([
      {
        id,
        role: 'admin',
        team: { name: 'Analytical Engines', slug: t.slug, logoUrl: null },
        invitedBy: 'Ada Owner',
        createdAt: NOW.toISOString(),
        expiresAt: '2026-03-09T12:00:00.000Z',
      },
    ]);
    expect(await call('acceptTeamInvitation', invitee.id, { params: { id } })).toEqual({
      status: 200,
      body: { id: t.id, name: 'Analytical Engines', slug: t.slug, logoUrl: null, role: 'admin' },
    });
    expect(await h.deps.teams.membership(t.id, invitee.id)).toMatchObject({ role: 'admin' });
    expect(await h.deps.teams.getInvitation(id)).toBeNull();
    expect((await call('listTeamInvitations', invitee.id)).body).toEqual([]);
    expect((await call('listTeams', invitee.id)).body).toEqual([
      expect.objectContaining({ slug: t.slug, role: 'admin' }),
    ]);
    // Accepting again: it is gone.
    expect(await call('acceptTeamInvitation', invitee.id, { params: { id } })).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'Invitation not found.' }),
    });
  });

  it('refuses an unverified account of the invited address and another account with the same 403, writing nothing', async () => {
    const owner = await account();
    const unverified = await account({ verified: false });
    const other = await account();
    const t = await team(owner);
    const invited = await call('inviteTeamMember', owner.id, {
      params: { slug: t.slug },
      body: { email: unverified.email, role: 'member' },
    });
    const id = String(invited.body.id);
    // An address not proven sees no invitation.
    expect((await call('listTeamInvitations', unverified.id)).body).toEqual([]);
    const before = await stored(t.id);
    for (const caller of [unverified, other]) {
      expect(await call('acceptTeamInvitation', caller.id, { params: { id } })).toEqual({
        status: 403,
        body: expect.objectContaining({ message: NOT_YOURS }),
      });
    }
    expect(await stored(t.id)).toEqual(before);
    expect(await h.deps.teams.getInvitation(id)).not.toBeNull();
    expect(await call('acceptTeamInvitation', null, { params: { id } })).toMatchObject({ status: 401 });
    expect(await call('acceptTeamInvitation', other.id, { params: { id: 'no-such-invitation' } })).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'Invitation not found.' }),
    });
  });

  it('expires 7 days after it was made: 410 then, nothing written; the owner sees it expired', async () => {
    const owner = await account();
    const invitee = await account();
    const t = await team(owner);
    const invited = await call('inviteTeamMember', owner.id, {
      params: { slug: t.slug },
      body: { email: invitee.email, role: 'member' },
    });
    const id = String(invited.body.id);
    try {
      h.at('2026-03-09T11:59:59Z');
      expect((await call('listTeamInvitations', invitee.id)).body).toEqual([expect.objectContaining({ id })]);
      h.at('2026-03-09T12:00:00Z');
      expect((await call('listTeamInvitations', invitee.id)).body).toEqual([]);
      const before = await stored(t.id);
      expect(await call('acceptTeamInvitation', invitee.id, { params: { id } })).toEqual({
        status: 410,
        body: expect.objectContaining({ message: EXPIRED, code: 'GONE' }),
      });
      expect(await stored(t.id)).toEqual(before);
      expect((await call('getTeam', owner.id, { params: { slug: t.slug } })).body.invitations).toEqual([
        expect.objectContaining({ id, expired: true }),
      ]);
      // Inviting again replaces it, valid 7 more days.
      const again = await call('inviteTeamMember', owner.id, {
        params: { slug: t.slug },
        body: { email: invitee.email, role: 'member' },
      });
      expect(again.body).toMatchObject({ expiresAt: '2026-03-16T12:00:00.000Z', expired: false });
      expect((await call('acceptTeamInvitation', invitee.id, { params: { id: String(again.body.id) } })).status).toBe(
        200,
      );
    } finally {
      h.at(NOW);
    }
  });

  it('replaces a pending invitation of the same address: one left, with a new id', async () => {
    const owner = await account();
    const t = await team(owner);
    const email = `twice-${unique()}@teams.test`;
    const first = await call('inviteTeamMember', owner.id, {
      params: { slug: t.slug },
      body: { email, role: 'member' },
    });
    const second = await call('inviteTeamMember', owner.id, {
      params: { slug: t.slug },
      body: { email, role: 'admin' },
    });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect((await stored(t.id)).invitations).toEqual([`${email}:admin:${String(second.body.id)}`]);
    expect(await h.deps.teams.getInvitation(String(first.body.id))).toBeNull();
  });

  it('answers 409 for an address that is a member already, and 400 for bad input, writing nothing', async () => {
    const owner = await account();
    const member = await account();
    const t = await team(owner);
    await join(t, owner, member, 'member');
    const before = await stored(t.id);
    expect(
      await call('inviteTeamMember', owner.id, {
        params: { slug: t.slug },
        body: { email: member.email.toUpperCase(), role: 'admin' },
      }),
    ).toEqual({
      status: 409,
      body: expect.objectContaining({ message: 'This person is already a member of the team.' }),
    });
    for (const [body, message] of [
      [{ email: 'new@teams.test', role: 'owner' }, 'Invite as admin or member.'],
      [{ email: 'not-an-address', role: 'member' }, 'Please enter a valid email address.'],
      [{ email: 'a@b.test\r\nBcc: x@y.test', role: 'member' }, 'Email must not contain line breaks.'],
      [{ role: 'member' }, 'Email is required.'],
      [{ email: 'new@teams.test', role: 'member', note: 'hi' }, 'Unknown field: "note".'],
    ] as const) {
      expect(await call('inviteTeamMember', owner.id, { params: { slug: t.slug }, body })).toEqual({
        status: 400,
        body: expect.objectContaining({ message }),
      });
    }
    expect(await stored(t.id)).toEqual(before);
  });

  it('lets owners and admins invite and revoke; a member gets 403, a stranger 404', async () => {
    const owner = await account();
    const admin = await account();
    const member = await account();
    const t = await team(owner);
    await join(t, owner, admin, 'admin');
    await join(t, admin, member, 'member');
    const invited = await call('inviteTeamMember', admin.id, {
      params: { slug: t.slug },
      body: { email: `x-${unique()}@teams.test`, role: 'member' },
    });
    const id = String(invited.body.id);
    const before = await stored(t.id);
    expect(
      await call('inviteTeamMember', member.id, {
        params: { slug: t.slug },
        body: { email: `y-${unique()}@teams.test`, role: 'member' },
      }),
    ).toEqual({
      status: 403,
      body: expect.objectContaining({ message: "Only the team's owners and admins can invite members." }),
    });
    expect(await call('revokeTeamInvitation', member.id, { params: { slug: t.slug, id } })).toEqual({
      status: 403,
      body: expect.objectContaining({ message: "Only the team's owners and admins can revoke invitations." }),
    });
    const stranger = await account();
    expect(await call('revokeTeamInvitation', stranger.id, { params: { slug: t.slug, id } })).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'Team not found.' }),
    });
    expect(
      await call('inviteTeamMember', stranger.id, {
        params: { slug: t.slug },
        body: { email: `z-${unique()}@teams.test`, role: 'member' },
      }),
    ).toMatchObject({ status: 404 });
    // A member sees the team, not its invitations.
    const seen = await call('getTeam', member.id, { params: { slug: t.slug } });
    expect(seen.body).toMatchObject({ role: 'member', invitations: [] });
    expect(await stored(t.id)).toEqual(before);
    // Another team's owner cannot revoke it through their own team.
    const elsewhere = await team(stranger);
    expect(await call('revokeTeamInvitation', stranger.id, { params: { slug: elsewhere.slug, id } })).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'Invitation not found.' }),
    });
    expect(await call('revokeTeamInvitation', admin.id, { params: { slug: t.slug, id } })).toEqual({
      status: 200,
      body: { message: 'The invitation was revoked.' },
    });
    expect(await h.deps.teams.getInvitation(id)).toBeNull();
    expect(await call('revokeTeamInvitation', owner.id, { params: { slug: t.slug, id } })).toMatchObject({
      status: 404,
    });
  });
});

describe('roles, removing and leaving', () => {
  it('applies the role rules: owners and admins manage, only an owner touches owners, a team keeps an owner', async () => {
    const owner = await account();
    const admin = await account();
    const member = await account();
    const t = await team(owner);
    await join(t, owner, admin, 'admin');
    // The member joins a minute later, so that "by joining" below is an order and not a tie.
    h.at(new Date(NOW.getTime() + 60_000));
    await join(t, owner, member, 'member');
    h.at(NOW);
    const params = (userId: string) => ({ slug: t.slug, userId });
    const refused = async (as: string, userId: string, role: string, status: number, message: string) => {
      const before = await stored(t.id);
      expect(await call('updateTeamMember', as, { params: params(userId), body: { role } })).toEqual({
        status,
        body: expect.objectContaining({ message }),
      });
      expect(await stored(t.id)).toEqual(before);
    };
    await refused(member.id, admin.id, 'member', 403, "Only the team's owners and admins can change roles.");
    await refused(admin.id, member.id, 'owner', 403, OWNER_ONLY);
    await refused(admin.id, owner.id, 'member', 403, OWNER_ONLY);
    await refused(owner.id, owner.id, 'admin', 409, LAST_OWNER);
    await refused(owner.id, 'nobody-here', 'admin', 404, 'Member not found.');
    await refused(owner.id, member.id, 'boss', 400, 'The role is owner, admin or member.');
    await refused((await account()).id, member.id, 'admin', 404, 'Team not found.');
    // An admin makes a member an admin and back; an owner makes an owner, who may then step down.
    expect(await call('updateTeamMember', admin.id, { params: params(member.id), body: { role: 'admin' } })).toEqual({
      status: 200,
      body: expect.objectContaining({ userId: member.id, role: 'admin', email: member.email, status: 'active' }),
    });
    expect(
      (await call('updateTeamMember', admin.id, { params: params(member.id), body: { role: 'member' } })).status,
    ).toBe(200);
    expect(
      (await call('updateTeamMember', owner.id, { params: params(admin.id), body: { role: 'owner' } })).status,
    ).toBe(200);
    expect(
      (await call('updateTeamMember', owner.id, { params: params(owner.id), body: { role: 'member' } })).status,
    ).toBe(200);
    expect((await stored(t.id)).members).toEqual(
      [`${owner.id}:member`, `${admin.id}:owner`, `${member.id}:member`].sort(),
    );
    // The members list: owners first, then admins, then members, each by joining.
    const detail = await call('getTeam', owner.id, { params: { slug: t.slug } });
    expect((detail.body.members as { userId: string }[]).map((m) => m.userId)).toEqual([admin.id, owner.id, member.id]);
  });

  it('keeps one owner when the two owners demote each other at once', async () => {
    const a = await account();
    const b = await account();
    const t = await team(a);
    await join(t, a, b, 'admin');
    expect(
      (await call('updateTeamMember', a.id, { params: { slug: t.slug, userId: b.id }, body: { role: 'owner' } }))
        .status,
    ).toBe(200);
    const answers = await Promise.all([
      call('updateTeamMember', a.id, { params: { slug: t.slug, userId: b.id }, body: { role: 'member' } }),
      call('updateTeamMember', b.id, { params: { slug: t.slug, userId: a.id }, body: { role: 'member' } }),
    ]);
    // One wins. The other is refused either way it meets the win: 409 when both read two owners and its write lost,
    // 403 when it read after the win, its caller by then no longer an owner (seen in a clean-clone run).
    const statuses = answers.map((answer) => answer.status).sort();
    expect([
      [200, 403],
      [200, 409],
    ]).toContainEqual(statuses);
    const { members } = await h.deps.teams.members(t.id);
    const owners = members.filter((member) => member.role === 'owner');
    expect(owners).toHaveLength(1);
    // The one left owner is the winner: the caller whose demotion of the other was answered 200.
    const winner = answers[0]!.status === 200 ? a : b;
    expect(owners[0]!.userId).toBe(winner.id);
  });

  it('lets a member leave, an admin remove a member, and refuses the rest, writing nothing', async () => {
    const owner = await account();
    const admin = await account();
    const member = await account();
    const other = await account();
    const t = await team(owner);
    await join(t, owner, admin, 'admin');
    await join(t, owner, member, 'member');
    await join(t, owner, other, 'member');
    const remove = (as: string, userId: string) => call('removeTeamMember', as, { params: { slug: t.slug, userId } });
    const refused = async (as: string, userId: string, status: number, message: string) => {
      const before = await stored(t.id);
      expect(await remove(as, userId)).toEqual({ status, body: expect.objectContaining({ message }) });
      expect(await stored(t.id)).toEqual(before);
    };
    await refused(member.id, other.id, 403, "Only the team's owners and admins can remove members.");
    await refused(admin.id, owner.id, 403, OWNER_ONLY);
    await refused(owner.id, owner.id, 409, LAST_OWNER);
    await refused(owner.id, 'nobody-here', 404, 'Member not found.');
    await refused((await account()).id, member.id, 404, 'Team not found.');
    expect(await remove(member.id, member.id)).toEqual({ status: 200, body: { message: 'You left Support Crew.' } });
    expect(await remove(admin.id, other.id)).toEqual({
      status: 200,
      body: { message: 'The member was removed from the team.' },
    });
    expect((await stored(t.id)).members).toEqual([`${owner.id}:owner`, `${admin.id}:admin`].sort());
    expect(await h.deps.teams.teamsOf(member.id)).toEqual([]);
    expect(await call('getTeam', member.id, { params: { slug: t.slug } })).toMatchObject({ status: 404 });
  });

  it("takes a removed member off the team's event types and moves the ones they published to an owner", async () => {
    const owner = await account();
    const second = await account();
    const member = await account();
    const t = await team(owner);
    await join(t, owner, second, 'admin');
    await join(t, owner, member, 'admin');
    const shared = await teamEvent(t.id, member.id, [owner.id, member.id]);
    const theirsAlone = await teamEvent(t.id, owner.id, [member.id]);
    const untouched = await teamEvent(t.id, second.id, [owner.id, second.id]);
    expect((await call('removeTeamMember', owner.id, { params: { slug: t.slug, userId: member.id } })).status).toBe(
      200,
    );
    const read = async (id: number) => (await h.deps.events.findById(id))!.event;
    expect(await read(shared.id)).toMatchObject({
      userId: owner.id,
      active: true,
      hosts: [{ userId: owner.id, fixed: false, weight: 100 }],
    });
    // Left with no host, it cannot be booked: it is deactivated.
    expect(await read(theirsAlone.id)).toMatchObject({ userId: owner.id, active: false, hosts: [] });
    expect(await read(untouched.id)).toMatchObject({ userId: second.id, active: true, hosts: untouched.hosts });
    // The team's screen lists its event types.
    const detail = await call('getTeam', owner.id, { params: { slug: t.slug } });
    expect((detail.body.events as { slug: string }[]).map((event) => event.slug)).toEqual([
      shared.slug,
      theirsAlone.slug,
      untouched.slug,
    ]);
  });
});

describe('the public page', () => {
  it("shows the team's active event types with their hosts' names and photos; 404 for an unknown team", async () => {
    const owner = await account({ name: 'Olive Owner' });
    const member = await account({ name: 'Max Member' });
    const t = await team(owner, 'Front Desk');
    await join(t, owner, member, 'member');
    const open = await teamEvent(t.id, owner.id, [owner.id, member.id]);
    await teamEvent(t.id, owner.id, [owner.id], false);
    expect(await call('getPublicTeam', null, { params: { slug: t.slug } })).toEqual({
      status: 200,
      body: {
        name: 'Front Desk',
        slug: t.slug,
        logoUrl: null,
        events: [
          {
            title: open.title,
            slug: open.slug,
            description: open.description,
            duration: open.duration,
            schedulingType: 'round-robin',
            hosts: [
              { name: 'Olive Owner', photoUrl: owner.photoUrl },
              { name: 'Max Member', photoUrl: member.photoUrl },
            ],
          },
        ],
      },
    });
    // Not a team slug at all: 400 with the same message (as the event routes' slugs).
    for (const [slug, status] of [
      ['no-such-team', 404],
      ['Bad_Slug', 400],
    ] as const) {
      expect(await call('getPublicTeam', null, { params: { slug } })).toEqual({
        status,
        body: expect.objectContaining({ message: 'Team not found.' }),
      });
    }
  });
});

describe('the invitation mail', () => {
  it('goes out from the stream once per invitation, with the link to the invitations screen', async () => {
    const owner = await account({ name: 'Mia Mailer' });
    const t = await team(owner, 'Mail Room');
    const email = `mail-${unique()}@teams.test`;
    const invited = await call('inviteTeamMember', owner.id, {
      params: { slug: t.slug },
      body: { email, role: 'member' },
    });
    expect(await mailsTo(email)).toEqual([]);
    await h.drain();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Mia Mailer invited you to join Mail Room on Meetwise');
    expect(mails[0]!.body.text).toContain(`${h.config.siteUrl}/teams/invitations`);
    expect(mails[0]!.body.text).toContain('as a member');
    expect(mails[0]!.body.html).toContain(`<a href="${h.config.siteUrl}/teams/invitations"`);
    expect(mails[0]!.body.html).toContain('join the team Mail Room on Meetwise as a member.');
    // The record delivered again: no second mail.
    const record = h.delivered.find((change) => change.dynamodb?.NewImage?.id?.S === invited.body.id);
    expect(record).toBeDefined();
    const answer = await h.notify({ Records: [record!] }, h.context());
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(await mailsTo(email)).toHaveLength(1);
    // One revoked before the stream got to it is not mailed.
    const late = `late-${unique()}@teams.test`;
    const revoked = await call('inviteTeamMember', owner.id, {
      params: { slug: t.slug },
      body: { email: late, role: 'admin' },
    });
    await call('revokeTeamInvitation', owner.id, { params: { slug: t.slug, id: String(revoked.body.id) } });
    await h.drain();
    expect(await mailsTo(late)).toEqual([]);
  });
});

describe('deleting an account', () => {
  it("makes the sole owner's longest-standing admin the owner, and deletes a team left with nobody", async () => {
    const owner = await account();
    const member = await account();
    const firstAdmin = await account();
    const laterAdmin = await account();
    const shared = await team(owner);
    await join(shared, owner, member, 'member');
    h.at('2026-03-02T13:00:00Z');
    await join(shared, owner, firstAdmin, 'admin');
    h.at('2026-03-02T14:00:00Z');
    await join(shared, owner, laterAdmin, 'admin');
    h.at(NOW);
    const alone = await team(owner, 'Solo');
    const aloneEvent = await teamEvent(alone.id, owner.id, [owner.id]);
    const sharedEvent = await teamEvent(shared.id, owner.id, [owner.id, member.id]);
    expect((await call('deleteAccount', owner.id)).status).toBe(200);
    expect((await stored(shared.id)).members).toEqual(
      [`${member.id}:member`, `${firstAdmin.id}:owner`, `${laterAdmin.id}:admin`].sort(),
    );
    expect((await h.deps.events.findById(sharedEvent.id))!.event).toMatchObject({
      userId: firstAdmin.id,
      hosts: [{ userId: member.id }],
    });
    // The team with nobody left is gone with its slug (free again); its event type is deactivated.
    expect(await h.deps.teams.get(alone.id)).toBeNull();
    expect(await h.deps.teams.findBySlug(alone.slug)).toBeNull();
    expect((await h.deps.events.findById(aloneEvent.id))!.event.active).toBe(false);
    const next = await account();
    expect((await call('createTeam', next.id, { body: { name: 'Solo again', slug: alone.slug } })).status).toBe(201);
    expect(await h.deps.teams.teamsOf(owner.id)).toEqual([]);
  });
});
