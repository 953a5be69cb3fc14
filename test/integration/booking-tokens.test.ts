import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { routes } from '#shared/api/routes';
import { hmacManageTokens } from '#functions/adapters/sessions/manage-tokens';
import { sessionKey } from '#functions/adapters/sessions/session-key';
import { BOOKING_NOT_FOUND } from '#functions/app/booking/manage-booking';
import { LINK_ENDED, LINK_REPLACED } from '#functions/domain/booking-links';
import type { EventRecord, HostRecord } from '#functions/domain/records';
import { run as createBookingRun } from '#functions/handlers/createBooking';
import { httpRoute } from '#functions/http/route-handler';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { bookingRequest, unique } from '#test/support/booking-fixtures';
import { lifecycleHarness, mailsTo } from '#test/support/lifecycle';
import { integrationConfig } from '#test/support/local-stack';

/**
 * Issue 31 on DynamoDB Local, through the route table: the host's "Copy reschedule link" carries a token of its own
 * that can only reschedule (recorded as the host's move, and the mails say so), never the guest's; every cancellation
 * records who truly made it; a link's power ends when its booking has ended or was replaced; and a rotated session
 * key keeps every guest's link working (the harness runs with a new key, the configuration's as the previous one).
 * The clock starts on Monday 2 March 2026, 12:00 UTC.
 */

/** The key the configuration derives (the one before the rotation), and the new one. */
const PREVIOUS_KEY = sessionKey(integrationConfig({}));
const NEW_KEY = new Uint8Array(32).fill(7);

let h: Awaited<ReturnType<typeof lifecycleHarness>>;
let book: (body: unknown) => Promise<{ status: number; body: Record<string, unknown>; text: string }>;

beforeAll(async () => {
  h = await lifecycleHarness({ overrides: () => ({ manageTokens: hmacManageTokens(NEW_KEY, PREVIOUS_KEY) }) });
  // POST /api/bookings with the harness's dependencies (its tokens: the new key, the previous one accepted).
  const handler = httpRoute(routes.createBooking, createBookingRun, async () => h.deps);
  book = async (body) => {
    const result = (await handler(
      apiEvent({ method: 'POST', path: '/api/bookings', headers: jsonHeaders, body: JSON.stringify(body) }),
      { ...testContext, awsRequestId: randomUUID() },
    )) as { statusCode: number; body: string };
    return { status: result.statusCode, body: JSON.parse(result.body) as Record<string, unknown>, text: result.body };
  };
}, 60_000);
afterAll(() => h?.close());

/** A host of its own with a 30-minute event, and a booking of it at `start` for a new guest. */
async function booked(start = '2026-03-09T14:00:00Z') {
  const host: HostRecord = await h.fixtures.host({ name: 'Jordan Avery' });
  const event: EventRecord = await h.fixtures.eventType(host.id, { title: 'Intro Call', duration: 30 });
  const guest = `guest-${unique()}@example.com`;
  const answer = await book(bookingRequest(event, start, { email: guest }));
  expect(answer.status, answer.text).toBe(201);
  return {
    host,
    event,
    guest,
    id: String(answer.body.bookingId),
    token: String(answer.body.rescheduleToken),
    startTime: String(answer.body.startTime),
  };
}

const stored = async (id: string) => (await h.deps.bookings.findById(id))!;

/** The token in a link's fragment. */
const fragmentToken = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token');

