import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

import type { RouteDefinition } from '#shared/api/routes';
import { hmacManageTokens } from '#functions/adapters/sessions/manage-tokens';
import { sessionKeys } from '#functions/adapters/sessions/session-key';
import { signedCookieSessions } from '#functions/adapters/sessions/signed-cookie';
import { parseConfig } from '#functions/config';
import { httpRoute } from '#functions/http/route-handler';
import type { Deps } from '#functions/ports/deps';
import type { SessionStore } from '#functions/ports/sessions';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';

/**
 * Rotating the generated secrets (docs/operations.md "Rotating secrets"): during the grace period the previous
 * session key and origin secret are still accepted, so nobody is signed out and no guest link breaks; once the next
 * deploy drops them, they are not.
 */

const OLD_SESSION = 'b2xkLXNlc3Npb24ta2V5LXRoYXQtd2FzLWN1cnJlbnQtYmVmb3JlLXRoZS1yb3RhdGlvbg';
const NEW_SESSION = 'bmV3LXNlc3Npb24ta2V5LWFmdGVyLXRoZS1yb3RhdGlvbi1vZi10aGUtc2Vzc2lvbi1zZWNyZXQ';
const OLD_ORIGIN = 'old-origin-secret-sent-by-cloudfront-before';
const NEW_ORIGIN = 'new-origin-secret-sent-by-cloudfront-after-the-rotation';

const now = new Date('2026-03-02T12:00:00Z');

/** One session item store shared by the stage's functions before and after the deploy. */
function sessionStore(): SessionStore {
  const items = new Set<string>();
  return {
    create: async (userId: string, sessionId: string) => void items.add(`${userId}/${sessionId}`),
    find: async (userId: string, sessionId: string) =>
      items.has(`${userId}/${sessionId}`)
        ? { userId, expiresAt: Math.floor(now.getTime() / 1000) + 3600, role: null }
        : null,
    delete: async (userId: string, sessionId: string) => void items.delete(`${userId}/${sessionId}`),
  };
}

/** The sessions a function builds from its environment, as composition.ts does. */
function sessionsFrom(env: Record<string, string>, store: SessionStore) {
  const keys = sessionKeys(parseConfig(env));
  return signedCookieSessions({
    key: keys.current,
    previousKey: keys.previous,
    store,
    clock: { now: () => now },
    ids: { next: () => 'session-1' },
  });
}

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;
/** The token a `name=value` cookie carries: what the HTTP layer hands the verifier. */
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

