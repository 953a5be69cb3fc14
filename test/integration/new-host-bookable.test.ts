import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { scryptPasswords } from '#functions/adapters/passwords/scrypt';
import { register } from '#functions/app/accounts/accounts';
import { calendarStatus } from '#functions/app/calendars/calendar-connection';
import { newEvent } from '#functions/domain/event-defaults';
import { bookingApi, bookingFixtures, bookingRequest, NOW } from '#test/support/booking-fixtures';
import { integrationConfig } from '#test/support/local-stack';

/**
 * New hosts are bookable (issue 13, item 14): a new account starts with the built-in calendar connected, so its
 * first event takes bookings at once; a host who truly cannot take bookings (no calendar) is told to guests at
 * step 1 through the public event's `acceptingBookings`, not by a refused form at the end.
 */

const config = integrationConfig();
const fixtures = bookingFixtures(config);
const api = bookingApi(config);
const clock = { now: () => new Date(NOW) };

describe('a new host', () => {
  it('starts with the built-in calendar connected, and a guest books their first event without any setup', async () => {
    const deps = { ...fixtures.deps, clock, passwords: scryptPasswords({ N: 2 ** 10, r: 8, p: 1 }) };
    const email = `new-host-${randomUUID()}@example.com`;
    const { user } = await register(deps, { name: 'Nia New', email, password: 'secret1', clientAddress: '192.0.2.1' });
    const account = (await deps.accounts.findByEmail(email))!;
    expect(user.email).toBe(email);
    expect(await calendarStatus(deps, { userId: account.id, isAdmin: false, sessionId: 's' })).toMatchObject({
      connected: true,
      provider: 'builtin',
      email,
    });

    const event = (await deps.events.create(
      newEvent({ userId: account.id, slug: `nia-${randomUUID().slice(0, 8)}`, title: 'Intro' }, NOW),
    ))!;
    const page = await api.publicEvent(event.slug);
    expect(page).toMatchObject({ status: 200, body: { acceptingBookings: true, hostName: 'Nia New' } });
    expect((await api.book(bookingRequest(event, '2026-03-03T09:00:00-05:00'))).status).toBe(201);
  });
});

describe('a host without a calendar', () => {
  it("says on the public event that bookings are not possible, and a booking is refused with the spec's words", async () => {
    const host = await fixtures.host({ calendar: false });
    const event = await fixtures.eventType(host.id);
    expect(await api.publicEvent(event.slug)).toMatchObject({ status: 200, body: { acceptingBookings: false } });
    expect(await api.book(bookingRequest(event, '2026-03-03T09:00:00-05:00'))).toMatchObject({
      status: 409,
      body: { message: 'Could not confirm booking because the host does not have a calendar connected.' },
    });
  });
});
