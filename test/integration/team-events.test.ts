import { randomBytes, randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { routes } from '#shared/api/routes';
import { TRIAL_EXPIRED_ACTIVATION_MESSAGE } from '#shared/constants';
import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { keys } from '#functions/adapters/dynamodb/keys';
import { SESSION_COOKIE } from '#functions/adapters/sessions/signed-cookie';
import { composeDeps } from '#functions/composition';
import { utcDay } from '#functions/domain/booking';
import type { BookingRecord, TeamRecord, TeamRole } from '#functions/domain/records';
import { run as listBookingsRun } from '#functions/handlers/listBookings';
import { httpRoute } from '#functions/http/route-handler';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { eventBody } from '#test/support/event-body';
import { depsAs, integrationConfig, startAppServer, tableReader } from '#test/support/local-stack';

/**
 * Team event types through the event API (issue 28): created, listed, read, edited, duplicated and deleted by a
 * team's owners and admins, seen read-only by its members, unknown to anyone else; every refusal with its exact
 * status and message and nothing written. Then the public event's team fields and GET /api/bookings' team fields.
 * Teams and memberships are written through the TeamRepository (the teams routes have tests of their own).
 */

const config = integrationConfig();
const deps = composeDeps(config);
const db = createDocumentClient(createDynamoClient(config));
const table = tableReader(config);
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(() => app.close());

const unique = () => randomBytes(4).toString('hex');

async function call(method: string, path: string, options: { body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? jsonHeaders : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

interface Host {
  id: string;
  name: string;
  cookie: string;
}

/** A new host, signed in (a new account has the built-in calendar connected). */
async function newHost(name = 'Hedy Lamarr'): Promise<Host> {
  const account = { name, email: `team.${unique()}@example.com`, password: 'frequency-hop' };
  expect((await call('POST', '/api/auth/register', { body: account })).status).toBe(201);
  const login = await fetch(`${app.baseUrl}/api/login`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    .split(';')[0]!;
  const user = await deps.accounts.findByEmail(account.email);
  return { id: user!.id, name, cookie };
}

/** A team with these members (the first is its owner). */
async function newTeam(members: [Host, TeamRole][], logoUrl: string | null = null): Promise<TeamRecord> {
  const now = new Date().toISOString();
  const team: TeamRecord = {
    id: randomUUID(),
    name: `Team ${unique()}`,
    slug: `team-${unique()}`,
    logoUrl,
    createdAt: now,
    createdBy: members[0]![0].id,
  };
  expect(
    await deps.teams.create(team, { teamId: team.id, userId: members[0]![0].id, role: 'owner', joinedAt: now }),
  ).toBe('created');
  for (const [host, role] of members.slice(1))
    await deps.teams.putMember({ teamId: team.id, userId: host.id, role, joinedAt: now });
  return team;
}

/** The editor's body of a team event type. */
const teamEventBody = (
  team: TeamRecord,
  hosts: { userId: string; fixed?: boolean; weight?: number }[],
  overrides: Record<string, unknown> = {},
) => eventBody({ teamSlug: team.slug, schedulingType: 'collective', hosts, ...overrides });

const MANAGERS_ONLY = "Only the team's owners and admins can create or change its event types.";
const NOT_FOUND = { message: 'Event not found.' };
const TEAM_NOT_FOUND = { message: 'Team not found.' };

/** The event types listed under a team's index, and under a host's. */
const teamIndex = async (teamId: string) => table.byGsi1(`TEAM#${teamId}#EVENTS`);
const hostIndex = async (userId: string) => table.byGsi1(`HOST#${userId}#EVENTS`);

/** Moves the account's creation 8 days back: its 7-day trial has ended. */
async function endTrial(userId: string) {
  await db.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET createdAt = :c',
      ExpressionAttributeValues: { ':c': new Date(Date.now() - 8 * 86_400_000).toISOString() },
    }),
  );
}

/** An owner, an admin, a member and an outsider, with a team of the first three. */
async function cast() {
  const [owner, admin, member, outsider] = [
    await newHost('Olive Owner'),
    await newHost('Ada Admin'),
    await newHost('Max Member'),
    await newHost('Otto Outsider'),
  ];
  const team = await newTeam([
    [owner, 'owner'],
    [admin, 'admin'],
    [member, 'member'],
  ]);
  return { owner, admin, member, outsider, team };
}

let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast();
});

