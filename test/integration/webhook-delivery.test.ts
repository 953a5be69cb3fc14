import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { WebhookEventType } from '#shared/api/schemas/integrations';
import { httpWebhookSender, type Resolve } from '#functions/adapters/webhooks/http-sender';
import { createWebhook } from '#functions/app/integrations/webhooks';
import type { EventRecord, HostRecord, WebhookRecord } from '#functions/domain/records';
import {
  DISABLED_FAILING,
  DISABLED_GONE,
  HTTPS_ONLY,
  MAX_ATTEMPTS,
  RETRY_DELAYS_SECONDS,
} from '#functions/domain/webhooks';
import type { Principal } from '#functions/ports/core';
import { bookingRequest, NOW, unique } from '#test/support/booking-fixtures';
import { lifecycleHarness, mailsTo } from '#test/support/lifecycle';
import { teamFixtures } from '#test/support/team-fixtures';
import { webhookReceiver } from '#test/support/webhook-receiver';

/**
 * Webhook delivery end to end on one machine (issue 29): a booking's change reaches DynamoDB Local's stream, the
 * stream poller hands it to notifyBookingChanges, which queues one message per subscribed endpoint (the table's
 * queue), and the local queue runner hands each to deliverWebhook, which posts it to a receiver on 127.0.0.1 that
 * verifies it with the `standardwebhooks` package. The clock is moved for the retries (no real waits). A second
 * harness runs the cloud's configuration (no local addresses): names resolving to 127.0.0.1 or 169.254.169.254 are
 * refused, and nothing reaches them.
 */

let h: Awaited<ReturnType<typeof lifecycleHarness>>;
let hooks: Awaited<ReturnType<typeof webhookReceiver>>;
let host: HostRecord;
let event: EventRecord;

beforeAll(async () => {
  h = await lifecycleHarness({ env: { WEBHOOKS_ALLOW_LOCAL: 'true' } });
  hooks = await webhookReceiver({ clock: () => h.deps.clock.now() });
  host = await h.fixtures.host({ name: 'Jordan Avery' });
  event = await h.fixtures.eventType(host.id, { title: 'Intro Call', duration: 30 });
}, 60_000);
afterAll(async () => {
  await hooks?.close();
  await h?.close();
});

const ALL: WebhookEventType[] = [
  'booking.created',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.confirmed',
  'booking.declined',
  'booking.no_show',
];

const principal = (userId: string): Principal => ({ userId, isAdmin: false, sessionId: 'test' });

/** Adds an endpoint of `owner` on the receiver (through the use case); answers it with its path. */
async function endpoint(owner: HostRecord, events: WebhookEventType[] = ALL, active = true) {
  const path = `/hooks/${unique()}`;
  const made = await createWebhook(h.deps, principal(owner.id), { url: hooks.url(path), events, active });
  hooks.trust(path, made.secret);
  return { ...made, path };
}

/** Books `start` on `eventRecord` as a new guest; answers the id and the guest's token. */
async function book(start: string, eventRecord: EventRecord = event) {
  const answer = await h.api.book(bookingRequest(eventRecord, start, { timezone: 'Europe/Berlin' }));
  expect(answer.status, answer.text).toBe(201);
  return { id: String(answer.body.bookingId), token: String(answer.body.rescheduleToken) };
}

/** Hands the stream to its job, then the due messages to the delivery job. */
async function settle() {
  await h.drain();
  await h.deliverWebhooks();
}

/** What one endpoint received, read: the verified payloads' type and booking id. */
const eventsAt = (path: string) =>
  hooks.at(path).map((request) => {
    const payload = request.verified as { type: string; data: { id: string } } | null;
    return { type: payload?.type, id: payload?.data.id, refused: request.refused };
  });

