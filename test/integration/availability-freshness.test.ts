import { describe, expect, it } from 'vitest';

import type { BookingRecord } from '#functions/domain/records';
import { bookingApi, bookingFixtures, bookingRequest, unique } from '#test/support/booking-fixtures';
import { integrationConfig } from '#test/support/local-stack';

/**
 * The availability views reuse what they read for a few seconds (a burst of guests on one page costs one read),
 * but a booking made by this process, and forceRefresh=true, always show the current state.
 */

const config = integrationConfig();
const fixtures = bookingFixtures(config);
const starts = (answer: { body: Record<string, unknown> }) =>
  (answer.body.timeSlots as { start: string }[]).map((s) => s.start);

describe('freshness of the availability views', () => {
  it('stops offering a time as soon as this process books it', async () => {
    const host = await fixtures.host();
    const event = await fixtures.eventType(host.id);
    const api = bookingApi(config);
    const query = { date: '2026-03-10', eventId: String(event.id), timezone: 'America/New_York' };
    const before = starts(await api.timeSlots(query));
    expect(before).toContain('2026-03-10T10:00:00-04:00');
    expect((await api.book(bookingRequest(event, '2026-03-10T10:00:00-04:00'))).status).toBe(201);
    expect(starts(await api.timeSlots(query))).not.toContain('2026-03-10T10:00:00-04:00');
  });

  it('shows a booking written by another process at once with forceRefresh=true', async () => {
    const host = await fixtures.host();
    const event = await fixtures.eventType(host.id);
    const api = bookingApi(config);
    const query = { date: '2026-03-10', eventId: String(event.id), timezone: 'America/New_York' };
    expect(starts(await api.timeSlots(query))).toContain('2026-03-10T11:00:00-04:00');
    // Another Lambda writes a booking straight into the ledger; this process's cache does not know.
    const start = '2026-03-10T15:00:00.000Z';
    const end = '2026-03-10T15:30:00.000Z';
    const other: BookingRecord = {
      id: `b-${unique()}`,
      hostId: host.id,
      eventId: event.id,
      eventTitle: event.title,
      eventSlug: event.slug,
      name: 'Other guest',
      email: 'other@example.com',
      additionalInfo: null,
      guests: [],
      start,
      end,
      blockedStart: start,
      blockedEnd: end,
      status: 'confirmed',
      guestTimeZone: 'UTC',
      calendarProvider: 'builtin',
      calendarEventId: null,
      createdAt: start,
    };
    await fixtures.deps.bookings.commit({
      booking: other,
      lockDays: [{ day: '2026-03-10', expectedVersion: 0 }],
      checkDays: [],
    });
    expect(starts(await api.timeSlots({ ...query, forceRefresh: 'true' }))).not.toContain('2026-03-10T11:00:00-04:00');
  });
});