describe('creating a team event type (POST /api/events)', () => {
  it("creates a collective event under the team's index, with its team and hosts in the answer", async () => {
    const { owner, member, team } = people;
    const body = teamEventBody(team, [{ userId: owner.id }, { userId: member.id }]);
    const created = await call('POST', '/api/events', { body, cookie: owner.cookie });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: body.slug,
      userId: owner.id,
      active: true,
      teamSlug: team.slug,
      teamName: team.name,
      schedulingType: 'collective',
      hosts: [
        { userId: owner.id, name: 'Olive Owner', photoUrl: null, fixed: false, weight: 100 },
        { userId: member.id, name: 'Max Member', photoUrl: null, fixed: false, weight: 100 },
      ],
      teamRole: 'owner',
      hostPhotoUrl: null,
    });
    const listed = await teamIndex(team.id);
    expect(listed.map((item) => item.id)).toContain(created.body.id);
    expect((await hostIndex(owner.id)).map((item) => item.id)).not.toContain(created.body.id);
    const stored = (await deps.events.findById(created.body.id))!.event;
    expect(stored).toMatchObject({ teamId: team.id, schedulingType: 'collective', userId: owner.id });
    expect(stored).not.toHaveProperty('teamSlug');
    expect((await deps.events.listByTeam(team.id)).map((event) => event.id)).toContain(created.body.id);
  });

  it('lets an admin create a round-robin event with fixed hosts and weights', async () => {
    const { owner, admin, member, team } = people;
    const body = teamEventBody(
      team,
      [{ userId: owner.id, fixed: true }, { userId: admin.id, weight: 300 }, { userId: member.id }],
      { schedulingType: 'round-robin' },
    );
    const created = await call('POST', '/api/events', { body, cookie: admin.cookie });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: admin.id,
      schedulingType: 'round-robin',
      teamRole: 'admin',
      hosts: [
        { userId: owner.id, fixed: true, weight: 100 },
        { userId: admin.id, fixed: false, weight: 300 },
        { userId: member.id, fixed: false, weight: 100 },
      ],
    });
  });

  it("shows the team's logo as the host photo", async () => {
    const owner = await newHost();
    const team = await newTeam([[owner, 'owner']], '/photos/team/logo.png');
    const created = await call('POST', '/api/events', {
      body: teamEventBody(team, [{ userId: owner.id }]),
      cookie: owner.cookie,
    });
    expect(created).toMatchObject({ status: 201, body: { hostPhotoUrl: '/photos/team/logo.png' } });
  });

  const refusals: [string, () => { who: Host; body: Record<string, unknown> }, number, () => string][] = [
    [
      'a member (403)',
      () => ({ who: people.member, body: teamEventBody(people.team, [{ userId: people.member.id }]) }),
      403,
      () => MANAGERS_ONLY,
    ],
    [
      'someone outside the team (404)',
      () => ({ who: people.outsider, body: teamEventBody(people.team, [{ userId: people.owner.id }]) }),
      404,
      () => 'Team not found.',
    ],
    [
      'an unknown team (404)',
      () => ({
        who: people.owner,
        body: eventBody({ teamSlug: `nope-${unique()}`, schedulingType: 'collective', hosts: [{ userId: 'x' }] }),
      }),
      404,
      () => 'Team not found.',
    ],
    [
      'a host who is not a member (400)',
      () => ({
        who: people.owner,
        body: teamEventBody(people.team, [{ userId: people.owner.id }, { userId: people.outsider.id }]),
      }),
      400,
      () => `Every host must be a member of ${people.team.name}: ${people.outsider.id} is not.`,
    ],
  ];
  for (const [label, setup, status, message] of refusals) {
    it(`refuses ${label} and writes nothing`, async () => {
      const { who, body } = setup();
      const before = (await teamIndex(people.team.id)).length;
      const result = await call('POST', '/api/events', { body, cookie: who.cookie });
      expect(result).toMatchObject({ status, body: { message: message() } });
      expect(await deps.events.findIdBySlug(String(body.slug))).toBeNull();
      expect(await teamIndex(people.team.id)).toHaveLength(before);
      expect(await hostIndex(who.id)).toEqual([]);
    });
  }

  it('names every host who is not a member in the details', async () => {
    const { owner, outsider, team } = people;
    const stranger = await newHost();
    const result = await call('POST', '/api/events', {
      body: teamEventBody(team, [{ userId: outsider.id }, { userId: owner.id }, { userId: stranger.id }]),
      cookie: owner.cookie,
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(
      `Every host must be a member of ${team.name}: ${outsider.id}, ${stranger.id} are not.`,
    );
    expect(result.body.details).toEqual([
      { path: 'hosts.0.userId', message: `${outsider.id} is not a member of ${team.name}.` },
      { path: 'hosts.2.userId', message: `${stranger.id} is not a member of ${team.name}.` },
    ]);
  });

  const bad: [string, (team: TeamRecord, userId: string) => Record<string, unknown>, string][] = [
    [
      'a team without hosts or scheduling type',
      (team) => ({ teamSlug: team.slug }),
      'Please choose how the team is booked: collective or round-robin.',
    ],
    [
      'a team without hosts',
      (team) => ({ teamSlug: team.slug, schedulingType: 'collective' }),
      'Please choose at least one host.',
    ],
    [
      'hosts without a team',
      (_team, userId) => ({ schedulingType: 'collective', hosts: [{ userId }] }),
      'Please choose the team whose members host the event.',
    ],
    [
      'an empty list of hosts',
      (team) => ({ teamSlug: team.slug, schedulingType: 'collective', hosts: [] }),
      'Please choose at least one host.',
    ],
    [
      'a host chosen twice',
      (team, userId) => ({ teamSlug: team.slug, schedulingType: 'round-robin', hosts: [{ userId }, { userId }] }),
      'Each host can be chosen only once.',
    ],
    [
      'a fixed host on a collective event',
      (team, userId) => ({ teamSlug: team.slug, schedulingType: 'collective', hosts: [{ userId, fixed: true }] }),
      'Fixed hosts are for round-robin events: on a collective event every host attends.',
    ],
    [
      'a round-robin event whose hosts are all fixed',
      (team, userId) => ({ teamSlug: team.slug, schedulingType: 'round-robin', hosts: [{ userId, fixed: true }] }),
      'A round-robin event needs at least one host who is not fixed.',
    ],
    [
      'a weight of 0',
      (team, userId) => ({ teamSlug: team.slug, schedulingType: 'round-robin', hosts: [{ userId, weight: 0 }] }),
      'The weight must be a whole number from 1 to 1000.',
    ],
    [
      'a weight of 1001',
      (team, userId) => ({ teamSlug: team.slug, schedulingType: 'round-robin', hosts: [{ userId, weight: 1001 }] }),
      'The weight must be a whole number from 1 to 1000.',
    ],
    [
      'a weight of 1.5',
      (team, userId) => ({ teamSlug: team.slug, schedulingType: 'round-robin', hosts: [{ userId, weight: 1.5 }] }),
      'The weight must be a whole number from 1 to 1000.',
    ],
    [
      'an unknown scheduling type',
      (team, userId) => ({ teamSlug: team.slug, schedulingType: 'lottery', hosts: [{ userId }] }),
      'The scheduling type is collective or round-robin.',
    ],
    [
      'a host without a userId',
      (team) => ({ teamSlug: team.slug, schedulingType: 'collective', hosts: [{ weight: 5 }] }),
      'Each host needs the userId of a team member.',
    ],
    [
      'an unknown field on a host',
      (team, userId) => ({ teamSlug: team.slug, schedulingType: 'collective', hosts: [{ userId, role: 'x' }] }),
      'Unknown field: "role".',
    ],
    [
      'a malformed team slug',
      (_team, userId) => ({ teamSlug: 'Not A Slug', schedulingType: 'collective', hosts: [{ userId }] }),
      'Please choose one of your teams.',
    ],
  ];
  for (const [label, change, message] of bad) {
    it(`refuses ${label} with 400 and writes nothing`, async () => {
      const { owner, team } = people;
      const body = eventBody(change(team, owner.id));
      const before = (await teamIndex(team.id)).length;
      const result = await call('POST', '/api/events', { body, cookie: owner.cookie });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(message);
      expect(await deps.events.findIdBySlug(String(body.slug))).toBeNull();
      expect(await teamIndex(team.id)).toHaveLength(before);
    });
  }

  it('keeps a personal event personal for a client that sends no team fields (or nulls)', async () => {
    const host = await newHost();
    for (const body of [eventBody(), eventBody({ teamSlug: null, schedulingType: null, hosts: null })]) {
      const created = await call('POST', '/api/events', { body, cookie: host.cookie });
      expect(created).toMatchObject({
        status: 201,
        body: { teamSlug: null, teamName: null, schedulingType: null, hosts: null, teamRole: null },
      });
    }
    expect(await hostIndex(host.id)).toHaveLength(2);
  });
});