describe('events from the stream', () => {
  it('delivers a booking signed by Standard Webhooks to every subscribed endpoint that is on, once', async () => {
    const own = await h.fixtures.host();
    const ownEvent = await h.fixtures.eventType(own.id, { title: 'Intro Call', duration: 30 });
    const all = await endpoint(own);
    const cancelledOnly = await endpoint(own, ['booking.cancelled']);
    const off = await endpoint(own, ALL, false);
    const { id } = await book('2026-03-09T14:00:00Z', ownEvent);
    await settle();
    expect(hooks.at(cancelledOnly.path)).toEqual([]);
    expect(hooks.at(off.path)).toEqual([]);
    const [request] = hooks.at(all.path);
    expect(hooks.at(all.path)).toHaveLength(1);
    expect(request!.refused).toBeNull();
    expect(request!.headers.id).toMatch(/^msg_/);
    expect(request!.headers.timestamp).toBe(String(NOW.getTime() / 1000));
    expect(request!.verified).toMatchObject({
      type: 'booking.created',
      timestamp: NOW.toISOString(),
      data: {
        id,
        status: 'confirmed',
        start: '2026-03-09T14:00:00.000Z',
        end: '2026-03-09T14:30:00.000Z',
        eventType: { id: ownEvent.id, slug: ownEvent.slug, title: 'Intro Call' },
        guest: { name: 'Ada Lovelace', timeZone: 'Europe/Berlin' },
        hosts: [{ id: own.id, name: own.name, email: own.email }],
        cancellation: null,
        version: 1,
      },
    });
    // The payload never carries the guest's manage-link secret, nor its hash.
    const stored = (await h.fixtures.bookingsOf(own.id)).find((booking) => booking.id === id)!;
    expect(request!.body).not.toContain(stored.manageTokenHash!);
    expect(request!.body).not.toMatch(/token/i);

    // The same stream records handed over again queue nothing more: the webhook-id is the same, and queued once.
    const records = h.delivered.filter((record) => JSON.stringify(record).includes(id));
    expect(records.length).toBeGreaterThan(0);
    await h.notify({ Records: records }, h.context());
    expect(await h.deliverWebhooks()).toBe(0);
    expect(hooks.at(all.path)).toHaveLength(1);
  });

  it('cancelled, rescheduled, confirmed, declined and no-show each produce their event once', async () => {
    const own = await h.fixtures.host();
    const ownEvent = await h.fixtures.eventType(own.id, { title: 'Intro Call', duration: 30 });
    const ownPending = await h.fixtures.eventType(own.id, {
      title: 'Review',
      duration: 30,
      requiresConfirmation: true,
    });
    const { path } = await endpoint(own);

    const cancelled = await book('2026-03-10T14:00:00Z', ownEvent);
    const moved = await book('2026-03-10T15:00:00Z', ownEvent);
    const confirmed = await book('2026-03-11T14:00:00Z', ownPending);
    const declined = await book('2026-03-11T15:00:00Z', ownPending);
    const noShow = await book('2026-03-02T14:00:00Z', ownEvent);
    await settle();

    expect((await h.cancelAsOwner(own.id, cancelled.id, { reason: 'Sick' })).status).toBe(200);
    const rescheduled = await h.api.book({
      ...bookingRequest(ownEvent, '2026-03-12T15:00:00Z', { timezone: 'Europe/Berlin' }),
      reschedule: { bookingId: moved.id, startTime: '2026-03-10T15:00:00Z', token: moved.token },
    });
    expect(rescheduled.status, rescheduled.text).toBe(201);
    const movedTo = String(rescheduled.body.bookingId);
    expect((await h.confirm(own.id, confirmed.id)).status).toBe(200);
    expect((await h.decline(own.id, declined.id, { reason: 'Busy' })).status).toBe(200);
    h.at('2026-03-02T15:00:00Z');
    expect((await h.noShow(own.id, noShow.id, { noShow: true })).status).toBe(200);
    await settle();
    // Unmarking the no-show is no event.
    expect((await h.noShow(own.id, noShow.id, { noShow: false })).status).toBe(200);
    await settle();
    h.at(NOW);

    const received = eventsAt(path);
    expect(received.every((request) => request.refused === null)).toBe(true);
    const of = (id: string) => received.filter((request) => request.id === id).map((request) => request.type);
    expect(of(cancelled.id)).toEqual(['booking.created', 'booking.cancelled']);
    // A reschedule is one event, of the new booking: the old one's cancellation is not a booking.cancelled.
    expect(of(moved.id)).toEqual(['booking.created']);
    expect(of(movedTo)).toEqual(['booking.rescheduled']);
    expect(of(confirmed.id)).toEqual(['booking.created', 'booking.confirmed']);
    expect(of(declined.id)).toEqual(['booking.created', 'booking.declined']);
    expect(of(noShow.id)).toEqual(['booking.created', 'booking.no_show']);
    expect(received).toHaveLength(10);

    const reschedule = hooks.at(path).find((request) => request.headers.id && request.body.includes(movedTo));
    expect(reschedule!.verified).toMatchObject({
      type: 'booking.rescheduled',
      data: { id: movedTo, rescheduledFrom: { id: moved.id, start: '2026-03-10T15:00:00.000Z' } },
    });
    const cancellation = hooks
      .at(path)
      .map((request) => request.verified as { type: string; data: Record<string, unknown> })
      .find((payload) => payload.type === 'booking.cancelled');
    expect(cancellation!.data).toMatchObject({ status: 'cancelled', cancellation: { by: 'host', reason: 'Sick' } });
  });

  it("sends a team booking to every host's endpoints, once each", async () => {
    const teams = teamFixtures(h.config);
    const members = await teams.hosts(2);
    const team = await teams.team(members);
    const teamEvent = await teams.teamEvent(team, 'collective', members, { duration: 30 });
    const first = await endpoint(members[0]!, ['booking.created']);
    const second = await endpoint(members[1]!, ['booking.created']);
    const { id } = await book('2026-03-13T14:00:00Z', teamEvent);
    await settle();
    for (const { path } of [first, second]) {
      expect(eventsAt(path)).toEqual([{ type: 'booking.created', id, refused: null }]);
    }
    const payload = hooks.at(first.path)[0]!.verified as { data: { hosts: { id: string }[]; team: { id: string } } };
    expect(payload.data.hosts.map((each) => each.id).sort()).toEqual(members.map((member) => member.id).sort());
    expect(payload.data.team.id).toBe(team.id);
    expect(hooks.at(first.path)[0]!.headers.id).not.toBe(hooks.at(second.path)[0]!.headers.id);
  });
});

