import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { routes } from '#shared/api/routes';
import { DEFAULT_SETTINGS } from '#shared/constants';
import type { EventRecord, HostRecord } from '#functions/domain/records';
import { run as submitContactRun } from '#functions/handlers/submitContact';
import { httpRoute } from '#functions/http/route-handler';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { bookingRequest, NOW, unique, weeklyHours } from '#test/support/booking-fixtures';
import { lifecycleHarness, mailsTo } from '#test/support/lifecycle';

/**
 * Issue 17's API on a table of this file's own (so the admin's list holds only these bookings): GET /api/bookings by
 * role and range (DST included, 92 days at most), DELETE /api/bookings/{id} by role through the cancel path (the
 * guest told, the reminders deleted), the no-show mark, and the admin's settings taking effect. The clock is Monday
 * 2 March 2026, 12:00 UTC (07:00 in New York).
 */

let h: Awaited<ReturnType<typeof lifecycleHarness>>;
let avery: HostRecord;
let blake: HostRecord;
let night: HostRecord;
const ids: Record<string, string> = {};
let averyEvent: EventRecord;

beforeAll(async () => {
  h = await lifecycleHarness();
  avery = await h.fixtures.host({ name: 'Avery Host' });
  blake = await h.fixtures.host({ name: 'Blake Host' });
  night = await h.fixtures.host({ name: 'Night Host' });
  averyEvent = await h.fixtures.eventType(avery.id, { title: 'Intro Call' });
  const blakeEvent = await h.fixtures.eventType(blake.id, { title: 'Follow-up', meetingType: 'followup' });
  // Every day 00:00–23:30 in New York, to book around midnight on the day the clocks change (8 March).
  const nightEvent = await h.fixtures.eventType(night.id, {
    title: 'Late Call',
    availabilityRanges: weeklyHours('00:00', '23:30', [0, 1, 2, 3, 4, 5, 6]),
  });
  const plan: [string, EventRecord, string, string][] = [
    ['a1', averyEvent, '2026-03-02T15:00:00Z', 'Ada Lovelace'],
    ['a2', averyEvent, '2026-03-06T15:00:00Z', 'Grace Brewster Murray Hopper'],
    ['a3', averyEvent, '2026-03-09T14:00:00Z', 'Cher'],
    ['b1', blakeEvent, '2026-03-03T16:00:00Z', 'Ada King Lovelace'],
    ['b2', blakeEvent, '2026-03-31T14:00:00Z', 'Alan Turing'],
    // 23:00 EST on Saturday 7 March, 00:00 EST and 23:00 EDT on Sunday 8 March.
    ['n1', nightEvent, '2026-03-08T04:00:00Z', 'Night One'],
    ['n2', nightEvent, '2026-03-08T05:00:00Z', 'Night Two'],
    ['n3', nightEvent, '2026-03-09T03:00:00Z', 'Night Three'],
  ];
  for (const [key, event, start, name] of plan) {
    const answer = await h.api.book(
      bookingRequest(event, start, { name, email: `${key}-${unique()}@example.com`, timezone: 'Europe/Berlin' }),
    );
    expect(answer.status, answer.text).toBe(201);
    ids[key] = String(answer.body.bookingId);
  }
  await h.drain();
}, 120_000);
afterAll(() => h?.close());

const MARCH = { start: '2026-03-01', end: '2026-03-31', timezone: 'America/New_York' };
const idsOf = (body: unknown) => (body as { id: string }[]).map((booking) => booking.id);