describe('reading team event types', () => {
  it('lists the personal and team event types of every team of the caller, newest first, marked', async () => {
    const owner = await newHost('Olive Owner');
    const member = await newHost('Max Member');
    const outsider = await newHost();
    const team = await newTeam([
      [owner, 'owner'],
      [member, 'member'],
    ]);
    const first = await call('POST', '/api/events', { body: eventBody(), cookie: owner.cookie });
    const teamEvent = await call('POST', '/api/events', {
      body: teamEventBody(team, [{ userId: member.id }]),
      cookie: owner.cookie,
    });
    const last = await call('POST', '/api/events', { body: eventBody(), cookie: owner.cookie });
    const mine = await call('GET', '/api/events', { cookie: owner.cookie });
    expect(mine.body.map((event: { id: number }) => event.id)).toEqual([
      last.body.id,
      teamEvent.body.id,
      first.body.id,
    ]);
    expect(mine.body[1]).toEqual(teamEvent.body);
    expect(mine.body[0]).toMatchObject({ teamSlug: null, teamRole: null });

    const theirs = await call('GET', '/api/events', { cookie: member.cookie });
    expect(theirs.body).toEqual([{ ...teamEvent.body, teamRole: 'member' }]);
    expect((await call('GET', '/api/events', { cookie: outsider.cookie })).body).toEqual([]);

    // One event, by id and by slug: a member reads it, an outsider does not find it.
    for (const path of [`/api/events/${teamEvent.body.id}`, `/api/events/slug/${teamEvent.body.slug}`]) {
      expect(await call('GET', path, { cookie: owner.cookie })).toEqual({ status: 200, body: teamEvent.body });
      expect(await call('GET', path, { cookie: member.cookie })).toEqual({
        status: 200,
        body: { ...teamEvent.body, teamRole: 'member' },
      });
      expect(await call('GET', path, { cookie: outsider.cookie })).toEqual({
        status: 404,
        body: expect.objectContaining(NOT_FOUND),
      });
    }
    expect(
      (await call('GET', `/api/events/${teamEvent.body.slug}/date-overrides`, { cookie: member.cookie })).status,
    ).toBe(200);
  });
});