/** Moves the clock to the endpoint's next attempt (from its log) and hands over what is due. */
async function nextAttempt(owner: string, webhookId: string): Promise<void> {
  const [last] = await h.deps.webhooks.deliveries(owner, webhookId, 1);
  expect(last?.nextAttemptAt, 'no next attempt').not.toBeNull();
  // Not a moment before its time.
  h.at(new Date(Date.parse(last!.nextAttemptAt!) - 1_000));
  expect(await h.deliverWebhooks()).toBe(0);
  h.at(last!.nextAttemptAt!);
  expect(await h.deliverWebhooks()).toBe(1);
}

describe('retries', () => {
  it('a receiver answering 500 twice then 200 gets three attempts with one webhook-id and fresh timestamps', async () => {
    const own = await h.fixtures.host();
    const hook = await endpoint(own);
    hooks.answer(500, 500);
    await createTestPing(own, hook.id);
    await h.deliverWebhooks();
    await nextAttempt(own.id, hook.id);
    await nextAttempt(own.id, hook.id);
    h.at(NOW);

    const requests = hooks.at(hook.path);
    expect(requests).toHaveLength(3);
    expect(requests.every((request) => request.refused === null)).toBe(true);
    expect(new Set(requests.map((request) => request.headers.id)).size).toBe(1);
    expect(new Set(requests.map((request) => request.headers.timestamp)).size).toBe(3);
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);

    const log = await h.deps.webhooks.deliveries(own.id, hook.id, 100);
    expect(log.map((line) => [line.attempt, line.status])).toEqual([
      [3, 200],
      [2, 500],
      [1, 500],
    ]);
    const wait = (line: (typeof log)[number]) => Date.parse(line.nextAttemptAt!) - Date.parse(line.at);
    // About 5 s, then about 1 min (±20%).
    expect(wait(log[2]!)).toBeGreaterThanOrEqual(4_000);
    expect(wait(log[2]!)).toBeLessThanOrEqual(6_000);
    expect(wait(log[1]!)).toBeGreaterThanOrEqual(48_000);
    expect(wait(log[1]!)).toBeLessThanOrEqual(72_000);
    expect(log[0]!.nextAttemptAt).toBeNull();
    expect(log[1]!.error).toBe('Receiver says 500');
    // Delivered: the endpoint is not failing any more.
    expect((await h.deps.webhooks.get(own.id, hook.id))!.failingSince).toBeNull();
  });

  it("gives up after Svix's nine attempts, over a day, without switching the endpoint off", async () => {
    const own = await h.fixtures.host();
    const hook = await endpoint(own);
    hooks.answer(...Array.from({ length: MAX_ATTEMPTS }, () => 503));
    await createTestPing(own, hook.id);
    await h.deliverWebhooks();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) await nextAttempt(own.id, hook.id);
    const log = await h.deps.webhooks.deliveries(own.id, hook.id, 100);
    expect(log.map((line) => line.attempt)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(log[0]!.nextAttemptAt).toBeNull();
    const span = Date.parse(log[0]!.at) - Date.parse(log[8]!.at);
    const total = RETRY_DELAYS_SECONDS.reduce((sum, seconds) => sum + seconds, 0) * 1000;
    expect(span).toBeGreaterThanOrEqual(total * 0.8);
    expect(span).toBeLessThanOrEqual(total * 1.2);
    expect(hooks.at(hook.path)).toHaveLength(9);
    expect(await h.deps.webhooks.get(own.id, hook.id)).toMatchObject({ active: true, disabledReason: null });
    // Nothing more comes.
    h.at(new Date(Date.parse(log[0]!.at) + 7 * 86_400_000));
    expect(await h.deliverWebhooks()).toBe(0);
    h.at(NOW);
  });

  it('410 Gone switches the endpoint off at once: no retry, and its queued messages are dropped', async () => {
    const own = await h.fixtures.host();
    const hook = await endpoint(own);
    hooks.answer(410);
    await createTestPing(own, hook.id);
    await createTestPing(own, hook.id, new Date(NOW.getTime() + 60_000));
    await h.deliverWebhooks();
    expect(await h.deps.webhooks.get(own.id, hook.id)).toMatchObject({ active: false, disabledReason: DISABLED_GONE });
    const log = await h.deps.webhooks.deliveries(own.id, hook.id, 100);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: 410, nextAttemptAt: null });
    // The second message comes due and is dropped: nothing sent, nothing logged.
    h.at(new Date(NOW.getTime() + 61_000));
    expect(await h.deliverWebhooks()).toBe(1);
    h.at(NOW);
    expect(hooks.at(hook.path)).toHaveLength(1);
    expect(await h.deps.webhooks.deliveries(own.id, hook.id, 100)).toHaveLength(1);
    // And a new booking queues nothing for it.
    const ownEvent = await h.fixtures.eventType(own.id, { duration: 30 });
    await book('2026-03-16T14:00:00Z', ownEvent);
    await settle();
    expect(hooks.at(hook.path)).toHaveLength(1);
  });

  it('an endpoint failing for 3 days in a row is switched off and its owner mailed, once', async () => {
    const own = await h.fixtures.host({ name: 'Riley Quinn' });
    const hook = await endpoint(own);
    hooks.always(hook.path, 500);
    await createTestPing(own, hook.id);
    await h.deliverWebhooks();
    expect((await h.deps.webhooks.get(own.id, hook.id))!.failingSince).toBe(NOW.toISOString());
    // Just short of 3 days later it fails again (the retry due long ago goes at once): still on.
    const almost = new Date(NOW.getTime() + 3 * 86_400_000 - 60_000);
    h.at(almost);
    expect(await h.deliverWebhooks()).toBe(1);
    expect(await h.deps.webhooks.get(own.id, hook.id)).toMatchObject({ active: true, failingSince: NOW.toISOString() });
    // Three days after its first failure, with no success between: off, no more retries, one mail.
    const later = new Date(NOW.getTime() + 3 * 86_400_000);
    h.at(later);
    await createTestPing(own, hook.id, later);
    await h.deliverWebhooks();
    expect(await h.deps.webhooks.get(own.id, hook.id)).toMatchObject({
      active: false,
      disabledReason: DISABLED_FAILING,
    });
    const [last] = await h.deps.webhooks.deliveries(own.id, hook.id, 1);
    expect(last).toMatchObject({ status: 500, nextAttemptAt: null, at: later.toISOString() });
    // Whatever was still queued for it is dropped.
    h.at(new Date(later.getTime() + 86_400_000));
    await h.deliverWebhooks();
    h.at(NOW);
    expect(await h.deps.webhooks.deliveries(own.id, hook.id, 100)).toHaveLength(hooks.at(hook.path).length);
    const mails = (await mailsTo(own.email)).filter((mail) => mail.subject === 'A Meetwise webhook was switched off');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain(hooks.url(hook.path));
    expect(mails[0]!.body.text).toContain('Riley Quinn');
    expect(mails[0]!.body.text).toContain('/integrations/webhooks');
    expect(mails[0]!.body.html).toContain('Riley Quinn');
    expect(mails[0]!.body.html).toMatch(/<a href="[^"]+\/integrations\/webhooks"/);
  });

  it('a success clears the failing streak', async () => {
    const own = await h.fixtures.host();
    const hook = await endpoint(own);
    hooks.answer(500);
    await createTestPing(own, hook.id);
    await h.deliverWebhooks();
    expect((await h.deps.webhooks.get(own.id, hook.id))!.failingSince).toBe(NOW.toISOString());
    await nextAttempt(own.id, hook.id);
    h.at(NOW);
    expect((await h.deps.webhooks.get(own.id, hook.id))!.failingSince).toBeNull();
  });

  it('stops delivering to a deleted endpoint (nothing sent, nothing logged)', async () => {
    const own = await h.fixtures.host();
    const hook = await endpoint(own);
    await createTestPing(own, hook.id);
    expect(await h.deps.webhooks.delete(own.id, hook.id)).toBe(true);
    expect(await h.deliverWebhooks()).toBe(1);
    expect(hooks.at(hook.path)).toEqual([]);
    expect(await h.deps.webhooks.deliveries(own.id, hook.id, 100)).toEqual([]);
  });
});