describe("the host's reschedule link (issue 31, item 3)", () => {
  it("is a token of its own in the fragment: it opens no guest route, and its reschedule is recorded as the host's", async () => {
    const { host, event, guest, id, token, startTime } = await booked();
    const list = await h.list(host.id, { start: '2026-03-09', end: '2026-03-09', timezone: 'UTC' });
    expect(list.status, list.text).toBe(200);
    const link = String(
      (list.body as unknown as { id: string; rescheduleUrl: string }[]).find((b) => b.id === id)!.rescheduleUrl,
    );
    expect(new URL(link).search).toBe(`?reschedule=${id}`);
    const hostToken = fragmentToken(link)!;
    expect(hostToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Never the guest's secret.
    expect(link).not.toContain(token);

    // The guest's routes refuse it, as any wrong token (nothing tells the booking exists).
    expect(await h.cancelAsGuest(id, { token: hostToken })).toMatchObject({
      status: 404,
      body: { message: BOOKING_NOT_FOUND },
    });
    expect((await h.manage(id, hostToken)).status).toBe(404);
    expect((await h.calendarFile(id, hostToken)).status).toBe(404);
    expect((await stored(id)).status).toBe('confirmed');

    // The booking page's reschedule mode reads the booking with it, and the reschedule takes it.
    expect(await h.rescheduleView(id, hostToken)).toMatchObject({ status: 200, body: { id, status: 'confirmed' } });
    const moved = await book(
      bookingRequest(event, '2026-03-09T15:00:00Z', {
        email: guest,
        reschedule: { bookingId: id, startTime, token: hostToken },
      }),
    );
    expect(moved.status, moved.text).toBe(201);
    // The answer goes to the host: it carries no guest secret of the new booking.
    expect(moved.body).not.toHaveProperty('rescheduleToken');
    expect(moved.text).not.toContain(h.deps.manageTokens.tokenFor(String(moved.body.bookingId)));
    expect((await stored(String(moved.body.bookingId))).rescheduledFrom).toMatchObject({ id, by: 'host' });
    expect(await stored(id)).toMatchObject({ status: 'cancelled', rescheduledTo: moved.body.bookingId });

    await h.drain();
    const toGuest = (await mailsTo(guest)).find((mail) => mail.subject.startsWith('Rescheduled'));
    expect(toGuest?.body.text).toContain('Jordan Avery moved your Intro Call to a new time.');
    const toHost = (await mailsTo(host.email)).find((mail) => mail.subject.startsWith('Rescheduled'));
    expect(toHost?.body.text).toContain('You moved');
  });
});

describe('a move the host makes with their link needs no confirmation from them (issue 31, item 3)', () => {
  it("comes out confirmed on an event that asks for confirmation, while the guest's own move waits", async () => {
    const host: HostRecord = await h.fixtures.host({ name: 'Jordan Avery' });
    const event = await h.fixtures.eventType(host.id, {
      title: 'Intro Call',
      duration: 30,
      requiresConfirmation: true,
    });
    const request = async (start: string) => {
      const guest = `guest-${unique()}@example.com`;
      const answer = await book(bookingRequest(event, start, { email: guest }));
      expect(answer.status, answer.text).toBe(201);
      const id = String(answer.body.bookingId);
      expect((await stored(id)).status).toBe('pending');
      return { guest, id, token: String(answer.body.rescheduleToken), startTime: String(answer.body.startTime) };
    };
    const first = await request('2026-03-10T14:00:00Z');
    const second = await request('2026-03-10T16:00:00Z');
    const list = await h.list(host.id, { start: '2026-03-10', end: '2026-03-10', timezone: 'UTC' });
    const rows = list.body as unknown as { id: string; rescheduleUrl: string }[];
    const hostToken = fragmentToken(rows.find((row) => row.id === first.id)!.rescheduleUrl)!;

    const byHost = await book(
      bookingRequest(event, '2026-03-10T15:00:00Z', {
        email: first.guest,
        reschedule: { bookingId: first.id, startTime: first.startTime, token: hostToken },
      }),
    );
    expect(byHost.status, byHost.text).toBe(201);
    expect((await stored(String(byHost.body.bookingId))).status).toBe('confirmed');

    const byGuest = await book(
      bookingRequest(event, '2026-03-10T17:00:00Z', {
        email: second.guest,
        reschedule: { bookingId: second.id, startTime: second.startTime, token: second.token },
      }),
    );
    expect(byGuest.status, byGuest.text).toBe(201);
    expect((await stored(String(byGuest.body.bookingId))).status).toBe('pending');
  });
});

describe('every cancellation records who truly made it (issue 31, item 3)', () => {
  it('the guest with their link, the host and an administrator from the console, each named in the mails', async () => {
    const byGuest = await booked('2026-03-09T14:00:00Z');
    expect((await h.cancelAsGuest(byGuest.id, { token: byGuest.token })).status).toBe(200);
    expect((await stored(byGuest.id)).cancellation).toMatchObject({ by: 'guest' });
    expect((await stored(byGuest.id)).cancellation?.userId).toBeUndefined();

    const byHost = await booked('2026-03-10T14:00:00Z');
    expect((await h.cancelAsOwner(byHost.host.id, byHost.id)).status).toBe(200);
    expect((await stored(byHost.id)).cancellation).toMatchObject({ by: 'host', userId: byHost.host.id });

    const byAdmin = await booked('2026-03-11T14:00:00Z');
    const admin = `admin-${unique()}`;
    expect((await h.cancelAsOwner(admin, byAdmin.id, { reason: 'Duplicate' }, true)).status).toBe(200);
    expect((await stored(byAdmin.id)).cancellation).toMatchObject({ by: 'admin', userId: admin });

    await h.drain();
    const cancelledFor = async (guest: string) =>
      (await mailsTo(guest)).find((mail) => mail.subject.startsWith('Cancelled'))?.body.text ?? '';
    expect(await cancelledFor(byGuest.guest)).toContain('You cancelled your Intro Call with Jordan Avery.');
    expect(await cancelledFor(byHost.guest)).toContain('Jordan Avery cancelled your Intro Call.');
    expect(await cancelledFor(byAdmin.guest)).toContain(
      'An administrator cancelled your Intro Call with Jordan Avery.',
    );
  });
});

describe("a link's power ends with its booking (issue 31, item 5)", () => {
  it('after a reschedule replaced it: 410, and the new booking has its own working link', async () => {
    const { event, guest, id, token, startTime } = await booked('2026-03-12T14:00:00Z');
    const moved = await book(
      bookingRequest(event, '2026-03-12T15:00:00Z', { email: guest, reschedule: { bookingId: id, startTime, token } }),
    );
    expect(moved.status, moved.text).toBe(201);
    expect(await h.manage(id, token)).toMatchObject({ status: 410, body: { message: LINK_REPLACED } });
    expect((await h.calendarFile(id, token)).status).toBe(410);
    expect((await h.cancelAsGuest(id, { token })).status).toBe(410);
    const again = await book(
      bookingRequest(event, '2026-03-12T16:00:00Z', { email: guest, reschedule: { bookingId: id, startTime, token } }),
    );
    expect(again).toMatchObject({ status: 410, body: { message: LINK_REPLACED } });
    const newId = String(moved.body.bookingId);
    expect((await h.manage(newId, String(moved.body.rescheduleToken))).status).toBe(200);
  });

  it('once the meeting has ended: 410; while it runs, the page still opens', async () => {
    const { id, token } = await booked('2026-03-13T14:00:00Z');
    try {
      h.at('2026-03-13T14:10:00Z');
      expect((await h.manage(id, token)).status).toBe(200);
      h.at('2026-03-13T14:30:00Z');
      expect(await h.manage(id, token)).toMatchObject({ status: 410, body: { message: LINK_ENDED } });
      expect((await h.calendarFile(id, token)).status).toBe(410);
      expect((await h.rescheduleView(id, token)).status).toBe(410);
    } finally {
      h.at('2026-03-02T12:00:00Z');
    }
  });
});

describe('a rotated session key (issue 31, item 5)', () => {
  it("keeps the guest's first link working, and the links mailed since carry the new key's token", async () => {
    // Booked with the configuration's key: the token of the confirmation answer is the previous key's.
    const host = await h.fixtures.host({ name: 'Jordan Avery' });
    const event = await h.fixtures.eventType(host.id, { title: 'Intro Call', duration: 30 });
    const guest = `guest-${unique()}@example.com`;
    const answer = await h.api.book(bookingRequest(event, '2026-03-16T14:00:00Z', { email: guest }));
    expect(answer.status, answer.text).toBe(201);
    const id = String(answer.body.bookingId);
    const before = String(answer.body.rescheduleToken);
    expect(before).toBe(hmacManageTokens(PREVIOUS_KEY).tokenFor(id));
    expect((await h.manage(id, before)).status).toBe(200);

    await h.drain();
    const confirmation = (await mailsTo(guest)).find((mail) => mail.subject.startsWith('Confirmed'));
    const manage = confirmation?.body.text?.match(/https?:\/\/\S+\/booking\/\S+#token=[\w-]+/)?.[0];
    expect(manage, 'no manage link in the confirmation').toBeDefined();
    const mailed = fragmentToken(manage!)!;
    expect(mailed).toBe(hmacManageTokens(NEW_KEY).tokenFor(id));
    expect((await h.manage(id, mailed)).status).toBe(200);
    expect((await h.cancelAsGuest(id, { token: mailed })).status).toBe(200);
  });
});
