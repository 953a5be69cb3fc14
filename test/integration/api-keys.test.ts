import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { routes, routeTable, type RouteDefinition } from '#shared/api/routes';
import { API_KEYS_PER_HOST_MAX } from '#shared/api/schemas/integrations';
import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { keys as tableKeys } from '#functions/adapters/dynamodb/keys';
import { readableLogger } from '#functions/adapters/observability/readable-logger';
import { composeDeps, connectAreas } from '#functions/composition';
import type { Config } from '#functions/config';
import { apiKeyHash } from '#functions/domain/api-keys';
import type { AccountRecord, EventRecord } from '#functions/domain/records';
import { run as cancelBookingRun } from '#functions/handlers/cancelBooking';
import { run as createApiKeyRun } from '#functions/handlers/createApiKey';
import { run as createWebhookRun } from '#functions/handlers/createWebhook';
import { run as deleteApiKeyRun } from '#functions/handlers/deleteApiKey';
import { run as deleteWebhookRun } from '#functions/handlers/deleteWebhook';
import { run as getBookingRun } from '#functions/handlers/getBooking';
import { run as getEventRun } from '#functions/handlers/getEvent';
import { run as getEventBySlugRun } from '#functions/handlers/getEventBySlug';
import { run as listApiKeysRun } from '#functions/handlers/listApiKeys';
import { run as listBookingsRun } from '#functions/handlers/listBookings';
import { run as listEventsRun } from '#functions/handlers/listEvents';
import { run as listWebhookDeliveriesRun } from '#functions/handlers/listWebhookDeliveries';
import { run as listWebhooksRun } from '#functions/handlers/listWebhooks';
import { run as redeliverWebhookRun } from '#functions/handlers/redeliverWebhook';
import { run as testWebhookRun } from '#functions/handlers/testWebhook';
import { run as updateWebhookRun } from '#functions/handlers/updateWebhook';
import { httpRoute } from '#functions/http/route-handler';
import type { Principal } from '#functions/ports/core';
import type { Deps } from '#functions/ports/deps';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { ACTIVE_PLAN, bookingApi, bookingFixtures, bookingRequest, NOW, unique } from '#test/support/booking-fixtures';
import { integrationConfig, startAppServer } from '#test/support/local-stack';

/**
 * API keys (issue 29) against DynamoDB Local, through the route table's rows and handlers: making keys (their shape,
 * shown once, stored as a hash, names checked, at most 20, a proven address first), listing and revoking them
 * (another host's key is 404); a key calling the event type, booking and webhook routes as its host (never as an
 * administrator, whatever cookie comes along); every other row of the table refusing a key with 403; a revoked key
 * and a deleted account's key answering 401; the last use written at most once a minute; 429 with Retry-After past
 * 120 calls a minute; and no log line, of any request, ever holding a key.
 */

const config = integrationConfig();
const fixtures = bookingFixtures(config);
const db = createDocumentClient(createDynamoClient(config));

let current = new Date(NOW);
const clock = { now: () => new Date(current) };
/** Every DynamoDB command sent through `deps`. */
const commands: string[] = [];
/** Every log line the handlers wrote (the readable format: every field on the line). */
const logLines: string[] = [];

/** The route dependencies of one warm function: real adapters, a moved clock, a logger whose lines are kept. */
function depsFor(configuration: Config): Deps {
  return connectAreas({
    ...composeDeps(configuration, { onDynamoRequest: (name) => commands.push(name) }),
    clock,
    logger: readableLogger('info', {}, (line) => logLines.push(line)),
  });
}
const deps = depsFor(config);

/** Anything else the process printed while a test ran (Powertools, console): checked for keys too. */
const printed: string[] = [];
beforeEach(() => {
  const keep =
    (write: typeof process.stdout.write) =>
    (chunk: unknown, ...rest: unknown[]): boolean => {
      printed.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    };
  const stdout = keep(process.stdout.write.bind(process.stdout));
  const stderr = keep(process.stderr.write.bind(process.stderr));
  vi.spyOn(process.stdout, 'write').mockImplementation(stdout as never);
  vi.spyOn(process.stderr, 'write').mockImplementation(stderr as never);
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
});
afterEach(() => {
  vi.restoreAllMocks();
  current = new Date(NOW);
});