/** Queues a ping to the endpoint at `at` (as the test route does). */
async function createTestPing(owner: HostRecord, webhookId: string, at: Date = h.deps.clock.now()) {
  await h.deps.webhookQueue.send(
    {
      id: `msg_${unique()}`,
      hostId: owner.id,
      webhookId,
      type: 'ping',
      body: JSON.stringify({ type: 'ping', timestamp: at.toISOString(), data: { webhookId } }),
      attempt: 1,
      notBefore: at.toISOString(),
    },
    at,
  );
}

describe('the cloud configuration: public addresses only', () => {
  let cloud: Awaited<ReturnType<typeof lifecycleHarness>>;
  let listener: Server;
  let connections = 0;
  let port: number;
  /** What the fake DNS answers: the names of the tests point at this machine and at the metadata service. */
  const names: Record<string, string> = {};
  const resolve: Resolve = async (hostname) => {
    const address = names[hostname];
    if (!address) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

  beforeAll(async () => {
    cloud = await lifecycleHarness({
      overrides: (deps) => ({
        webhookSender: httpWebhookSender({ allowLocal: deps.config.webhooks.allowLocal, resolve }),
      }),
    });
    // A TCP listener on 127.0.0.1 that counts connections: a refused address must not even be connected to.
    listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done));
    port = (listener.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((done) => listener?.close(() => done()));
    await cloud?.close();
  });

  async function cloudEndpoint(owner: HostRecord, url: string): Promise<WebhookRecord> {
    const made = await createWebhook(cloud.deps, principal(owner.id), { url, events: ALL });
    return (await cloud.deps.webhooks.get(owner.id, made.id))!;
  }

  it('runs without the one-machine setting', () => {
    expect(cloud.deps.config.webhooks.allowLocal).toBe(false);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link-local'],
  ])(
    'refuses an https endpoint whose name resolves to %s at every attempt, and never connects',
    async (address, kind) => {
      const owner = await cloud.fixtures.host();
      const ownEvent = await cloud.fixtures.eventType(owner.id, { duration: 30 });
      const name = `hooks-${unique()}.example.test`;
      names[name] = address;
      const hook = await cloudEndpoint(owner, `https://${name}:${port}/meetwise`);
      const before = connections;
      await cloud.api.book(bookingRequest(ownEvent, '2026-03-09T14:00:00Z'));
      await cloud.drain();
      expect(await cloud.deliverWebhooks()).toBe(1);
      const [line] = await cloud.deps.webhooks.deliveries(owner.id, hook.id, 1);
      expect(line).toMatchObject({ type: 'booking.created', attempt: 1, status: null });
      expect(line!.error).toContain(`Refused: ${name} resolves to ${address}, a ${kind}`);
      // A failure like any other: retried on the schedule (the name may point elsewhere by then), never connected.
      expect(line!.nextAttemptAt).not.toBeNull();
      cloud.at(line!.nextAttemptAt!);
      expect(await cloud.deliverWebhooks()).toBe(1);
      cloud.at(NOW);
      expect(await cloud.deps.webhooks.deliveries(owner.id, hook.id, 100)).toHaveLength(2);
      expect(connections).toBe(before);
    },
  );

  it('refuses http:// when the endpoint is added, and at delivery', async () => {
    const owner = await cloud.fixtures.host();
    await expect(
      createWebhook(cloud.deps, principal(owner.id), { url: `http://127.0.0.1:${port}/x`, events: ALL }),
    ).rejects.toThrow(HTTPS_ONLY);
    await expect(
      createWebhook(cloud.deps, principal(owner.id), { url: 'http://hooks.example.com/x', events: ALL }),
    ).rejects.toThrow(HTTPS_ONLY);
    // One written before (say on one machine, then the table copied): refused when it would be sent.
    const hook = await cloudEndpoint(owner, 'https://hooks.example.com/x');
    await cloud.deps.webhooks.update(owner.id, hook.id, { url: `http://127.0.0.1:${port}/x` });
    const before = connections;
    await cloud.deps.webhookQueue.send(
      {
        id: 'msg_http',
        hostId: owner.id,
        webhookId: hook.id,
        type: 'ping',
        body: '{}',
        attempt: 1,
        notBefore: NOW.toISOString(),
      },
      NOW,
    );
    expect(await cloud.deliverWebhooks()).toBe(1);
    const [line] = await cloud.deps.webhooks.deliveries(owner.id, hook.id, 1);
    expect(line!.error).toBe(`Refused: ${HTTPS_ONLY}`);
    expect(connections).toBe(before);
  });
});