describe('rotating the session secret', () => {
  it('keeps a session signed with the previous key while it is accepted, and ends it once it is dropped', async () => {
    const store = sessionStore();
    const before = sessionsFrom({ SESSION_SECRET: OLD_SESSION }, store);
    const cookie = cookieOf(await before.start('user-1', { secure: true }));
    expect(await before.authenticate(tokenOf(cookie))).toMatchObject({ userId: 'user-1' });

    // Grace period: the new key signs, the old one is still accepted.
    const during = sessionsFrom({ SESSION_SECRET: NEW_SESSION, SESSION_SECRET_PREVIOUS: OLD_SESSION }, store);
    expect(await during.authenticate(tokenOf(cookie))).toMatchObject({ userId: 'user-1', sessionId: 'session-1' });
    const fresh = cookieOf(await during.start('user-2', { secure: true }));
    expect(await during.authenticate(tokenOf(fresh))).toMatchObject({ userId: 'user-2' });
    // New sessions are signed with the new key only: the old key alone does not accept them.
    expect(await before.authenticate(tokenOf(fresh))).toBeNull();

    // After the grace period: the previous key is gone, its sessions with it; the new ones stay.
    const after = sessionsFrom({ SESSION_SECRET: NEW_SESSION }, store);
    expect(await after.authenticate(tokenOf(cookie))).toBeNull();
    expect(await after.authenticate(tokenOf(fresh))).toMatchObject({ userId: 'user-2' });
  });

  it("keeps a guest's manage link of the previous key working during the grace period only", () => {
    const tokensFrom = (env: Record<string, string>) => {
      const keys = sessionKeys(parseConfig(env));
      return hmacManageTokens(keys.current, keys.previous);
    };
    const mailed = tokensFrom({ SESSION_SECRET: OLD_SESSION }).tokenFor('b_1');

    const during = tokensFrom({ SESSION_SECRET: NEW_SESSION, SESSION_SECRET_PREVIOUS: OLD_SESSION });
    expect(during.verify('manage', 'b_1', mailed)).toBe(true);
    // Links mailed from now on carry the new key's token.
    expect(during.tokenFor('b_1')).not.toBe(mailed);
    expect(tokensFrom({ SESSION_SECRET: NEW_SESSION }).verify('manage', 'b_1', during.tokenFor('b_1'))).toBe(true);

    expect(tokensFrom({ SESSION_SECRET: NEW_SESSION }).verify('manage', 'b_1', mailed)).toBe(false);
  });

  it('has no previous key outside a rotation, and refuses a previous secret without a current one', () => {
    expect(sessionKeys(parseConfig({ SESSION_SECRET: NEW_SESSION })).previous).toBeUndefined();
    expect(() => parseConfig({ SESSION_SECRET_PREVIOUS: OLD_SESSION })).toThrow(
      'SESSION_SECRET_PREVIOUS is set but SESSION_SECRET is not',
    );
    expect(() => parseConfig({ SESSION_SECRET: NEW_SESSION, SESSION_SECRET_PREVIOUS: 'short' })).toThrow(
      'SESSION_SECRET_PREVIOUS must be at least 32 random bytes',
    );
  });
});

describe('rotating the CloudFront origin secret', () => {
  const route = {
    name: 'example',
    method: 'POST',
    path: '/api/example',
    auth: 'public',
    summary: 'test route',
    body: z.strictObject({ title: z.string() }),
    response: z.object({ title: z.string() }),
    successStatus: 201,
    needs: {},
  } as const satisfies RouteDefinition;

  /** A request as CloudFront sends it (with `sent` as X-Origin-Verify) to a function configured by `env`. */
  async function status(env: Record<string, string>, sent: string): Promise<number> {
    const deps = {
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      config: parseConfig({ SITE_URL: 'http://localhost:3000', ...env }),
      sessions: { authenticate: async () => null },
    } as unknown as Deps;
    const handler = httpRoute(
      route,
      (async (_deps: Deps, input: { body: unknown }) => input.body) as never,
      async () => deps,
    );
    const result = (await handler(
      apiEvent({
        method: 'POST',
        path: '/api/example',
        body: '{"title":"Intro"}',
        headers: { ...jsonHeaders, 'x-origin-verify': sent },
      }),
      testContext,
    )) as { statusCode: number };
    return result.statusCode;
  }

  it('accepts the previous value during the grace period, and not once it is dropped', async () => {
    expect(await status({ ORIGIN_SECRET: OLD_ORIGIN }, OLD_ORIGIN)).toBe(201);

    const during = { ORIGIN_SECRET: NEW_ORIGIN, ORIGIN_SECRET_PREVIOUS: OLD_ORIGIN };
    expect(await status(during, OLD_ORIGIN)).toBe(201);
    expect(await status(during, NEW_ORIGIN)).toBe(201);
    expect(await status(during, 'something-else-entirely-of-enough-length')).toBe(403);

    expect(await status({ ORIGIN_SECRET: NEW_ORIGIN }, OLD_ORIGIN)).toBe(403);
    expect(await status({ ORIGIN_SECRET: NEW_ORIGIN }, NEW_ORIGIN)).toBe(201);
    expect(() => parseConfig({ ORIGIN_SECRET_PREVIOUS: OLD_ORIGIN })).toThrow(
      'ORIGIN_SECRET_PREVIOUS is set but ORIGIN_SECRET is not',
    );
  });
});