describe('changing a team event type', () => {
  const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

  async function teamEvent(by: Host = people.owner) {
    const created = await call('POST', '/api/events', {
      body: teamEventBody(people.team, [{ userId: people.owner.id }, { userId: people.member.id }]),
      cookie: by.cookie,
    });
    expect(created.status).toBe(201);
    return created.body as { id: number; slug: string; title: string; updatedAt: string };
  }

  it('lets an admin edit it: hosts, scheduling type and fields', async () => {
    const event = await teamEvent();
    const edited = await call('PATCH', `/api/events/${event.slug}`, {
      body: teamEventBody(
        people.team,
        [
          { userId: people.admin.id, fixed: true },
          { userId: people.member.id, weight: 50 },
        ],
        { slug: event.slug, title: 'Sales call', schedulingType: 'round-robin' },
      ),
      cookie: people.admin.cookie,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Sales call',
      userId: people.owner.id,
      teamSlug: people.team.slug,
      schedulingType: 'round-robin',
      teamRole: 'admin',
      hosts: [
        { userId: people.admin.id, name: 'Ada Admin', fixed: true, weight: 100 },
        { userId: people.member.id, name: 'Max Member', fixed: false, weight: 50 },
      ],
    });
  });

  it('keeps its team for a client that sends no team fields, and for the toggle', async () => {
    const event = await teamEvent();
    const edited = await call('PATCH', `/api/events/${event.slug}`, {
      body: eventBody({ slug: event.slug, title: 'Renamed' }),
      cookie: people.owner.cookie,
    });
    expect(edited).toMatchObject({
      status: 200,
      body: { title: 'Renamed', teamSlug: people.team.slug, schedulingType: 'collective' },
    });
    expect(edited.body.hosts).toHaveLength(2);
    const toggled = await call('PATCH', `/api/events/${event.slug}`, {
      body: { active: false },
      cookie: people.admin.cookie,
    });
    expect(toggled).toMatchObject({ status: 200, body: { active: false, teamSlug: people.team.slug } });
    expect((await teamIndex(people.team.id)).map((item) => item.id)).toContain(event.id);
  });

  it('refuses a member (403) and an outsider (404) on every change, and changes nothing', async () => {
    const event = await teamEvent();
    await call('POST', `/api/events/${event.slug}/date-overrides`, {
      body: { date: tomorrow(), available: false },
      cookie: people.owner.cookie,
    });
    const before = await deps.events.findById(event.id);
    const attempts: [string, string, unknown?][] = [
      ['PATCH', `/api/events/${event.slug}`, { active: false }],
      ['PATCH', `/api/events/${event.slug}`, eventBody({ slug: event.slug, title: 'Hijacked' })],
      [
        'PATCH',
        `/api/events/${event.slug}`,
        teamEventBody(people.team, [{ userId: people.member.id }], { slug: event.slug }),
      ],
      ['DELETE', `/api/events/${event.slug}`],
      ['POST', `/api/events/${event.id}/duplicate`, {}],
      ['POST', `/api/events/${event.slug}/date-overrides`, { date: tomorrow(), available: true }],
      ['POST', '/api/date-overrides', { date: tomorrow(), available: true, eventId: event.id }],
      ['DELETE', `/api/date-overrides/${event.id}.${tomorrow()}`],
    ];
    for (const [method, path, body] of attempts) {
      const asMember = await call(method, path, { body, cookie: people.member.cookie });
      expect(asMember, `${method} ${path} as a member`).toMatchObject({
        status: 403,
        body: { message: MANAGERS_ONLY },
      });
      const asOutsider = await call(method, path, { body, cookie: people.outsider.cookie });
      expect(asOutsider.status, `${method} ${path} as an outsider`).toBe(404);
    }
    expect(await deps.events.findById(event.id)).toEqual(before);
    expect(
      (await teamIndex(people.team.id)).filter((item) => String(item.slug).startsWith(`${event.slug}-copy`)),
    ).toEqual([]);
  });

  it('refuses a host who is not a member (400) and changes nothing', async () => {
    const event = await teamEvent();
    const before = await deps.events.findById(event.id);
    const result = await call('PATCH', `/api/events/${event.slug}`, {
      body: teamEventBody(people.team, [{ userId: people.outsider.id }], { slug: event.slug }),
      cookie: people.admin.cookie,
    });
    expect(result).toMatchObject({
      status: 400,
      body: { message: `Every host must be a member of ${people.team.name}: ${people.outsider.id} is not.` },
    });
    expect(await deps.events.findById(event.id)).toEqual(before);
  });

  it("refuses an edit whose team fields break the editor's rules (400) and changes nothing", async () => {
    const event = await teamEvent();
    const before = await deps.events.findById(event.id);
    const edits: [Record<string, unknown>, string][] = [
      [
        { hosts: [{ userId: people.owner.id, fixed: true }] },
        'Fixed hosts are for round-robin events: on a collective event every host attends.',
      ],
      [{ hosts: [] }, 'Please choose at least one host.'],
      [{ schedulingType: null }, 'Please choose how the team is booked: collective or round-robin.'],
      [
        { teamSlug: null, hosts: [{ userId: people.owner.id }] },
        'Please choose the team whose members host the event.',
      ],
    ];
    for (const [change, message] of edits) {
      const result = await call('PATCH', `/api/events/${event.slug}`, {
        body: teamEventBody(people.team, [{ userId: people.owner.id }], { slug: event.slug, ...change }),
        cookie: people.owner.cookie,
      });
      expect(result, message).toMatchObject({ status: 400, body: { message } });
    }
    expect(await deps.events.findById(event.id)).toEqual(before);
  });

  it('refuses moving it to another team (400) and changes nothing', async () => {
    const event = await teamEvent();
    const other = await newTeam([[people.owner, 'owner']]);
    const before = await deps.events.findById(event.id);
    const result = await call('PATCH', `/api/events/${event.slug}`, {
      body: teamEventBody(other, [{ userId: people.owner.id }], { slug: event.slug }),
      cookie: people.owner.cookie,
    });
    expect(result).toMatchObject({
      status: 400,
      body: { message: 'An event cannot move to another team. Please create it in that team instead.' },
    });
    expect(await deps.events.findById(event.id)).toEqual(before);
    expect(await teamIndex(other.id)).toEqual([]);
  });

  it('makes it personal only for the account that publishes it (another admin: 403)', async () => {
    const event = await teamEvent(people.owner);
    const before = await deps.events.findById(event.id);
    const refused = await call('PATCH', `/api/events/${event.slug}`, {
      body: eventBody({ slug: event.slug, teamSlug: null }),
      cookie: people.admin.cookie,
    });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        message:
          'Only the account that publishes this team event can make it a personal event. Please duplicate it instead.',
      },
    });
    expect(await deps.events.findById(event.id)).toEqual(before);

    const personal = await call('PATCH', `/api/events/${event.slug}`, {
      body: eventBody({ slug: event.slug, teamSlug: null }),
      cookie: people.owner.cookie,
    });
    expect(personal).toMatchObject({
      status: 200,
      body: { userId: people.owner.id, teamSlug: null, schedulingType: null, hosts: null, teamRole: null },
    });
    const stored = (await deps.events.findById(event.id))!.event;
    expect(stored).not.toHaveProperty('teamId');
    expect(stored).not.toHaveProperty('hosts');
    expect((await hostIndex(people.owner.id)).map((item) => item.id)).toContain(event.id);
    expect((await teamIndex(people.team.id)).map((item) => item.id)).not.toContain(event.id);
    // Personal again: the team's admin and member no longer find it.
    expect((await call('GET', `/api/events/${event.id}`, { cookie: people.admin.cookie })).status).toBe(404);
  });

  it("makes a personal event a team's when its host manages the team; a member of the team may not (403)", async () => {
    const personal = await call('POST', '/api/events', { body: eventBody(), cookie: people.member.cookie });
    const before = await deps.events.findById(personal.body.id);
    const refused = await call('PATCH', `/api/events/${personal.body.slug}`, {
      body: teamEventBody(people.team, [{ userId: people.member.id }], { slug: personal.body.slug }),
      cookie: people.member.cookie,
    });
    expect(refused).toMatchObject({ status: 403, body: { message: MANAGERS_ONLY } });
    expect(await deps.events.findById(personal.body.id)).toEqual(before);

    const mine = await call('POST', '/api/events', { body: eventBody(), cookie: people.admin.cookie });
    const moved = await call('PATCH', `/api/events/${mine.body.slug}`, {
      body: teamEventBody(people.team, [{ userId: people.member.id }], { slug: mine.body.slug }),
      cookie: people.admin.cookie,
    });
    expect(moved).toMatchObject({
      status: 200,
      body: { userId: people.admin.id, teamSlug: people.team.slug, teamRole: 'admin' },
    });
    expect((await hostIndex(people.admin.id)).map((item) => item.id)).not.toContain(mine.body.id);
    expect((await teamIndex(people.team.id)).map((item) => item.id)).toContain(mine.body.id);
    // An outsider's personal event cannot be moved into a team they are not in (404 for the team).
    const theirs = await call('POST', '/api/events', { body: eventBody(), cookie: people.outsider.cookie });
    expect(
      await call('PATCH', `/api/events/${theirs.body.slug}`, {
        body: teamEventBody(people.team, [{ userId: people.member.id }], { slug: theirs.body.slug }),
        cookie: people.outsider.cookie,
      }),
    ).toMatchObject({ status: 404, body: TEAM_NOT_FOUND });
  });

  it("checks the publisher's plan when another admin activates it (402)", async () => {
    const owner = await newHost();
    const admin = await newHost();
    const team = await newTeam([
      [owner, 'owner'],
      [admin, 'admin'],
    ]);
    const created = await call('POST', '/api/events', {
      body: teamEventBody(team, [{ userId: admin.id }], { active: false }),
      cookie: owner.cookie,
    });
    expect(created.status).toBe(201);
    await endTrial(owner.id);
    expect(
      await call('PATCH', `/api/events/${created.body.slug}`, { body: { active: true }, cookie: admin.cookie }),
    ).toMatchObject({ status: 402, body: { message: TRIAL_EXPIRED_ACTIVATION_MESSAGE } });
    expect((await deps.events.findById(created.body.id))!.event.active).toBe(false);
  });

  it('duplicates it in the team for an admin, who publishes the copy', async () => {
    const event = await teamEvent(people.owner);
    const copy = await call('POST', `/api/events/${event.id}/duplicate`, { body: {}, cookie: people.admin.cookie });
    expect(copy).toMatchObject({
      status: 201,
      body: {
        slug: `${event.slug}-copy`,
        userId: people.admin.id,
        teamSlug: people.team.slug,
        schedulingType: 'collective',
      },
    });
    expect(copy.body.hosts.map((host: { userId: string }) => host.userId)).toEqual([people.owner.id, people.member.id]);
    expect((await teamIndex(people.team.id)).map((item) => item.id)).toContain(copy.body.id);
  });

  it('lets an admin add date exceptions and delete it; its slug is free again', async () => {
    const event = await teamEvent(people.owner);
    const override = await call('POST', `/api/events/${event.slug}/date-overrides`, {
      body: { date: tomorrow(), available: false },
      cookie: people.admin.cookie,
    });
    expect(override.status).toBe(200);
    const deleted = await call('DELETE', `/api/events/${event.slug}`, { cookie: people.admin.cookie });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Event deleted' } });
    expect(await deps.events.findById(event.id)).toBeNull();
    expect(await deps.events.findIdBySlug(event.slug)).toBeNull();
    expect((await teamIndex(people.team.id)).map((item) => item.id)).not.toContain(event.id);
  });
});