/** Every key a test made, for the check that none was ever logged. */
const madeKeys: string[] = [];
afterAll(() => {
  const everything = [...logLines, ...printed].join('\n');
  for (const key of madeKeys) {
    expect(everything).not.toContain(key);
    // Nor its secret part alone, nor its hash.
    expect(everything).not.toContain(key.slice(3));
    expect(everything).not.toContain(apiKeyHash(key));
  }
});

const runs = {
  createApiKey: createApiKeyRun,
  listApiKeys: listApiKeysRun,
  deleteApiKey: deleteApiKeyRun,
  listEvents: listEventsRun,
  getEvent: getEventRun,
  getEventBySlug: getEventBySlugRun,
  listBookings: listBookingsRun,
  getBooking: getBookingRun,
  cancelBooking: cancelBookingRun,
  createWebhook: createWebhookRun,
  listWebhooks: listWebhooksRun,
  updateWebhook: updateWebhookRun,
  deleteWebhook: deleteWebhookRun,
  testWebhook: testWebhookRun,
  listWebhookDeliveries: listWebhookDeliveriesRun,
  redeliverWebhook: redeliverWebhookRun,
} as const;

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}
/** The session `userId` signs in with, or a key (Authorization: Bearer), or nobody. */
type Caller = { session: string; admin?: boolean } | { key: string } | null;

/** Whom a cookie sent along with a key's call would sign in as: never used, the key's host is who calls. */
const COOKIE_USER: Principal = { userId: 'someone-else', isAdmin: true, sessionId: 'cookie-session' };
const sessionReads = vi.fn();

/** Calls a route through its row and handler as `caller`, with its path parameters, query and JSON body. */
async function call(
  name: keyof typeof runs,
  caller: Caller,
  options: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
    with?: Deps;
  } = {},
): Promise<Answer> {
  const route: RouteDefinition = routes[name];
  const base = options.with ?? deps;
  const principal: Principal | null =
    caller && 'session' in caller ? { userId: caller.session, isAdmin: caller.admin ?? false, sessionId: 's' } : null;
  const handler = httpRoute(route, runs[name] as never, async () => ({
    ...base,
    sessions: {
      authenticate: async () => {
        sessionReads();
        return caller && 'key' in caller ? COOKIE_USER : principal;
      },
    },
  }));
  const params = options.params ?? {};
  const path = route.path.replace(/\{(\w+)\}/g, (_m, key: string) => encodeURIComponent(params[key] ?? ''));
  const result = (await handler(
    apiEvent({
      method: route.method,
      path,
      pathParameters: params,
      ...(options.query ? { query: options.query } : {}),
      headers: {
        ...(options.body !== undefined ? jsonHeaders : {}),
        ...(caller && 'key' in caller ? { authorization: `Bearer ${caller.key}` } : {}),
        ...options.headers,
      },
      ...(caller && 'key' in caller ? { cookies: ['meetwise_session=a-session-of-someone-else'] } : {}),
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    }),
    { ...testContext, awsRequestId: randomUUID() },
  )) as { statusCode: number; body?: string; headers?: Record<string, string> };
  return {
    status: result.statusCode,
    body: result.body ? (JSON.parse(result.body) as unknown) : {},
    headers: result.headers ?? {},
  };
}

/** A new host: a proven address unless told, the built-in calendar, a paid plan. */
async function account(options: { verified?: boolean; admin?: boolean } = {}): Promise<AccountRecord> {
  const id = `user-${unique()}`;
  const record: AccountRecord = {
    id,
    name: `Host ${id.slice(-4)}`,
    email: `${id}@keys.test`,
    username: id,
    photoUrl: null,
    createdAt: NOW.toISOString(),
    passwordHash: null,
    role: options.admin ? 'admin' : null,
    googleSubject: null,
    emailVerified: options.verified ?? true,
  };
  const calendar = { provider: 'builtin' as const, connected: true, email: record.email, lastSynced: null };
  expect(await deps.accounts.create(record, { calendar })).toBe('created');
  await deps.hosts.setPlan(id, ACTIVE_PLAN);
  return record;
}

