import { beforeEach, describe, expect, it } from 'vitest';

import { routeTable, type AuthLevel } from '#shared/api/routes';
import { composeDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import type { Principal } from '#functions/ports';
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
