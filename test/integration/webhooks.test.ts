import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { routes } from '#shared/api/routes';
import { WEBHOOKS_PER_HOST_MAX } from '#shared/api/schemas/integrations';
import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { keys } from '#functions/adapters/dynamodb/keys';
import {
  DELIVERY_NOT_FOUND,
  SWITCHED_OFF,
  TOO_MANY_WEBHOOKS,
  WEBHOOK_NOT_FOUND,
} from '#functions/app/integrations/webhooks';
import type { AccountRecord } from '#functions/domain/records';
import { deliveryId, DISABLED_GONE, HTTPS_ONLY_LOCAL, NOT_PUBLIC } from '#functions/domain/webhooks';
import { run as createRun } from '#functions/handlers/createWebhook';
import { run as deleteRun } from '#functions/handlers/deleteWebhook';
import { run as deliveriesRun } from '#functions/handlers/listWebhookDeliveries';
import { run as listRun } from '#functions/handlers/listWebhooks';
import { run as redeliverRun } from '#functions/handlers/redeliverWebhook';
import { run as testRun } from '#functions/handlers/testWebhook';
import { run as updateRun } from '#functions/handlers/updateWebhook';
import { httpRoute } from '#functions/http/route-handler';
import type { Principal } from '#functions/ports/core';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { NOW, unique } from '#test/support/booking-fixtures';
import { lifecycleHarness } from '#test/support/lifecycle';
import { webhookReceiver } from '#test/support/webhook-receiver';

/**
 * The webhook routes (issue 29) against DynamoDB Local, through the route table's rows and handlers, on one machine's
 * configuration (local receivers allowed): adding an endpoint (its secret answered once and stored sealed), the
 * list, changes, deletion, validation, at most 10 per host (also under a race), another host's endpoint answered as
 * unknown (404, nothing changed), the test event delivered and verified by a receiver, the delivery log newest first
 * (the last 100) and a redelivery with the same webhook-id.
 */

let h: Awaited<ReturnType<typeof lifecycleHarness>>;
let hooks: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  h = await lifecycleHarness({ env: { WEBHOOKS_ALLOW_LOCAL: 'true' } });
  hooks = await webhookReceiver({ clock: () => h.deps.clock.now() });
}, 60_000);
afterAll(async () => {
  await hooks?.close();
  await h?.close();
});

type Answer = { status: number; body: Record<string, unknown> & { message?: string }; list: Record<string, unknown>[] };

const runs = {
  createWebhook: createRun,
  listWebhooks: listRun,
  updateWebhook: updateRun,
  deleteWebhook: deleteRun,
  testWebhook: testRun,
  listWebhookDeliveries: deliveriesRun,
  redeliverWebhook: redeliverRun,
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
  return {
    status: result.statusCode,
    body: (Array.isArray(parsed) ? {} : parsed) as Answer['body'],
    list: Array.isArray(parsed) ? (parsed as Record<string, unknown>[]) : [],
  };
}

async function account(): Promise<AccountRecord> {
  const id = `user-${unique()}`;
  const record: AccountRecord = {
    id,
    name: `Host ${id.slice(-4)}`,
    email: `${id}@webhooks.test`,
    username: id,
    photoUrl: null,
    createdAt: NOW.toISOString(),
    passwordHash: null,
    role: null,
    googleSubject: null,
    emailVerified: true,
  };
  expect(await h.deps.accounts.create(record)).toBe('created');
  return record;
}