describe('GET /api/events/public/{slug} of a team event type', () => {
  it("shows the team as the host, with its logo, how it is booked and its hosts' names and photos", async () => {
    const owner = await newHost('Olive Owner');
    const member = await newHost('Max Member');
    await db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.userProfile(member.id),
        UpdateExpression: 'SET photoUrl = :p',
        ExpressionAttributeValues: { ':p': `/photos/${member.id}/me.png` },
      }),
    );
    const team = await newTeam(
      [
        [owner, 'owner'],
        [member, 'member'],
      ],
      '/photos/team/logo.png',
    );
    const created = await call('POST', '/api/events', {
      body: teamEventBody(team, [{ userId: member.id }, { userId: owner.id }]),
      cookie: owner.cookie,
    });
    const page = await call('GET', `/api/events/public/${created.body.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      userId: owner.id,
      hostName: team.name,
      hostPhotoUrl: '/photos/team/logo.png',
      team: { name: team.name, slug: team.slug, logoUrl: '/photos/team/logo.png' },
      schedulingType: 'collective',
      hosts: [
        { name: 'Max Member', photoUrl: `/photos/${member.id}/me.png` },
        { name: 'Olive Owner', photoUrl: null },
      ],
      acceptingBookings: true,
    });
    // The hosts' accounts stay private: names and photos only.
    expect(Object.keys(page.body.hosts[0]).sort()).toEqual(['name', 'photoUrl']);
  });

  it('takes bookings only when the hosts it needs have a calendar connected', async () => {
    const [owner, fixed, poolA, poolB] = [await newHost(), await newHost(), await newHost(), await newHost()];
    const team = await newTeam([
      [owner, 'owner'],
      [fixed, 'member'],
      [poolA, 'member'],
      [poolB, 'member'],
    ]);
    const disconnect = async (host: Host) =>
      deps.hosts.removeCalendar(host.id, (await deps.hosts.get(host.id))!.calendar);
    const collective = await call('POST', '/api/events', {
      body: teamEventBody(team, [{ userId: fixed.id }, { userId: poolA.id }, { userId: poolB.id }]),
      cookie: owner.cookie,
    });
    const roundRobin = await call('POST', '/api/events', {
      body: teamEventBody(team, [{ userId: fixed.id, fixed: true }, { userId: poolA.id }, { userId: poolB.id }], {
        schedulingType: 'round-robin',
      }),
      cookie: owner.cookie,
    });
    const accepting = async (slug: string) =>
      (await call('GET', `/api/events/public/${slug}`)).body.acceptingBookings as boolean;

    expect(await accepting(collective.body.slug)).toBe(true);
    expect(await accepting(roundRobin.body.slug)).toBe(true);
    await disconnect(poolA);
    // Collective: every host is needed. Round-robin: one of the pool is enough.
    expect(await accepting(collective.body.slug)).toBe(false);
    expect(await accepting(roundRobin.body.slug)).toBe(true);
    await disconnect(poolB);
    expect(await accepting(roundRobin.body.slug)).toBe(false);
    const another = await call('POST', '/api/events', {
      body: teamEventBody(team, [{ userId: fixed.id, fixed: true }, { userId: owner.id }], {
        schedulingType: 'round-robin',
      }),
      cookie: owner.cookie,
    });
    expect(await accepting(another.body.slug)).toBe(true);
    // A fixed host always attends: without their calendar nothing can be booked.
    await disconnect(fixed);
    expect(await accepting(another.body.slug)).toBe(false);
  });

  it('answers null team fields for a personal event', async () => {
    const host = await newHost();
    const created = await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie });
    expect((await call('GET', `/api/events/public/${created.body.slug}`)).body).toMatchObject({
      hostName: 'Hedy Lamarr',
      team: null,
      schedulingType: null,
      hosts: null,
      acceptingBookings: true,
    });
  });
});

describe('GET /api/bookings with team bookings', () => {
  /** A booking as the ledger stores it: the booking under its first host, a hold under each other one. */
  async function putBooking(booking: BookingRecord) {
    const day = utcDay(Date.parse(booking.start));
    await db.send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...keys.booking(booking.hostId, day, booking.start, booking.id),
          ...keys.bookingIndex(booking.start, booking.id),
          type: 'Booking',
          ...booking,
        },
      }),
    );
    for (const member of (booking.hostIds ?? []).slice(1)) {
      await db.send(
        new PutCommand({
          TableName: config.tableName,
          // Even were a hold in the admin's index too, the list names each booking once.
          Item: {
            ...keys.booking(member, day, booking.start, booking.id),
            ...keys.bookingIndex(booking.start, booking.id),
            type: 'BookingHold',
            ...booking,
          },
        }),
      );
    }
  }

  const booking = (fields: Partial<BookingRecord> & Pick<BookingRecord, 'hostId' | 'start'>): BookingRecord => ({
    id: randomUUID(),
    eventId: 4242,
    eventTitle: 'Team call',
    eventSlug: `team-call-${unique()}`,
    name: 'Grace Hopper',
    email: 'grace@example.com',
    additionalInfo: null,
    guests: [],
    end: new Date(Date.parse(fields.start) + 30 * 60_000).toISOString(),
    blockedStart: fields.start,
    blockedEnd: new Date(Date.parse(fields.start) + 30 * 60_000).toISOString(),
    status: 'confirmed',
    guestTimeZone: 'Europe/Berlin',
    calendarProvider: 'builtin',
    calendarEventId: null,
    createdAt: new Date().toISOString(),
    ...fields,
  });

  const list = async (userId: string, isAdmin: boolean, query: Record<string, string>) => {
    const handler = httpRoute(
      routes.listBookings,
      listBookingsRun,
      depsAs(config, { userId, isAdmin, sessionId: 'session' }),
    );
    const result = (await handler(apiEvent({ method: 'GET', path: '/api/bookings', query }), testContext)) as {
      statusCode: number;
      body: string;
    };
    return { status: result.statusCode, body: JSON.parse(result.body) as Record<string, unknown>[] };
  };

  it("cancels a deleted team event's future bookings once each, found under its hosts (booking and hold)", async () => {
    const [owner, member] = [await newHost('Olive Owner'), await newHost('Max Member')];
    const team = await newTeam([
      [owner, 'owner'],
      [member, 'member'],
    ]);
    const created = await call('POST', '/api/events', {
      body: teamEventBody(team, [{ userId: member.id }, { userId: owner.id }]),
      cookie: owner.cookie,
    });
    const start = new Date(Date.now() + 10 * 86_400_000).toISOString().replace(/T.*/, 'T15:00:00.000Z');
    const teamBooking = booking({
      hostId: member.id,
      start,
      eventId: created.body.id,
      eventSlug: created.body.slug,
      teamId: team.id,
      teamSlug: team.slug,
      teamName: team.name,
      schedulingType: 'collective',
      hostIds: [member.id, owner.id],
      hostNames: ['Max Member', 'Olive Owner'],
      version: 1,
    });
    await putBooking(teamBooking);
    expect(await call('DELETE', `/api/events/${created.body.slug}`, { cookie: owner.cookie })).toMatchObject({
      status: 200,
      body: { message: 'Event deleted' },
    });
    const stored = await deps.bookings.find(member.id, start, teamBooking.id);
    expect(stored).toMatchObject({
      status: 'cancelled',
      version: 2,
      cancellation: { by: 'host', reason: 'The host no longer offers this event.' },
    });
  });

  it("cancels a deleted team event's booking that stays with a member no longer among its hosts", async () => {
    const [owner, first, second] = [
      await newHost('Olive Owner'),
      await newHost('Fay First'),
      await newHost('Sam Second'),
    ];
    const team = await newTeam([
      [owner, 'owner'],
      [first, 'member'],
      [second, 'member'],
    ]);
    const created = await call('POST', '/api/events', {
      body: teamEventBody(team, [{ userId: first.id }, { userId: second.id }], { schedulingType: 'round-robin' }),
      cookie: owner.cookie,
    });
    const start = new Date(Date.now() + 11 * 86_400_000).toISOString().replace(/T.*/, 'T15:00:00.000Z');
    const teamBooking = booking({
      hostId: first.id,
      start,
      eventId: created.body.id,
      eventSlug: created.body.slug,
      teamId: team.id,
      teamSlug: team.slug,
      teamName: team.name,
      schedulingType: 'round-robin',
      hostIds: [first.id],
      hostNames: ['Fay First'],
      assignment: { userId: first.id, reason: 'only member free' },
      version: 1,
    });
    await putBooking(teamBooking);
    // The first host is taken off the event (still a member): the booking they were given stays theirs.
    const edited = await call('PATCH', `/api/events/${created.body.slug}`, {
      body: teamEventBody(team, [{ userId: second.id }], { schedulingType: 'round-robin', slug: created.body.slug }),
      cookie: owner.cookie,
    });
    expect(edited.status).toBe(200);
    expect(await call('DELETE', `/api/events/${created.body.slug}`, { cookie: owner.cookie })).toMatchObject({
      status: 200,
    });
    expect(await deps.bookings.find(first.id, start, teamBooking.id)).toMatchObject({
      status: 'cancelled',
      version: 2,
    });
  });

  it('records a co-host of a collective booking who cancels it from the console as its host, not an admin', async () => {
    const [owner, member] = [await newHost('Olive Owner'), await newHost('Max Member')];
    const team = await newTeam([
      [owner, 'owner'],
      [member, 'member'],
    ]);
    const start = new Date(Date.now() + 12 * 86_400_000).toISOString().replace(/T.*/, 'T15:00:00.000Z');
    const teamBooking = booking({
      hostId: member.id,
      start,
      teamId: team.id,
      teamSlug: team.slug,
      teamName: team.name,
      schedulingType: 'collective',
      hostIds: [member.id, owner.id],
      hostNames: ['Max Member', 'Olive Owner'],
      version: 1,
    });
    await putBooking(teamBooking);
    await db.send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...keys.bookingRef(teamBooking.id), type: 'BookingRef', hostId: member.id, start },
      }),
    );
    const cancelled = await call('DELETE', `/api/bookings/${teamBooking.id}`, {
      body: { reason: 'Out sick' },
      cookie: owner.cookie,
    });
    expect(cancelled.status).toBe(200);
    expect(await deps.bookings.find(member.id, start, teamBooking.id)).toMatchObject({
      status: 'cancelled',
      cancellation: { by: 'host', reason: 'Out sick' },
    });
  });

  it("names a team booking's assigned hosts and its team for every member and the admin, each booking once", async () => {
    const [first, second, solo] = [await newHost('Ann First'), await newHost('Bea Second'), await newHost('Sol Solo')];
    // A day of its own far ahead, so that the admin's list of that day holds only these.
    const day = new Date(Date.UTC(2031, 0, 1) + Math.floor(Math.random() * 3000) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const team = booking({
      hostId: first.id,
      start: `${day}T10:00:00.000Z`,
      teamId: randomUUID(),
      teamSlug: 'sales-team',
      teamName: 'Sales Team',
      schedulingType: 'collective',
      hostIds: [first.id, second.id],
      hostNames: ['Ann First', 'Bea Second'],
    });
    const personal = booking({ hostId: solo.id, start: `${day}T11:00:00.000Z` });
    await putBooking(team);
    await putBooking(personal);
    const query = { start: day, end: day, timezone: 'UTC' };
    const teamRow = { id: team.id, hostName: 'Ann First, Bea Second', teamSlug: 'sales-team', teamName: 'Sales Team' };

    const ofFirst = await list(first.id, false, query);
    expect(ofFirst.status).toBe(200);
    expect(ofFirst.body).toEqual([expect.objectContaining(teamRow)]);
    const ofSecond = await list(second.id, false, query);
    expect(ofSecond.body).toEqual([expect.objectContaining(teamRow)]);
    expect((await list(solo.id, false, query)).body).toEqual([
      expect.objectContaining({ id: personal.id, hostName: 'Sol Solo', teamSlug: null, teamName: null }),
    ]);
    const ofAdmin = await list(solo.id, true, query);
    expect(ofAdmin.body.filter((row) => row.id === team.id)).toEqual([expect.objectContaining(teamRow)]);
    expect(ofAdmin.body.filter((row) => row.id === personal.id)).toEqual([
      expect.objectContaining({ hostName: 'Sol Solo', teamSlug: null }),
    ]);
    // No round-robin assignment on these: no reason for anyone.
    expect([...ofFirst.body, ...ofAdmin.body].map((row) => row.assignmentReason)).toEqual(
      [...ofFirst.body, ...ofAdmin.body].map(() => null),
    );
  });

  it("shows a round-robin booking's reason for its member to the admin and the team's owners only", async () => {
    const [owner, member] = [await newHost('Olga Owner'), await newHost('Milo Member')];
    const teamId = randomUUID();
    const joinedAt = new Date().toISOString();
    await deps.teams.create(
      {
        id: teamId,
        name: 'Support',
        slug: `support-${unique()}`,
        logoUrl: null,
        createdAt: joinedAt,
        createdBy: owner.id,
      },
      { teamId, userId: owner.id, role: 'owner', joinedAt },
    );
    await deps.teams.putMember({ teamId, userId: member.id, role: 'member', joinedAt });
    const day = new Date(Date.UTC(2032, 0, 1) + Math.floor(Math.random() * 3000) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const assigned = booking({
      hostId: member.id,
      start: `${day}T09:00:00.000Z`,
      teamId,
      teamSlug: 'support',
      teamName: 'Support',
      schedulingType: 'round-robin',
      hostIds: [member.id],
      hostNames: ['Milo Member'],
      assignment: { userId: member.id, reason: 'fewest bookings this month' },
    });
    await putBooking(assigned);
    const query = { start: day, end: day, timezone: 'UTC' };

    // The member attends it but does not own the team: no reason.
    expect((await list(member.id, false, query)).body).toEqual([
      expect.objectContaining({ id: assigned.id, hostName: 'Milo Member', assignmentReason: null }),
    ]);
    // An administrator sees it.
    const ofAdmin = (await list(owner.id, true, query)).body.filter((row) => row.id === assigned.id);
    expect(ofAdmin).toEqual([expect.objectContaining({ assignmentReason: 'fewest bookings this month' })]);
    // An owner who attends it sees the reason too.
    await deps.teams.putMember({ teamId, userId: member.id, role: 'owner', joinedAt }, { previousRole: 'member' });
    expect((await list(member.id, false, query)).body).toEqual([
      expect.objectContaining({ id: assigned.id, assignmentReason: 'fewest bookings this month' }),
    ]);
  });
});