/** Makes a key for `host` through the route; answers it. */
async function newKey(host: AccountRecord, name = 'CRM sync'): Promise<{ id: string; key: string }> {
  const answer = await call('createApiKey', { session: host.id }, { body: { name } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const { id, key } = answer.body as { id: string; key: string };
  madeKeys.push(key);
  return { id, key };
}

const listed = async (host: AccountRecord) =>
  (await call('listApiKeys', { session: host.id })).body as {
    id: string;
    name: string;
    createdAt: string;
    lastUsedAt: string | null;
  }[];

/** A confirmed booking of `event` (its host's), booked by a guest through the booking route. */
async function booking(event: EventRecord, startTime = '2026-03-03T10:00:00-05:00'): Promise<string> {
  const answer = await bookingApi(config).book(bookingRequest(event, startTime));
  expect(answer.status, answer.text).toBe(201);
  return String(answer.body.bookingId);
}

describe('making, listing and revoking keys', () => {
  it('answers a new key once (mw_ and 32 random bytes), lists it without the key, and stores only its hash', async () => {
    const host = await account();
    const made = await call('createApiKey', { session: host.id }, { body: { name: '  Zapier  ' } });
    expect(made.status).toBe(201);
    const { id, name, key } = made.body as { id: string; name: string; key: string };
    madeKeys.push(key);
    expect(Object.keys(made.body as object).sort()).toEqual(['id', 'key', 'name']);
    expect(name).toBe('Zapier');
    expect(key).toMatch(/^mw_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(3), 'base64url')).toHaveLength(32);
    current = new Date(NOW.getTime() + 1_000);
    const other = await newKey(host, 'Spreadsheet');
    expect(other.key).not.toBe(key);

    // Newest first.
    const list = await call('listApiKeys', { session: host.id });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { id: other.id, name: 'Spreadsheet', createdAt: current.toISOString(), lastUsedAt: null },
      { id, name: 'Zapier', createdAt: NOW.toISOString(), lastUsedAt: null },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(key.slice(3));

    // In the table: the record under the host and the lookup by hash; the key itself nowhere.
    const { Items = [] } = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${host.id}` },
      }),
    );
    const lookup = await db.send(
      new GetCommand({ TableName: config.tableName, Key: tableKeys.apiKeyLookup(apiKeyHash(key)) }),
    );
    expect(lookup.Item).toMatchObject({ type: 'ApiKeyLookup', keyId: id, hostId: host.id });
    const record = Items.find((item) => item.sk === `APIKEY#${id}`);
    expect(record).toMatchObject({ type: 'ApiKey', name: 'Zapier', keyHash: apiKeyHash(key) });
    const stored = JSON.stringify([...Items, lookup.Item]);
    expect(stored).not.toContain(key.slice(3));
  });

  it('checks the name: required, visible, at most 60 characters, nothing else in the body', async () => {
    const host = await account();
    const refused = async (body: unknown, message: string) => {
      const answer = await call('createApiKey', { session: host.id }, { body });
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { message, code: 'VALIDATION_FAILED' } });
    };
    await refused({}, 'Please enter a name for the key.');
    await refused({ name: '' }, 'Please enter a name for the key.');
    await refused({ name: ' \u200b\t ' }, 'Please enter a name for the key.');
    await refused({ name: 42 }, 'Please enter a name for the key.');
    await refused({ name: 'x'.repeat(61) }, 'The name cannot exceed 60 characters.');
    await refused({ name: 'Ok', key: 'mw_mine' }, 'Unknown field: "key".');
    expect(await listed(host)).toEqual([]);
    expect((await call('createApiKey', { session: host.id }, { body: { name: 'x'.repeat(60) } })).status).toBe(201);
  });

  it(`keeps at most ${API_KEYS_PER_HOST_MAX} keys per host (409 past it, nothing written); revoking one makes room`, async () => {
    const host = await account();
    const made = await Promise.all(
      Array.from({ length: API_KEYS_PER_HOST_MAX + 3 }, (_, i) =>
        call('createApiKey', { session: host.id }, { body: { name: `Key ${i}` } }),
      ),
    );
    for (const answer of made) if (answer.status === 201) madeKeys.push((answer.body as { key: string }).key);
    expect(made.filter((answer) => answer.status === 201)).toHaveLength(API_KEYS_PER_HOST_MAX);
    for (const answer of made.filter((one) => one.status !== 201)) {
      expect(answer).toMatchObject({
        status: 409,
        body: { message: 'You can have at most 20 API keys. Revoke one before creating another.' },
      });
    }
    const keys = await listed(host);
    expect(keys).toHaveLength(API_KEYS_PER_HOST_MAX);
    expect((await call('deleteApiKey', { session: host.id }, { params: { id: keys[0]!.id } })).status).toBe(200);
    await newKey(host);
    expect((await call('createApiKey', { session: host.id }, { body: { name: 'one more' } })).status).toBe(409);
  });

  it('makes no key for an account whose address is not proven', async () => {
    const host = await account({ verified: false });
    expect(await call('createApiKey', { session: host.id }, { body: { name: 'Early' } })).toMatchObject({
      status: 403,
      body: { message: 'Please confirm your e-mail address before creating an API key.' },
    });
    expect(await listed(host)).toEqual([]);
  });

  it('needs a session for the key routes (401 signed out), and answers 404 for another host’s key or an unknown one', async () => {
    const host = await account();
    const stranger = await account();
    const { id, key } = await newKey(host);
    expect((await call('listApiKeys', null)).status).toBe(401);
    expect((await call('createApiKey', null, { body: { name: 'x' } })).status).toBe(401);
    for (const attempt of [id, randomUUID()]) {
      expect(await call('deleteApiKey', { session: stranger.id }, { params: { id: attempt } })).toMatchObject({
        status: 404,
        body: { message: 'API key not found.' },
      });
    }
    expect(await call('deleteApiKey', { session: host.id }, { params: { id: 'not-an-id' } })).toMatchObject({
      status: 400,
      body: { message: 'API key not found.' },
    });
    expect(await listed(stranger)).toEqual([]);
    // The stranger's attempt changed nothing: the key still works.
    expect((await call('listEvents', { key })).status).toBe(200);
  });
});