/** Adds an endpoint through the route; answers it with its secret. */
async function endpoint(owner: AccountRecord, body: Record<string, unknown> = {}) {
  const path = `/hooks/${unique()}`;
  const answer = await call('createWebhook', owner.id, {
    body: { url: hooks.url(path), events: ['booking.created'], ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  hooks.trust(path, String(answer.body.secret));
  return { id: String(answer.body.id), secret: String(answer.body.secret), path };
}

const raw = () => createDocumentClient(createDynamoClient(h.config));

describe('adding, listing, changing and deleting endpoints', () => {
  it('adds an endpoint, answers its secret once and keeps it only sealed', async () => {
    const owner = await account();
    const answer = await call('createWebhook', owner.id, {
      body: { url: 'https://hooks.example.com/meetwise', events: ['booking.created', 'booking.cancelled'] },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      url: 'https://hooks.example.com/meetwise',
      events: ['booking.created', 'booking.cancelled'],
      active: true,
      disabledReason: null,
      createdAt: NOW.toISOString(),
    });
    const secret = String(answer.body.secret);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    // The list never answers a secret.
    const listed = await call('listWebhooks', owner.id);
    expect(listed.status).toBe(200);
    const { secret: _secret, ...view } = answer.body;
    expect(listed.list).toEqual([view]);
    expect(JSON.stringify(listed.list)).not.toContain('whsec_');
    // Stored sealed (AES-GCM, bound to the endpoint), never in clear: the item holds neither the secret nor its key.
    const { Item } = await raw().send(
      new GetCommand({ TableName: h.config.tableName, Key: keys.webhook(owner.id, String(answer.body.id)) }),
    );
    expect(Item).toMatchObject({ type: 'Webhook', url: 'https://hooks.example.com/meetwise', active: true });
    expect(JSON.stringify(Item)).not.toContain(secret);
    expect(JSON.stringify(Item)).not.toContain(secret.slice(6));
    expect(await h.deps.tokenCipher.open(String(Item!.sealedSecret), `webhook:${owner.id}:${answer.body.id}`)).toBe(
      secret,
    );
    await expect(
      h.deps.tokenCipher.open(String(Item!.sealedSecret), `webhook:someone-else:${answer.body.id}`),
    ).rejects.toThrow();
  });

  it('lists oldest first, each host only their own', async () => {
    const owner = await account();
    const other = await account();
    const first = await endpoint(owner);
    h.at(new Date(NOW.getTime() + 60_000));
    const second = await endpoint(owner, { active: false });
    h.at(NOW);
    await endpoint(other);
    const listed = await call('listWebhooks', owner.id);
    expect(listed.list.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(listed.list[1]!.active).toBe(false);
  });

  it('changes the URL, the events and the switch; switching on clears why the server switched it off', async () => {
    const owner = await account();
    const { id } = await endpoint(owner);
    const changed = await call('updateWebhook', owner.id, {
      params: { id },
      body: { url: 'https://hooks.example.com/v2', events: ['booking.no_show'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      url: 'https://hooks.example.com/v2',
      events: ['booking.no_show'],
      active: true,
    });
    // The server switches it off (as a 410 would), the owner switches it on again.
    expect(await h.deps.webhooks.disable(owner.id, id, DISABLED_GONE)).toBe(true);
    await h.deps.webhooks.markFailing(owner.id, id, NOW.toISOString());
    expect((await call('listWebhooks', owner.id)).list[0]).toMatchObject({
      active: false,
      disabledReason: DISABLED_GONE,
    });
    const on = await call('updateWebhook', owner.id, { params: { id }, body: { active: true } });
    expect(on.body).toMatchObject({ active: true, disabledReason: null });
    expect((await h.deps.webhooks.get(owner.id, id))!.failingSince).toBeNull();
    const off = await call('updateWebhook', owner.id, { params: { id }, body: { active: false } });
    expect(off.body).toMatchObject({ active: false, disabledReason: null });
  });

  it('deletes an endpoint and its log', async () => {
    const owner = await account();
    const { id } = await endpoint(owner);
    await h.deps.webhooks.logAttempt(logEntry(owner.id, id, 1, NOW.getTime()));
    const deleted = await call('deleteWebhook', owner.id, { params: { id } });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Webhook deleted.' } });
    expect((await call('listWebhooks', owner.id)).list).toEqual([]);
    expect(await h.deps.webhooks.deliveries(owner.id, id, 100)).toEqual([]);
    expect(await call('deleteWebhook', owner.id, { params: { id } })).toMatchObject({
      status: 404,
      body: { message: WEBHOOK_NOT_FOUND },
    });
  });

  it('answers 401 when signed out', async () => {
    expect((await call('listWebhooks', null)).status).toBe(401);
    expect(
      (await call('createWebhook', null, { body: { url: 'https://a.example.com', events: ['booking.created'] } }))
        .status,
    ).toBe(401);
  });
});

/** A URL past the 2000 characters allowed. */
const LONG_URL = `https://hooks.example.com/${'a'.repeat(2000)}`;

describe('validation', () => {
  it.each([
    [{ url: 'not a url', events: ['booking.created'] }, 'Please enter a valid URL (https://…).'],
    [
      { url: 'https://user:pw@hooks.example.com', events: ['booking.created'] },
      'Please enter a valid URL (https://…).',
    ],
    [{ url: 'http://hooks.example.com/x', events: ['booking.created'] }, HTTPS_ONLY_LOCAL],
    [{ url: 'https://169.254.169.254/latest/meta-data', events: ['booking.created'] }, NOT_PUBLIC],
    [{ url: 'https://10.0.0.8/hook', events: ['booking.created'] }, NOT_PUBLIC],
    [{ url: LONG_URL, events: ['booking.created'] }, 'The URL cannot exceed 2000 characters.'],
    [{ url: 'https://hooks.example.com', events: [] }, 'Choose at least one event.'],
    [{ url: 'https://hooks.example.com', events: ['booking.created', 'booking.created'] }, 'Each event once.'],
    [
      { url: 'https://hooks.example.com', events: ['booking.moved'] },
      expect.stringContaining('Events are booking.created'),
    ],
    [{ url: 'https://hooks.example.com', events: ['ping'] }, expect.stringContaining('Events are')],
    [{ url: 'https://hooks.example.com', events: ['booking.created'], active: 'yes' }, 'Active is true or false.'],
    [
      { url: 'https://hooks.example.com', events: ['booking.created'], secret: 'whsec_mine' },
      'Unknown field: "secret".',
    ],
    [{ events: ['booking.created'] }, 'Please enter the endpoint URL.'],
  ])('refuses %o: 400, nothing written', async (body, message) => {
    const owner = await account();
    const answer = await call('createWebhook', owner.id, { body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(message);
    expect((await call('listWebhooks', owner.id)).list).toEqual([]);
  });

  it('checks a changed URL and events the same way', async () => {
    const owner = await account();
    const { id } = await endpoint(owner);
    const refused = await call('updateWebhook', owner.id, { params: { id }, body: { url: 'https://10.0.0.9/x' } });
    expect(refused).toMatchObject({ status: 400, body: { message: NOT_PUBLIC } });
    const twice = await call('updateWebhook', owner.id, {
      params: { id },
      body: { events: ['booking.cancelled', 'booking.cancelled'] },
    });
    expect(twice).toMatchObject({ status: 400, body: { message: 'Each event once.' } });
    expect((await h.deps.webhooks.get(owner.id, id))!.events).toEqual(['booking.created']);
  });

  it('answers an id that is no id as not found', async () => {
    const owner = await account();
    expect(await call('updateWebhook', owner.id, { params: { id: 'nope' }, body: { active: true } })).toMatchObject({
      status: 400,
      body: { message: WEBHOOK_NOT_FOUND },
    });
  });
});

describe('at most 10 per host', () => {
  it(`refuses the ${WEBHOOKS_PER_HOST_MAX + 1}th with 409, and takes one again after a deletion`, async () => {
    const owner = await account();
    const made = [];
    for (let i = 0; i < WEBHOOKS_PER_HOST_MAX; i++) made.push(await endpoint(owner));
    const refused = await call('createWebhook', owner.id, {
      body: { url: 'https://hooks.example.com/11', events: ['booking.created'] },
    });
    expect(refused).toMatchObject({ status: 409, body: { message: TOO_MANY_WEBHOOKS } });
    expect((await call('listWebhooks', owner.id)).list).toHaveLength(WEBHOOKS_PER_HOST_MAX);
    // Another host is not affected.
    await endpoint(await account());
    expect((await call('deleteWebhook', owner.id, { params: { id: made[0]!.id } })).status).toBe(200);
    await endpoint(owner);
    expect((await call('listWebhooks', owner.id)).list).toHaveLength(WEBHOOKS_PER_HOST_MAX);
  });

  it('lets exactly one of several racing creations take the last place', async () => {
    const owner = await account();
    for (let i = 0; i < WEBHOOKS_PER_HOST_MAX - 1; i++) await endpoint(owner);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        call('createWebhook', owner.id, {
          body: { url: `https://hooks.example.com/${n}`, events: ['booking.created'] },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await call('listWebhooks', owner.id)).list).toHaveLength(WEBHOOKS_PER_HOST_MAX);
  });
});

describe("another host's endpoint", () => {
  it('is 404 "Webhook not found." for every route, and nothing changes', async () => {
    const owner = await account();
    const intruder = await account();
    const { id } = await endpoint(owner);
    const logged = logEntry(owner.id, id, 1, NOW.getTime());
    await h.deps.webhooks.logAttempt(logged);
    const before = await h.deps.webhooks.get(owner.id, id);
    const notFound = { status: 404, body: { message: WEBHOOK_NOT_FOUND } };
    expect(await call('updateWebhook', intruder.id, { params: { id }, body: { active: false } })).toMatchObject(
      notFound,
    );
    expect(await call('deleteWebhook', intruder.id, { params: { id } })).toMatchObject(notFound);
    expect(await call('testWebhook', intruder.id, { params: { id } })).toMatchObject(notFound);
    expect(await call('listWebhookDeliveries', intruder.id, { params: { id } })).toMatchObject(notFound);
    expect(await call('redeliverWebhook', intruder.id, { params: { id, deliveryId: logged.id } })).toMatchObject(
      notFound,
    );
    expect(await h.deps.webhooks.get(owner.id, id)).toEqual(before);
    expect((await call('listWebhooks', intruder.id)).list).toEqual([]);
    expect(await h.deps.webhooks.deliveries(owner.id, id, 100)).toHaveLength(1);
    // An unknown id answers the same.
    expect(await call('testWebhook', owner.id, { params: { id: randomUUID() } })).toMatchObject(notFound);
  });
});

/** A log line written directly (its id a UUIDv7 of `atMs`). */
function logEntry(hostId: string, webhookId: string, attempt: number, atMs: number) {
  return {
    id: deliveryId(
      atMs,
      new Uint8Array(10).map(() => Math.floor(Math.random() * 256)),
    ),
    webhookId,
    hostId,
    messageId: 'msg_logged',
    type: 'booking.created' as const,
    attempt,
    status: 500,
    durationMs: 12,
    at: new Date(atMs).toISOString(),
    nextAttemptAt: null,
    error: 'Receiver says 500',
    body: '{"type":"booking.created","timestamp":"2026-03-02T12:00:00.000Z","data":{}}',
  };
}

describe('the test event, the log and a redelivery', () => {
  it('queues a signed ping (202) that the receiver verifies, and logs the attempt', async () => {
    const owner = await account();
    const { id, path } = await endpoint(owner);
    const queued = await call('testWebhook', owner.id, { params: { id } });
    expect(queued).toMatchObject({ status: 202, body: { message: 'Test event queued.' } });
    expect(String(queued.body.id)).toMatch(/^msg_/);
    expect(hooks.at(path)).toHaveLength(0);
    expect(await h.deliverWebhooks()).toBeGreaterThanOrEqual(1);
    const [ping] = hooks.at(path);
    expect(ping!.refused).toBeNull();
    expect(ping!.headers.id).toBe(queued.body.id);
    expect(ping!.verified).toMatchObject({ type: 'ping', data: { webhookId: id } });
    const log = await call('listWebhookDeliveries', owner.id, { params: { id } });
    expect(log.status).toBe(200);
    expect(log.list).toEqual([
      {
        id: expect.any(String),
        webhookId: id,
        type: 'ping',
        attempt: 1,
        status: 200,
        durationMs: expect.any(Number),
        at: NOW.toISOString(),
        nextAttemptAt: null,
        error: 'ok',
      },
    ]);
  });

  it('sends nothing to a switched-off endpoint (409)', async () => {
    const owner = await account();
    const { id } = await endpoint(owner, { active: false });
    expect(await call('testWebhook', owner.id, { params: { id } })).toMatchObject({
      status: 409,
      body: { message: SWITCHED_OFF },
    });
  });

  it('answers the last 100 attempts, newest first', async () => {
    const owner = await account();
    const { id } = await endpoint(owner);
    for (let i = 0; i < 105; i++)
      await h.deps.webhooks.logAttempt(logEntry(owner.id, id, (i % 9) + 1, NOW.getTime() + i * 1000));
    const log = await call('listWebhookDeliveries', owner.id, { params: { id } });
    expect(log.list).toHaveLength(100);
    expect(log.list[0]!.at).toBe(new Date(NOW.getTime() + 104_000).toISOString());
    expect(log.list[99]!.at).toBe(new Date(NOW.getTime() + 5_000).toISOString());
    const times = log.list.map((line) => String(line.at));
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('redelivers a logged attempt with the same webhook-id and body, signed afresh, once (202)', async () => {
    const owner = await account();
    const { id, path } = await endpoint(owner);
    hooks.answer(500);
    await call('testWebhook', owner.id, { params: { id } });
    await h.deliverWebhooks();
    const [failed] = (await call('listWebhookDeliveries', owner.id, { params: { id } })).list;
    expect(failed).toMatchObject({ attempt: 1, status: 500, error: 'Receiver says 500' });
    expect(failed!.nextAttemptAt).not.toBeNull();
    h.at(new Date(NOW.getTime() + 2_000));
    const again = await call('redeliverWebhook', owner.id, { params: { id, deliveryId: String(failed!.id) } });
    expect(again).toMatchObject({ status: 202, body: { message: 'Redelivery queued.' } });
    // Only the redelivery is due now (the scheduled retry comes after about 5 s).
    expect(await h.deliverWebhooks()).toBe(1);
    const [first, second] = hooks.at(path);
    expect(second!.refused).toBeNull();
    expect(second!.headers.id).toBe(first!.headers.id);
    expect(again.body.id).toBe(first!.headers.id);
    expect(second!.body).toBe(first!.body);
    expect(Number(second!.headers.timestamp)).toBe(Number(first!.headers.timestamp) + 2);
    const log = (await call('listWebhookDeliveries', owner.id, { params: { id } })).list;
    expect(log[0]).toMatchObject({ attempt: 2, status: 200, nextAttemptAt: null });
    h.at(NOW);
  });

  it('answers 404 "Delivery not found." for an unknown delivery, and 409 for a switched-off endpoint', async () => {
    const owner = await account();
    const { id } = await endpoint(owner);
    expect(await call('redeliverWebhook', owner.id, { params: { id, deliveryId: randomUUID() } })).toMatchObject({
      status: 404,
      body: { message: DELIVERY_NOT_FOUND },
    });
    const logged = logEntry(owner.id, id, 3, NOW.getTime());
    await h.deps.webhooks.logAttempt(logged);
    await call('updateWebhook', owner.id, { params: { id }, body: { active: false } });
    expect(await call('redeliverWebhook', owner.id, { params: { id, deliveryId: logged.id } })).toMatchObject({
      status: 409,
      body: { message: SWITCHED_OFF },
    });
  });
});