describe('GET /api/bookings', () => {
  it('answers 401 to nobody', async () => {
    expect((await h.list(null, MARCH)).status).toBe(401);
  });

  it("gives a host their own bookings only, earliest first, with the spec's list fields", async () => {
    const answer = await h.list(avery.id, MARCH);
    expect(answer.status).toBe(200);
    expect(idsOf(answer.body)).toEqual([ids.a1, ids.a2, ids.a3]);
    expect((answer.body as unknown as Record<string, unknown>[])[1]).toMatchObject({
      id: ids.a2,
      firstName: 'Grace',
      lastName: 'Brewster Murray Hopper',
      startTime: '2026-03-06T15:00:00.000Z',
      endTime: '2026-03-06T15:30:00.000Z',
      meetingType: 'consultation',
      status: 'confirmed',
      eventTitle: 'Intro Call',
      hostName: 'Avery Host',
      guestTimeZone: 'Europe/Berlin',
      noShow: false,
      rescheduled: false,
    });
    // The host's reschedule link (issue 31: a token of the host's own, in the fragment), while the booking can move.
    expect((answer.body as unknown as Record<string, unknown>[])[1]!.rescheduleUrl).toMatch(
      new RegExp(`/book/${averyEvent.slug}\\?reschedule=${ids.a2}#token=[\\w-]{43}$`),
    );
    expect((answer.body as unknown as Record<string, unknown>[])[2]).toMatchObject({ firstName: 'Cher', lastName: '' });
  });

  it("gives an admin every host's bookings (from the bookings index), each with its host's name", async () => {
    const answer = await h.list(blake.id, MARCH, true);
    expect(answer.status).toBe(200);
    expect(idsOf(answer.body)).toEqual([ids.a1, ids.b1, ids.a2, ids.n1, ids.n2, ids.n3, ids.a3, ids.b2]);
    const b1 = (answer.body as unknown as Record<string, unknown>[]).find((booking) => booking.id === ids.b1);
    expect(b1).toMatchObject({
      firstName: 'Ada',
      lastName: 'King Lovelace',
      meetingType: 'followup',
      hostName: 'Blake Host',
    });
  });

  it("reads the days in the caller's zone, across the night the clocks change", async () => {
    // Sunday 8 March in New York is 23 hours long: 05:00 UTC to 04:00 UTC the next day.
    expect(
      idsOf((await h.list(night.id, { start: '2026-03-08', end: '2026-03-08', timezone: 'America/New_York' })).body),
    ).toEqual([ids.n2, ids.n3]);
    expect(
      idsOf((await h.list(night.id, { start: '2026-03-07', end: '2026-03-07', timezone: 'America/New_York' })).body),
    ).toEqual([ids.n1]);
    // Without a zone, days are UTC days.
    expect(idsOf((await h.list(night.id, { start: '2026-03-08', end: '2026-03-08' })).body)).toEqual([ids.n1, ids.n2]);
  });

  it('answers 400 for a range over 92 days, an end before the start, or a malformed day', async () => {
    expect((await h.list(avery.id, { start: '2026-01-01', end: '2026-04-02' })).status).toBe(200);
    const long = await h.list(avery.id, { start: '2026-01-01', end: '2026-04-03' }, true);
    expect(long.status).toBe(400);
    expect(long.text).toContain('The range can be at most 92 days.');
    expect((await h.list(avery.id, { start: '2026-03-05', end: '2026-03-04' })).status).toBe(400);
    expect((await h.list(avery.id, { start: '2026-02-30', end: '2026-03-04' })).status).toBe(400);
    expect((await h.list(avery.id, { end: '2026-03-04' })).status).toBe(400);
  });
});