describe('a key calls as its host', () => {
  it('lists and reads its host’s event types and bookings, and cancels a booking, never reading the cookie', async () => {
    const host = await account();
    const stranger = await account();
    const event = await fixtures.eventType(host.id);
    const strangersEvent = await fixtures.eventType(stranger.id);
    const bookingId = await booking(event);
    const strangersBooking = await booking(strangersEvent, '2026-03-03T11:00:00-05:00');
    const { key } = await newKey(host);
    const as = { key };
    sessionReads.mockClear();

    const events = await call('listEvents', as);
    expect(events.status).toBe(200);
    expect((events.body as { id: number }[]).map((one) => one.id)).toEqual([event.id]);
    expect(await call('getEvent', as, { params: { eventRef: String(event.id) } })).toMatchObject({
      status: 200,
      body: { id: event.id, slug: event.slug },
    });
    expect(await call('getEventBySlug', as, { params: { slug: event.slug } })).toMatchObject({
      status: 200,
      body: { id: event.id },
    });
    expect((await call('getEvent', as, { params: { eventRef: String(strangersEvent.id) } })).status).toBe(404);

    const list = await call('listBookings', as, { query: { start: '2026-03-01', end: '2026-03-31' } });
    expect(list.status).toBe(200);
    expect((list.body as { id: string }[]).map((one) => one.id)).toEqual([bookingId]);
    expect(await call('getBooking', as, { params: { id: bookingId } })).toMatchObject({
      status: 200,
      body: { id: bookingId, status: 'confirmed' },
    });
    expect((await call('getBooking', as, { params: { id: strangersBooking } })).status).toBe(404);
    expect((await call('cancelBooking', as, { params: { id: strangersBooking }, body: {} })).status).toBe(404);

    // A write with no same-site proof at all, from "another site": a key is not a browser's ambient credential.
    const cancelled = await call('cancelBooking', as, {
      params: { id: bookingId },
      body: { reason: 'Cancelled from our CRM' },
      headers: { origin: 'https://crm.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(cancelled).toMatchObject({ status: 200, body: { id: bookingId, status: 'cancelled' } });
    const stored = (await fixtures.bookingsOf(host.id)).find((one) => one.id === bookingId);
    expect(stored?.cancellation).toMatchObject({ by: 'host', reason: 'Cancelled from our CRM' });
    expect((await fixtures.bookingsOf(stranger.id)).find((one) => one.id === strangersBooking)?.status).toBe(
      'confirmed',
    );
    expect(sessionReads).not.toHaveBeenCalled();
  });

  it('acts for an administrator’s host account only, never as an administrator', async () => {
    const admin = await account({ admin: true });
    const other = await account();
    const adminsEvent = await fixtures.eventType(admin.id);
    const othersEvent = await fixtures.eventType(other.id);
    const own = await booking(adminsEvent, '2026-03-04T10:00:00-05:00');
    const others = await booking(othersEvent, '2026-03-04T11:00:00-05:00');
    const { key } = await newKey(admin);
    const range = { start: '2026-03-04', end: '2026-03-04' };

    // The administrator's session sees both bookings; their key, their own only.
    const bySession = await call('listBookings', { session: admin.id, admin: true }, { query: range });
    expect((bySession.body as { id: string }[]).map((one) => one.id)).toEqual(expect.arrayContaining([own, others]));
    const byKey = await call('listBookings', { key }, { query: range });
    expect((byKey.body as { id: string }[]).map((one) => one.id)).toEqual([own]);
    expect((await call('getBooking', { key }, { params: { id: others } })).status).toBe(404);
    expect((await call('cancelBooking', { key }, { params: { id: others }, body: {} })).status).toBe(404);
    expect((await call('getBooking', { session: admin.id, admin: true }, { params: { id: others } })).status).toBe(200);
  });

  it('manages its host’s webhooks', async () => {
    const host = await account();
    const stranger = await account();
    const { key } = await newKey(host);
    const as = { key };
    const created = await call('createWebhook', as, {
      body: { url: 'https://hooks.example.com/meetwise', events: ['booking.created'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const webhook = created.body as { id: string; secret: string };
    expect(webhook.secret).toMatch(/^whsec_/);
    expect(await call('listWebhooks', as)).toMatchObject({ status: 200, body: [{ id: webhook.id }] });
    expect((await call('listWebhooks', { session: stranger.id })).body).toEqual([]);
    expect(
      await call('updateWebhook', as, {
        params: { id: webhook.id },
        body: { events: ['booking.created', 'booking.cancelled'] },
      }),
    ).toMatchObject({ status: 200, body: { events: ['booking.created', 'booking.cancelled'] } });
    expect((await call('testWebhook', as, { params: { id: webhook.id } })).status).toBe(202);
    expect((await call('listWebhookDeliveries', as, { params: { id: webhook.id } })).status).toBe(200);
    expect(await call('redeliverWebhook', as, { params: { id: webhook.id, deliveryId: randomUUID() } })).toMatchObject({
      status: 404,
      body: { message: 'Delivery not found.' },
    });
    // Another host's key does not reach this endpoint.
    const strangersKey = await newKey(stranger);
    expect(await call('deleteWebhook', { key: strangersKey.key }, { params: { id: webhook.id } })).toMatchObject({
      status: 404,
      body: { message: 'Webhook not found.' },
    });
    expect((await call('deleteWebhook', as, { params: { id: webhook.id } })).status).toBe(200);
    expect((await call('listWebhooks', as)).body).toEqual([]);
  });
});

describe('what a key cannot do', () => {
  it('is refused with 403 by every row of the table without apiKey, before anything runs', async () => {
    const host = await account();
    const { key } = await newKey(host);
    const refusedRows = routeTable.filter((route) => !route.apiKey);
    // Account, profile, billing, settings, team membership and the keys themselves are among them.
    expect(refusedRows.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        'getMe',
        'updateProfile',
        'deleteAccount',
        'logout',
        'updateSettings',
        'createTeam',
        'inviteTeamMember',
        'acceptTeamInvitation',
        'removeTeamMember',
        'createApiKey',
        'listApiKeys',
        'deleteApiKey',
        'createPaymentIntent',
        'cancelSubscription',
        'createEvent',
        'updateEvent',
      ]),
    );
    const ran = vi.fn(async () => ({}));
    for (const route of refusedRows) {
      const handler = httpRoute(route, ran as never, async () => ({
        ...deps,
        sessions: { authenticate: async () => COOKIE_USER },
      }));
      const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1]!, 'x']));
      const result = (await handler(
        apiEvent({
          method: route.method,
          path: route.path.replace(/\{(\w+)\}/g, 'x'),
          pathParameters: params,
          headers: { ...jsonHeaders, authorization: `Bearer ${key}` },
          cookies: ['meetwise_session=a-session-of-someone-else'],
          ...(route.method === 'GET' ? {} : { body: '{}' }),
        }),
        { ...testContext, awsRequestId: randomUUID() },
      )) as { statusCode: number; body: string };
      expect({ route: route.name, status: result.statusCode, body: JSON.parse(result.body) as unknown }).toEqual({
        route: route.name,
        status: 403,
        body: { message: 'API keys cannot be used for this request.', code: 'FORBIDDEN' },
      });
    }
    expect(ran).not.toHaveBeenCalled();
  });

  it('is refused the same through the local server, by the real handlers, with a session cookie beside it', async () => {
    const app = await startAppServer();
    try {
      const host = await account();
      const { key } = await newKey(host);
      const ask = (method: string, path: string, body?: unknown) =>
        fetch(`${app.baseUrl}${path}`, {
          method,
          headers: { ...jsonHeaders, authorization: `Bearer ${key}`, cookie: 'meetwise_session=whatever' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      for (const [method, path, body] of [
        ['GET', '/api/me'],
        ['POST', '/api/profile/update', { name: 'Mallory', email: 'mallory@example.com' }],
        ['POST', '/api/api-keys', { name: 'A key making keys' }],
        ['GET', '/api/api-keys'],
        ['GET', '/api/settings'],
        ['POST', '/api/teams', { name: 'Team', slug: `t-${unique()}` }],
      ] as const) {
        const answer = await ask(method, path, body);
        expect({ path, status: answer.status, body: await answer.json() }).toEqual({
          path,
          status: 403,
          body: { message: 'API keys cannot be used for this request.', code: 'FORBIDDEN' },
        });
      }
      // The same key on a row that takes one, through the same server: its host's event types.
      const events = await ask('GET', '/api/events');
      expect(events.status).toBe(200);
      expect(await events.json()).toEqual([]);
      expect(await listed(host)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('answers 401 once revoked, and to an unknown or malformed key', async () => {
    const host = await account();
    const { id, key } = await newKey(host);
    const kept = await newKey(host, 'Kept');
    expect((await call('listEvents', { key })).status).toBe(200);
    expect(await call('deleteApiKey', { session: host.id }, { params: { id } })).toMatchObject({
      status: 200,
      body: { message: 'API key revoked.' },
    });
    for (const attempt of [key, `mw_${'A'.repeat(43)}`, 'mw_short', kept.key.toUpperCase()]) {
      expect(await call('listEvents', { key: attempt }), attempt).toMatchObject({
        status: 401,
        body: { message: 'Invalid or revoked API key.', code: 'UNAUTHORIZED' },
      });
    }
    expect((await call('deleteApiKey', { session: host.id }, { params: { id } })).status).toBe(404);
    expect((await listed(host)).map((one) => one.id)).toEqual([kept.id]);
    expect((await call('listEvents', { key: kept.key })).status).toBe(200);
    // The lookup went with the record.
    const lookup = await db.send(
      new GetCommand({ TableName: config.tableName, Key: tableKeys.apiKeyLookup(apiKeyHash(key)) }),
    );
    expect(lookup.Item).toBeUndefined();
  });

  it('answers 401 once its account is deleted: no lookup outlives the account', async () => {
    const host = await account();
    const { key } = await newKey(host);
    expect((await call('listEvents', { key })).status).toBe(200);
    await deps.accounts.deleteAccount(host);
    expect((await call('listEvents', { key })).status).toBe(401);
    const lookup = await db.send(
      new GetCommand({ TableName: config.tableName, Key: tableKeys.apiKeyLookup(apiKeyHash(key)) }),
    );
    expect(lookup.Item).toBeUndefined();
  });
});

describe('the last use and the rate limit', () => {
  it('writes the last use at most once a minute, however busy the key', async () => {
    const host = await account();
    const { id, key } = await newKey(host);
    const writes = () => commands.filter((name) => name === 'TransactWriteItemsCommand').length;
    const before = writes();
    expect((await call('listEvents', { key })).status).toBe(200);
    expect(writes() - before).toBe(1);
    expect((await listed(host)).find((one) => one.id === id)?.lastUsedAt).toBe(NOW.toISOString());

    // Ten calls in the next 59 seconds, some in parallel: no write.
    current = new Date(NOW.getTime() + 30_000);
    await Promise.all(Array.from({ length: 5 }, () => call('listEvents', { key })));
    current = new Date(NOW.getTime() + 59_000);
    for (let i = 0; i < 5; i++) expect((await call('listEvents', { key })).status).toBe(200);
    expect(writes() - before).toBe(1);
    expect((await listed(host)).find((one) => one.id === id)?.lastUsedAt).toBe(NOW.toISOString());

    // A minute after the last write: one more, even from parallel calls.
    current = new Date(NOW.getTime() + 61_000);
    await Promise.all(Array.from({ length: 4 }, () => call('listEvents', { key })));
    expect(writes() - before).toBeLessThanOrEqual(5);
    expect((await listed(host)).find((one) => one.id === id)?.lastUsedAt).toBe(current.toISOString());
    current = new Date(NOW.getTime() + 62_000);
    const settled = writes();
    await call('listEvents', { key });
    expect(writes()).toBe(settled);
  });

  it('answers 429 with Retry-After past 120 calls a minute, per key, and lets the key in again after the window', async () => {
    // The suite raises every limit (RATE_LIMIT_MULTIPLIER); this test counts at the production figure.
    const strict = depsFor({ ...config, rateLimitMultiplier: 1 });
    const host = await account();
    const { key } = await newKey(host);
    const other = await newKey(host, 'Another integration');
    current = new Date(NOW.getTime() + 10_000);
    for (let batch = 0; batch < 12; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call('listEvents', { key }, { with: strict })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    }
    current = new Date(NOW.getTime() + 40_000);
    const refused = await call('listEvents', { key }, { with: strict });
    expect(refused).toMatchObject({
      status: 429,
      body: {
        message: 'Too many requests with this API key. Please try again in 30 seconds.',
        code: 'TOO_MANY_REQUESTS',
        retryAfterSeconds: 30,
      },
    });
    expect(refused.headers['Retry-After']).toBe('30');
    // The host's other key has a count of its own, and so has the host's console.
    expect((await call('listEvents', { key: other.key }, { with: strict })).status).toBe(200);
    expect((await call('listEvents', { session: host.id }, { with: strict })).status).toBe(200);
    // When the window has passed, the key works again.
    current = new Date(NOW.getTime() + 70_001);
    expect((await call('listEvents', { key }, { with: strict })).status).toBe(200);
  });
});

describe('logs', () => {
  it('names the key by its id on every key call’s lines, and never the key, whatever the answer', async () => {
    const host = await account();
    const { id, key } = await newKey(host);
    const from = logLines.length;
    expect((await call('listEvents', { key })).status).toBe(200);
    expect((await call('getBooking', { key }, { params: { id: randomUUID() } })).status).toBe(404);
    expect((await call('cancelBooking', { key }, { params: { id: 'nonsense' }, body: {} })).status).toBe(400);
    expect((await call('deleteApiKey', { key }, { params: { id } })).status).toBe(403);
    await call('deleteApiKey', { session: host.id }, { params: { id } });
    expect((await call('listEvents', { key })).status).toBe(401);
    const lines = logLines.slice(from);
    const keyCalls = lines.filter((line) => line.includes('API key call'));
    expect(keyCalls).toHaveLength(3);
    for (const line of keyCalls) expect(line).toContain(`apiKeyId=${id}`);
    expect(lines.some((line) => line.includes('API key refused'))).toBe(true);
    const everything = [...lines, ...printed].join('\n');
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(key.slice(3));
  });
});
