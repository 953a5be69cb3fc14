import { beforeEach, describe, expect, it } from 'vitest';

import { routeTable, type AuthLevel } from '#shared/api/routes';
import { composeDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import type { Principal } from '#functions/ports/core';
import { apiEvent, testContext } from '#test/support/api-event';
import { depsAs, integrationConfig } from '#test/support/local-stack';

/**
 * The authorization table (issue 5): every row of the route table called signed out, as a host, as another host
 * and as an administrator. The auth check comes before anything is read from the request, so a caller who may
 * not call a route gets 401 or 403 whatever they send, and a caller who may gets past it (here to a 400 for the
 * missing input, or an answer). Ownership of event types (another host's id is 404) joins with the host console.
 */

const config = integrationConfig();

const callers: { label: string; principal: Principal | null }[] = [
  { label: 'signed out', principal: null },
  { label: 'a host', principal: { userId: 'authz-host-a', isAdmin: false, sessionId: 's-a' } },
  { label: 'another host', principal: { userId: 'authz-host-b', isAdmin: false, sessionId: 's-b' } },
  { label: 'an administrator', principal: { userId: 'authz-admin', isAdmin: true, sessionId: 's-admin' } },
];

// The callers' accounts exist (a session whose account is gone counts as signed out). Before each route: a
// bodyless call is a whole call (DELETE /api/auth/account deletes the caller's account), so they are made again.
beforeEach(async () => {
  const { accounts } = composeDeps(config);
  for (const { principal } of callers) {
    if (!principal || (await accounts.get(principal.userId))) continue;
    const result = await accounts.create({
      id: principal.userId,
      name: principal.userId,
      email: `${principal.userId}@meetwise.test`,
      username: principal.userId,
      photoUrl: null,
      createdAt: new Date().toISOString(),
      passwordHash: null,
      role: principal.isAdmin ? 'admin' : null,
      googleSubject: null,
      emailVerified: true,
    });
    expect(result).toBe('created');
  }
});

/**
 * Public rows whose use case asks for a session when the request names nothing else: GET /api/calendar/sync
 * without an eventId is the signed-in host's own sync.
 */
const SESSION_WITHOUT_INPUT = new Set(['syncCalendar']);

function expected(route: { name: string; auth: AuthLevel }, principal: Principal | null): 401 | 403 | 'allowed' {
  const { auth } = route;
  if (auth === 'public') return SESSION_WITHOUT_INPUT.has(route.name) && !principal ? 401 : 'allowed';
  if (!principal) return 401;
  if (auth === 'admin' && !principal.isAdmin) return 403;
  return 'allowed';
}

describe('authorization table', () => {
  for (const route of routeTable) {
    it(`${route.method} ${route.path} (${route.auth})`, async () => {
      const { run } = (await import(`../../functions/src/handlers/${route.name}.ts`)) as {
        run: RouteRun<typeof route>;
      };
      const statuses: Record<string, number> = {};
      for (const { label, principal } of callers) {
        const handler = httpRoute(route, run, depsAs(config, principal));
        // Path parameters named but empty values: enough to reach the auth check and the validation after it.
        const pathParameters = Object.fromEntries(
          [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1]!, '']),
        );
        const result = (await handler(apiEvent({ method: route.method, path: route.path, pathParameters }), {
          ...testContext,
        })) as {
          statusCode: number;
        };
        statuses[label] = result.statusCode;
        const want = expected(route, principal);
        if (want === 'allowed') expect([401, 403], `${label}: ${result.statusCode}`).not.toContain(result.statusCode);
        else expect(result.statusCode, label).toBe(want);
      }
      expect(Object.keys(statuses)).toHaveLength(callers.length);
    });
  }
});

/**
 * Team routes (issue 28) beyond the session check: a team is its members' alone. Another host and an administrator
 * who are not members get 404 for it (as for an unknown team), whatever the route; signed out is 401; its owner gets
 * through. The public page is anyone's.
 */
describe('team routes', () => {
  const slug = `authz-team-${Date.now().toString(36)}`;
  const [, owner, otherHost, admin] = callers;
  const teamCalls: { name: string; params: Record<string, string>; body?: unknown; ownerStatus: number }[] = [
    { name: 'getTeam', params: { slug }, ownerStatus: 200 },
    { name: 'updateTeam', params: { slug }, body: { name: 'Renamed' }, ownerStatus: 200 },
    {
      name: 'inviteTeamMember',
      params: { slug },
      body: { email: 'authz-invitee@meetwise.test', role: 'member' },
      ownerStatus: 201,
    },
    { name: 'revokeTeamInvitation', params: { slug, id: 'no-such-invitation' }, ownerStatus: 404 },
    { name: 'updateTeamMember', params: { slug, userId: 'authz-host-a' }, body: { role: 'owner' }, ownerStatus: 200 },
    { name: 'removeTeamMember', params: { slug, userId: 'nobody' }, ownerStatus: 404 },
  ];

  for (const teamCall of teamCalls) {
    it(`${teamCall.name}: owner passes, another host and an administrator 404, signed out 401`, async () => {
      const deps = composeDeps(config);
      if (!(await deps.teams.findBySlug(slug))) {
        const now = new Date().toISOString();
        await deps.teams.create(
          {
            id: `authz-team-${slug}`,
            name: 'Authz Team',
            slug,
            logoUrl: null,
            createdAt: now,
            createdBy: owner!.principal!.userId,
          },
          { teamId: `authz-team-${slug}`, userId: owner!.principal!.userId, role: 'owner', joinedAt: now },
        );
      }
      const route = routeTable.find((row) => row.name === teamCall.name)!;
      const { run } = (await import(`../../functions/src/handlers/${route.name}.ts`)) as {
        run: RouteRun<typeof route>;
      };
      const statusAs = async (principal: Principal | null) => {
        const handler = httpRoute(route, run, depsAs(config, principal));
        const event = apiEvent({
          method: route.method,
          path: route.path,
          pathParameters: teamCall.params,
          ...(teamCall.body !== undefined
            ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(teamCall.body) }
            : {}),
        });
        return ((await handler(event, { ...testContext })) as { statusCode: number }).statusCode;
      };
      expect(await statusAs(null)).toBe(401);
      expect(await statusAs(otherHost!.principal)).toBe(404);
      expect(await statusAs(admin!.principal)).toBe(404);
      expect(await statusAs(owner!.principal)).toBe(teamCall.ownerStatus);
    });
  }

  it('getPublicTeam: anyone, signed in or not', async () => {
    const route = routeTable.find((row) => row.name === 'getPublicTeam')!;
    const { run } = (await import(`../../functions/src/handlers/${route.name}.ts`)) as { run: RouteRun<typeof route> };
    for (const { principal } of callers) {
      const handler = httpRoute(route, run, depsAs(config, principal));
      const event = apiEvent({ method: route.method, path: route.path, pathParameters: { slug: 'no-team-here' } });
      expect(((await handler(event, { ...testContext })) as { statusCode: number }).statusCode).toBe(404);
    }
  });
});