describe('GET /api/bookings page by page (issue 30)', () => {
  type Page = { bookings: { id: string; startTime: string }[]; nextCursor: string | null };
  let april: string;
  beforeAll(async () => {
    const event = await h.fixtures.eventType(blake.id, { title: 'April Call' });
    const answer = await h.api.book(
      bookingRequest(event, '2026-04-02T14:00:00Z', { name: 'April Guest', email: `april-${unique()}@example.com` }),
    );
    expect(answer.status, answer.text).toBe(201);
    april = String(answer.body.bookingId);
  });

  /** Every page of a walk, following nextCursor from the first page. */
  async function walk(userId: string, query: Record<string, string>, isAdmin = false): Promise<Page[]> {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const answer = await h.list(userId, cursor === null ? query : { ...query, cursor }, isAdmin);
      expect(answer.status, answer.text).toBe(200);
      const page = answer.body as unknown as Page;
      pages.push(page);
      cursor = page.nextCursor;
      expect(pages.length).toBeLessThan(20);
    } while (cursor !== null);
    return pages;
  }

  it("an admin's walk gives every host's bookings of the range once, in order, a page of `limit` at a time", async () => {
    const pages = await walk(blake.id, { ...MARCH, limit: '3' }, true);
    expect(pages.map((page) => idsOf(page.bookings))).toEqual([
      [ids.a1, ids.b1, ids.a2],
      [ids.n1, ids.n2, ids.n3],
      [ids.a3, ids.b2],
    ]);
    expect(pages[0]!.bookings[1]).toMatchObject({
      firstName: 'Ada',
      lastName: 'King Lovelace',
      hostName: 'Blake Host',
    });
    // A page that ends exactly at the range's end says so (no empty page after it).
    expect((await walk(blake.id, { ...MARCH, limit: '4' }, true)).map((page) => page.bookings.length)).toEqual([4, 4]);
  });

  it("an admin's walk crosses months, empty ones included, one booking a page", async () => {
    const pages = await walk(blake.id, { start: '2026-02-20', end: '2026-04-10', limit: '1' }, true);
    expect(pages.flatMap((page) => idsOf(page.bookings))).toEqual([
      ids.a1,
      ids.b1,
      ids.a2,
      ids.n1,
      ids.n2,
      ids.n3,
      ids.a3,
      ids.b2,
      april,
    ]);
    expect(pages.every((page) => page.bookings.length === 1)).toBe(true);
  });

  it("a host's walk gives their own bookings only, in the caller's zone", async () => {
    expect((await walk(avery.id, { ...MARCH, limit: '2' })).map((page) => idsOf(page.bookings))).toEqual([
      [ids.a1, ids.a2],
      [ids.a3],
    ]);
    // Sunday 8 March in New York (23 hours), one at a time: the bookings of that day only.
    const night8 = { start: '2026-03-08', end: '2026-03-08', timezone: 'America/New_York', limit: '1' };
    expect((await walk(night.id, night8)).flatMap((page) => idsOf(page.bookings))).toEqual([ids.n2, ids.n3]);
    expect((await walk(blake.id, { start: '2026-03-01', end: '2026-04-30', limit: '200' })).length).toBe(1);
  });

  it('a cursor alone gives pages of 100; without limit and cursor the answer stays the array', async () => {
    const first = (await h.list(night.id, { ...MARCH, limit: '1' })).body as unknown as Page;
    const rest = (await h.list(night.id, { ...MARCH, cursor: first.nextCursor! })).body as unknown as Page;
    expect(idsOf(rest.bookings)).toEqual([ids.n2, ids.n3]);
    expect(rest.nextCursor).toBeNull();
    const whole = await h.list(night.id, MARCH);
    expect(Array.isArray(whole.body)).toBe(true);
    expect(idsOf(whole.body)).toEqual([ids.n1, ids.n2, ids.n3]);
  });

  it('answers 400 to a limit outside 1–200 and to a range over 92 days, paged or not', async () => {
    for (const limit of ['0', '201', '1.5', 'ten', '']) {
      const answer = await h.list(avery.id, { ...MARCH, limit });
      expect(answer.status, limit).toBe(400);
      expect(answer.text).toContain('limit must be a whole number from 1 to 200.');
    }
    expect((await h.list(avery.id, { ...MARCH, limit: '200' })).status).toBe(200);
    const long = await h.list(avery.id, { start: '2026-01-01', end: '2026-04-03', limit: '10' });
    expect(long.status).toBe(400);
    expect(long.text).toContain('The range can be at most 92 days.');
  });

  it('answers 400 with a clear message to a cursor that is not one, or not of this range', async () => {
    const first = (await h.list(blake.id, { ...MARCH, limit: '2' }, true)).body as unknown as Page;
    const cursor = first.nextCursor!;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const altered = Buffer.from(JSON.stringify({ ...decoded, s: 'yesterday' })).toString('base64url');
    for (const bad of ['nonsense', `${cursor}!`, altered, Buffer.from('[1,2]').toString('base64url')]) {
      const answer = await h.list(blake.id, { ...MARCH, limit: '2', cursor: bad }, true);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toBe(
        'The cursor is not valid. Ask again without it to start from the first booking.',
      );
    }
    const elsewhere = await h.list(blake.id, { start: '2026-03-02', end: '2026-03-31', limit: '2', cursor }, true);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe(
      'The cursor belongs to another range of days. Ask again without it, or with the range it came from.',
    );
    // The same days in another zone are another range too.
    expect((await h.list(blake.id, { ...MARCH, timezone: 'UTC', limit: '2', cursor }, true)).status).toBe(400);
  });
});

