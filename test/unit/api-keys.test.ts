import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

import { routes, type RouteDefinition } from '#shared/api/routes';
import { API_KEYS_PER_HOST_MAX as SHARED_MAX } from '#shared/api/schemas/integrations';
import { authenticateApiKey } from '#functions/app/integrations/api-keys';
import { limitMessage } from '#functions/domain/abuse-limits';
import {
  API_KEY_MESSAGES,
  API_KEY_RATE_LIMIT,
  API_KEYS_PER_HOST_MAX,
  apiKeyHash,
  apiKeyOf,
  bearerCredential,
  isApiKeyShaped,
  lastUseDue,
} from '#functions/domain/api-keys';
import { TooManyRequests } from '#functions/errors';
import { httpRoute } from '#functions/http/route-handler';
import type { ApiKeyLookup, ApiKeyRepository, ApiKeyVerifier } from '#functions/ports/api-keys';
import type { Logger, Principal } from '#functions/ports/core';
import type { Deps } from '#functions/ports/deps';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';

/**
 * API keys (issue 29), the pure parts and the HTTP wrapper's bearer rules with fake dependencies: the key's shape and
 * hash, reading the Authorization header, when a use is written, authentication (rate limit, last use, never an
 * administrator), and the wrapper: 403 to a key on a row without `apiKey` before anything is read, 401 for a refused
 * key, no same-site check and no cookie for a key's call, the origin secret still required, the key id on the
 * request's log lines.
 */

const KEY = apiKeyOf(new Uint8Array(32).fill(7));

describe('the key', () => {
  it('is mw_ and the base64url text of 32 bytes, and only that shape is a key', () => {
    expect(KEY).toMatch(/^mw_[A-Za-z0-9_-]{43}$/);
    expect(KEY).toBe(`mw_${Buffer.from(new Uint8Array(32).fill(7)).toString('base64url')}`);
    expect(isApiKeyShaped(KEY)).toBe(true);
    for (const bad of [
      '',
      'mw_',
      KEY.slice(0, -1),
      `${KEY}A`,
      KEY.replace('mw_', 'mk_'),
      `${KEY.slice(0, -1)}=`,
      ` ${KEY}`,
    ])
      expect(isApiKeyShaped(bad), bad).toBe(false);
  });

  it('is stored as its SHA-256 (base64url), never as itself', () => {
    const hash = apiKeyHash(KEY);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain(KEY.slice(3));
    expect(apiKeyHash(KEY)).toBe(hash);
    expect(apiKeyHash(apiKeyOf(new Uint8Array(32).fill(8)))).not.toBe(hash);
  });

  it('has one per-host maximum for the server and the console', () => {
    expect(API_KEYS_PER_HOST_MAX).toBe(SHARED_MAX);
    expect(API_KEY_MESSAGES.tooMany).toBe(
      `You can have at most ${SHARED_MAX} API keys. Revoke one before creating another.`,
    );
  });
});

describe('the Authorization header', () => {
  it('gives the Bearer credential, whatever the scheme name’s case and the spaces around it', () => {
    expect(bearerCredential(`Bearer ${KEY}`)).toBe(KEY);
    expect(bearerCredential(`bearer ${KEY}`)).toBe(KEY);
    expect(bearerCredential(`BEARER   ${KEY}  `)).toBe(KEY);
    expect(bearerCredential('Bearer')).toBe('');
    expect(bearerCredential('Bearer   ')).toBe('');
  });

  it('gives nothing for no header or another scheme', () => {
    expect(bearerCredential(undefined)).toBeNull();
    expect(bearerCredential('Basic dXNlcjpwYXNz')).toBeNull();
    expect(bearerCredential(`Bearerx ${KEY}`)).toBeNull();
    expect(bearerCredential('')).toBeNull();
  });
});

describe('the last use', () => {
  const now = new Date('2026-03-02T12:00:00.000Z');
  it('is written when never written, or a minute or more ago; not more often', () => {
    expect(lastUseDue(null, now)).toBe(true);
    expect(lastUseDue('2026-03-02T11:59:00.000Z', now)).toBe(true);
    expect(lastUseDue('2026-03-02T11:58:00.000Z', now)).toBe(true);
    expect(lastUseDue('2026-03-02T11:59:00.001Z', now)).toBe(false);
    expect(lastUseDue('2026-03-02T12:00:00.000Z', now)).toBe(false);
    expect(lastUseDue('not a time', now)).toBe(true);
  });
});

describe('the rate limit', () => {
  it('is 120 requests a minute per key, refused in plain words', () => {
    expect(API_KEY_RATE_LIMIT).toMatchObject({ limit: 120, windowMs: 60_000 });
    expect(limitMessage(API_KEY_RATE_LIMIT, 42)).toBe(
      'Too many requests with this API key. Please try again in 42 seconds.',
    );
  });
});

/** An in-memory key store and limiter for authenticateApiKey. */
function fakes(options: { lookup?: ApiKeyLookup | null; allowed?: boolean; recordFails?: boolean } = {}) {
  const recorded: { at: Date; since: Date }[] = [];
  const findByHash = vi.fn(async (hash: string) =>
    hash === apiKeyHash(KEY) ? (options.lookup === undefined ? LOOKUP : options.lookup) : null,
  );
  const apiKeys = {
    findByHash,
    recordUse: vi.fn(async (_key: unknown, at: Date, since: Date) => {
      if (options.recordFails) throw new Error('ProvisionedThroughputExceededException');
      recorded.push({ at, since });
      return true;
    }),
  } as unknown as ApiKeyRepository;
  const hit = vi.fn(async () =>
    options.allowed === false ? { allowed: false as const, retryAfterSeconds: 17 } : { allowed: true as const },
  );
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const now = new Date('2026-03-02T12:00:00.000Z');
  return {
    deps: { apiKeys, rateLimiter: { hit }, clock: { now: () => now }, logger },
    recorded,
    findByHash,
    hit,
    logger,
    now,
  };
}

const LOOKUP: ApiKeyLookup = { id: 'key-1', hostId: 'host-1', lastUsedAt: null };

describe('authenticateApiKey', () => {
  it('answers the host, never an administrator, with the key id; counts the call and writes its first use', async () => {
    const f = fakes();
    expect(await authenticateApiKey(f.deps, KEY)).toEqual({
      userId: 'host-1',
      isAdmin: false,
      sessionId: '',
      apiKeyId: 'key-1',
    });
    expect(f.hit).toHaveBeenCalledWith(API_KEY_RATE_LIMIT, 'key-1', f.now);
    expect(f.recorded).toEqual([{ at: f.now, since: new Date(f.now.getTime() - 60_000) }]);
  });

  it('writes no use when the last one is under a minute old', async () => {
    const f = fakes({ lookup: { ...LOOKUP, lastUsedAt: '2026-03-02T11:59:30.000Z' } });
    expect(await authenticateApiKey(f.deps, KEY)).toMatchObject({ apiKeyId: 'key-1' });
    expect(f.recorded).toEqual([]);
  });

  it('reads nothing for a credential that is not a key, and answers null for an unknown one', async () => {
    const f = fakes();
    for (const bad of ['', 'Bearer', 'mw_short', `${KEY}x`]) expect(await authenticateApiKey(f.deps, bad)).toBeNull();
    expect(f.findByHash).not.toHaveBeenCalled();
    expect(await authenticateApiKey(f.deps, apiKeyOf(new Uint8Array(32)))).toBeNull();
    expect(f.findByHash).toHaveBeenCalledTimes(1);
    expect(f.hit).not.toHaveBeenCalled();
  });

  it('refuses past the limit with 429 and the seconds to wait, and writes no use', async () => {
    const f = fakes({ allowed: false });
    const refused = await authenticateApiKey(f.deps, KEY).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect(refused).toMatchObject({
      retryAfterSeconds: 17,
      message: 'Too many requests with this API key. Please try again in 17 seconds.',
    });
    expect(f.recorded).toEqual([]);
  });

  it('lets the call go on when writing the use fails, and logs it with the key id only', async () => {
    const f = fakes({ recordFails: true });
    expect(await authenticateApiKey(f.deps, KEY)).toMatchObject({ apiKeyId: 'key-1' });
    expect(f.logger.warn).toHaveBeenCalledWith('Could not record the API key use', {
      apiKeyId: 'key-1',
      error: 'Error',
    });
    expect(JSON.stringify(f.logger.warn.mock.calls)).not.toContain(KEY);
  });
});