describe('DELETE /api/bookings/{id}', () => {
  it('answers 401 to nobody and 404 to another host; nothing changes', async () => {
    expect((await h.cancelAsOwner(null, ids.b2!)).status).toBe(401);
    expect((await h.cancelAsOwner(avery.id, ids.b2!)).status).toBe(404);
    expect((await h.hostBooking(blake.id, ids.b2!)).body.status).toBe('confirmed');
  });

  it('an admin cancels any booking with a reason: the guest is told and the reminders are deleted', async () => {
    const cancelled = await h.cancelAsOwner(avery.id, ids.b2!, { reason: 'The office is closed that day' }, true);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancellation: { by: 'admin', declined: false } });
    await h.drain();
    const guest = (await h.hostBooking(blake.id, ids.b2!)).body.email as string;
    const mails = await mailsTo(guest);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Confirmed/),
      expect.stringMatching(/^Cancelled/),
    ]);
    expect(mails[1]!.body.text).toContain('The office is closed that day');
    const timers = await (
      h.deps.timers as unknown as { due(now: Date, limit: number): Promise<{ name: string }[]> }
    ).due(new Date('2027-01-01'), 1000);
    expect(timers.filter((timer) => timer.name.includes(ids.b2!))).toEqual([]);
    // Kept, marked cancelled, in the list.
    expect((await h.list(blake.id, MARCH)).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: ids.b2, status: 'cancelled' })]),
    );
  });

  it('a host cancels their own with no body at all; once cancelled it is 409', async () => {
    const cancelled = await h.cancelAsOwner(avery.id, ids.a2!);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancellation: { by: 'host', reason: null } });
    expect((await h.cancelAsOwner(avery.id, ids.a2!)).status).toBe(409);
  });
});

describe('POST /api/bookings/{id}/no-show', () => {
  it('marks the guest of a meeting that started as not having come, and takes it back', async () => {
    expect((await h.noShow(avery.id, ids.a3!)).status).toBe(409);
    h.at('2026-03-09T14:10:00Z');
    try {
      expect((await h.noShow(blake.id, ids.a3!)).status).toBe(404);
      const marked = await h.noShow(avery.id, ids.a3!);
      expect(marked.status).toBe(200);
      expect(marked.body.noShow).toBe(true);
      expect((await h.list(avery.id, MARCH)).body).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: ids.a3, noShow: true })]),
      );
      expect((await h.noShow(avery.id, ids.a3!, { noShow: false })).body.noShow).toBe(false);
      // A cancelled booking has no no-show.
      expect((await h.noShow(avery.id, ids.a2!)).status).toBe(409);
    } finally {
      h.at(NOW);
    }
  });
});

describe("the admin's settings take effect", () => {
  it('"Available for Bookings" off pauses every booking page; on again, all is as before', async () => {
    await h.deps.settings.update({ availableForBookings: false }, DEFAULT_SETTINGS);
    try {
      const page = await h.api.publicEvent(averyEvent.slug);
      expect(page.body.bookingsPaused).toBe(true);
      const dates = await h.api.availableDates({
        year: '2026',
        month: '3',
        eventId: String(averyEvent.id),
        timezone: 'UTC',
      });
      expect((dates.body.availableDates as { hasTimeSlots: boolean }[]).some((date) => date.hasTimeSlots)).toBe(false);
      const slots = await h.api.timeSlots({ date: '2026-03-10', eventId: String(averyEvent.id), timezone: 'UTC' });
      expect(slots.body.timeSlots).toEqual([]);
      const refused = await h.api.book(
        bookingRequest(averyEvent, '2026-03-10T15:00:00Z', { name: 'Ada', email: 'ada@example.com' }),
      );
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe('Bookings are paused at the moment. Please try again later.');
    } finally {
      await h.deps.settings.update({ availableForBookings: true }, DEFAULT_SETTINGS);
    }
    expect((await h.api.publicEvent(averyEvent.slug)).body.bookingsPaused).toBe(false);
    const slots = await h.api.timeSlots({
      date: '2026-03-10',
      eventId: String(averyEvent.id),
      timezone: 'UTC',
      forceRefresh: 'true',
    });
    expect((slots.body.timeSlots as unknown[]).length).toBeGreaterThan(0);
  });

  it("contact messages go to the admin's e-mail when one is set", async () => {
    const adminEmail = `admin-${unique()}@example.com`;
    await h.deps.settings.update({ adminEmail }, DEFAULT_SETTINGS);
    try {
      const contact = httpRoute(routes.submitContact, submitContactRun, async () => h.deps);
      const answer = (await contact(
        apiEvent({
          method: 'POST',
          path: '/api/contact/submit',
          headers: jsonHeaders,
          body: JSON.stringify({
            name: 'Sam',
            email: 'sam@example.com',
            subject: 'Hello',
            message: 'A question for you.',
          }),
        }),
        { ...testContext, awsRequestId: randomUUID() },
      )) as { statusCode: number };
      expect(answer.statusCode).toBe(200);
      expect((await mailsTo(adminEmail)).map((mail) => mail.subject)).toEqual([expect.stringContaining('Hello')]);
    } finally {
      await h.deps.settings.update({ adminEmail: '' }, DEFAULT_SETTINGS);
    }
  });
});