// ---- The HTTP wrapper --------------------------------------------------------------------------------------------

const keyRoute = {
  name: 'keyRoute',
  method: 'POST',
  path: '/api/key-route',
  auth: 'signed-in',
  apiKey: true,
  summary: 'a route a key may call',
  body: z.strictObject({ title: z.string() }),
  response: z.object({ title: z.string(), userId: z.string() }),
  needs: {},
} as const satisfies RouteDefinition;

const sessionRoute = { ...keyRoute, name: 'sessionRoute', apiKey: undefined } as unknown as RouteDefinition;
const publicRoute = {
  ...keyRoute,
  name: 'publicRoute',
  auth: 'public',
  apiKey: undefined,
} as unknown as RouteDefinition;

const HOST: Principal = { userId: 'host-1', isAdmin: false, sessionId: '', apiKeyId: 'key-1' };
const SESSION: Principal = { userId: 'cookie-user', isAdmin: true, sessionId: 's-1' };

function wrapperDeps(options: { verifier?: ApiKeyVerifier | null; originSecret?: string } = {}) {
  const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
  const loggerWith = (keys: Record<string, unknown>): Logger => ({
    info: (message, fields) => lines.push({ level: 'info', message, fields: { ...keys, ...fields } }),
    warn: (message, fields) => lines.push({ level: 'warn', message, fields: { ...keys, ...fields } }),
    error: (message, fields) => lines.push({ level: 'error', message, fields: { ...keys, ...fields } }),
    with: (more) => loggerWith({ ...keys, ...more }),
  });
  const authenticateKey = vi.fn(async (key: string) => (key === KEY ? HOST : null));
  const authenticateSession = vi.fn(async () => SESSION);
  const deps = {
    logger: loggerWith({}),
    clock: { now: () => new Date() },
    config: { siteUrl: 'https://meetwise.example', originSecret: options.originSecret },
    sessions: { authenticate: authenticateSession },
    ...(options.verifier === null ? {} : { apiKeyVerifier: options.verifier ?? { authenticate: authenticateKey } }),
  } as unknown as Deps;
  return { deps, lines, authenticateKey, authenticateSession };
}

async function callWrapper(
  route: RouteDefinition,
  headers: Record<string, string>,
  options: Parameters<typeof wrapperDeps>[0] & { cookies?: string[] } = {},
) {
  const f = wrapperDeps(options);
  const run = vi.fn(async (deps: Deps, input: { body: { title: string }; principal: Principal | null }) => {
    deps.logger.info('use case ran');
    return { title: input.body.title, userId: input.principal?.userId ?? 'nobody' };
  });
  const handler = httpRoute(route, run as never, async () => f.deps);
  const result = (await handler(
    apiEvent({
      method: 'POST',
      path: route.path,
      headers: { ...jsonHeaders, ...headers },
      body: JSON.stringify({ title: 'Hello' }),
      ...(options.cookies ? { cookies: options.cookies } : {}),
    }),
    testContext,
  )) as { statusCode: number; body: string; headers: Record<string, string> };
  return { ...f, run, status: result.statusCode, body: JSON.parse(result.body) as Record<string, unknown> };
}

const bearer = (key = KEY) => ({ authorization: `Bearer ${key}` });

describe('httpRoute with an API key', () => {
  it('runs a row marked apiKey as the key’s host, whatever cookie came along', async () => {
    const answer = await callWrapper(keyRoute, bearer(), { cookies: ['meetwise_session=whatever'] });
    expect(answer).toMatchObject({ status: 200, body: { title: 'Hello', userId: 'host-1' } });
    expect(answer.authenticateKey).toHaveBeenCalledWith(KEY, expect.objectContaining({ clock: expect.anything() }));
    expect(answer.authenticateSession).not.toHaveBeenCalled();
  });

  it('refuses a key with 403 on every row without apiKey (public ones too), before any key or session is read', async () => {
    for (const route of [sessionRoute, publicRoute]) {
      const answer = await callWrapper(route, bearer());
      expect(answer, route.name).toMatchObject({
        status: 403,
        body: { message: 'API keys cannot be used for this request.', code: 'FORBIDDEN' },
      });
      expect(answer.authenticateKey).not.toHaveBeenCalled();
      expect(answer.authenticateSession).not.toHaveBeenCalled();
      expect(answer.run).not.toHaveBeenCalled();
    }
    // Any Bearer credential is a key's call: a wrong one too, and the scheme alone.
    for (const authorization of ['Bearer nonsense', 'bearer', `BEARER ${KEY}`]) {
      expect((await callWrapper(sessionRoute, { authorization })).status, authorization).toBe(403);
    }
    // Without one, the row works as before (the session).
    expect(await callWrapper(sessionRoute, {})).toMatchObject({ status: 200, body: { userId: 'cookie-user' } });
    expect(await callWrapper(sessionRoute, { authorization: 'Basic dXNlcjpwYXNz' })).toMatchObject({
      status: 200,
      body: { userId: 'cookie-user' },
    });
  });

  it('answers 401 to an unknown, malformed or revoked key, and to any key where no verifier is configured', async () => {
    for (const key of [apiKeyOf(new Uint8Array(32)), 'nonsense', '']) {
      const answer = await callWrapper(keyRoute, { authorization: `Bearer ${key}` });
      expect(answer, key).toMatchObject({
        status: 401,
        body: { message: 'Invalid or revoked API key.', code: 'UNAUTHORIZED' },
      });
      expect(answer.run).not.toHaveBeenCalled();
      expect(answer.authenticateSession).not.toHaveBeenCalled();
    }
    const unconfigured = await callWrapper(keyRoute, bearer(), { verifier: null });
    expect(unconfigured.status).toBe(401);
  });

  it('needs no same-site proof from a key’s call, but still refuses a cookie’s cross-site write', async () => {
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect(await callWrapper(keyRoute, { ...crossSite, ...bearer() })).toMatchObject({
      status: 200,
      body: { userId: 'host-1' },
    });
    expect(await callWrapper(keyRoute, crossSite)).toMatchObject({
      status: 403,
      body: { message: 'Cross-site request refused.' },
    });
  });

  it('still refuses a key’s call that did not come through CloudFront (the origin secret), and a resource load', async () => {
    const secret = 's'.repeat(40);
    const direct = await callWrapper(keyRoute, bearer(), { originSecret: secret });
    expect(direct).toMatchObject({
      status: 403,
      body: { message: 'Please use the site address: the API is not reachable directly.' },
    });
    expect(direct.authenticateKey).not.toHaveBeenCalled();
    expect(
      await callWrapper(keyRoute, { ...bearer(), 'x-origin-verify': secret }, { originSecret: secret }),
    ).toMatchObject({ status: 200 });
    expect((await callWrapper(keyRoute, { ...bearer(), 'sec-fetch-dest': 'image' })).status).toBe(403);
  });

  it('names the key by its id on every line of the request, the use case’s too, and never writes the key', async () => {
    const answer = await callWrapper(keyRoute, bearer());
    expect(answer.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: 'API key call', fields: expect.objectContaining({ apiKeyId: 'key-1' }) }),
        expect.objectContaining({ message: 'use case ran', fields: expect.objectContaining({ apiKeyId: 'key-1' }) }),
      ]),
    );
    const refused = await callWrapper(keyRoute, bearer(apiKeyOf(new Uint8Array(32))));
    for (const { lines } of [answer, refused]) {
      expect(lines.length).toBeGreaterThan(0);
      const text = JSON.stringify(lines);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(KEY.slice(3, 20));
      expect(text).not.toContain(apiKeyOf(new Uint8Array(32)).slice(3));
    }
  });
});

describe('the route table', () => {
  it('lets a key call exactly the rows the issue lists: event types and bookings read, a cancel, the webhooks', () => {
    const keyRows = Object.values(routes)
      .filter((route) => (route as RouteDefinition).apiKey)
      .map((route) => route.name)
      .sort();
    expect(keyRows).toEqual(
      [
        'cancelBooking',
        'createWebhook',
        'deleteWebhook',
        'getBooking',
        'getEvent',
        'getEventBySlug',
        'listBookings',
        'listEvents',
        'listWebhookDeliveries',
        'listWebhooks',
        'redeliverWebhook',
        'testWebhook',
        'updateWebhook',
      ].sort(),
    );
  });
});
