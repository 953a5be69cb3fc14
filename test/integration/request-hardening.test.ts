import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SESSION_COOKIE } from '#functions/adapters/sessions/signed-cookie';
import { jsonHeaders } from '#test/support/api-event';
import { bookingApi, bookingFixtures, bookingRequest, NOW } from '#test/support/booking-fixtures';
import { eventBody } from '#test/support/event-body';
import { integrationConfig, startAppServer } from '#test/support/local-stack';

/**
 * Inputs a probe found accepted or crashing (issue 13, items 2, 5, 12, 13), through the local app server:
 * impossible dates are refused by one shared calendar-date schema and nothing is written; malformed stored rules
 * never turn a guest's request into a 500; required texts need visible characters; the spec's bodyless calls work
 * with no body; fields the spec calls optional may be left out.
 */

const config = integrationConfig();
const fixtures = bookingFixtures(config);
const api = bookingApi(config);
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(() => app.close());

async function call(
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? jsonHeaders : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

async function signedInHost(): Promise<{ cookie: string; id: string }> {
  const account = { name: 'Grace Hopper', email: `grace.${randomUUID()}@example.com`, password: 'cobol rules' };
  expect((await call('POST', '/api/auth/register', { body: account })).status).toBe(201);
  const login = await fetch(`${app.baseUrl}/api/login`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    .split(';')[0]!;
  const id = (await fixtures.deps.accounts.findByEmail(account.email))!.id;
  return { cookie, id };
}

const DATE_ERROR = 'Date must be a real calendar date (yyyy-MM-dd) between 2000 and 2100.';

describe('calendar dates', () => {
  it('refuses an impossible date exception with 400 and writes nothing', async () => {
    const host = await signedInHost();
    const body = eventBody();
    const created = await call('POST', '/api/events', { body, cookie: host.cookie });
    expect(created.status).toBe(201);
    for (const date of ['2027-02-29', '2026-13-01', '1999-12-31', '2101-01-01', '2027-02-29T00:00:00Z']) {
      const answer = await call('POST', `/api/events/${body.slug}/date-overrides`, {
        body: { date, available: false },
        cookie: host.cookie,
      });
      expect(answer, date).toMatchObject({ status: 400, body: { message: DATE_ERROR, code: 'VALIDATION_FAILED' } });
    }
    expect((await call('GET', `/api/events/${body.slug}/date-overrides`, { cookie: host.cookie })).body).toEqual([]);
    // A real day, also sent as the spec's ISO string, is taken.
    expect(
      (
        await call('POST', `/api/events/${body.slug}/date-overrides`, {
          body: { date: '2028-02-29T00:00:00.000Z', available: false },
          cookie: host.cookie,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses time slots for a date outside 2000–2100 with 400, not 500', async () => {
    for (const date of ['9999-12-31', '2027-02-29', '1900-01-01']) {
      const answer = await call('GET', `/api/time-slots?date=${date}&eventId=999`);
      expect(answer, date).toMatchObject({ status: 400, body: { message: DATE_ERROR } });
    }
  });

  it('never lets malformed stored rules turn a guest request into a 500', async () => {
    const host = await fixtures.host();
    const event = await fixtures.eventType(host.id);
    // Written straight to the table, past every check (as an older version might have).
    await fixtures.override(event.id, '2027-02-29', false);
    await fixtures.override(event.id, 'garbage', true, '25:99', '07:00');
    await fixtures.deps.events.saveOverride({
      id: randomUUID(),
      eventId: event.id,
      date: '2026-03-04',
      available: true,
      startTime: '18:00',
      endTime: '09:00',
    });
    const dates = await api.availableDates({
      year: '2026',
      month: '3',
      eventId: String(event.id),
      timezone: 'America/New_York',
    });
    expect(dates.status).toBe(200);
    const slots = await api.timeSlots({ date: '2026-03-03', eventId: String(event.id), timezone: 'America/New_York' });
    expect(slots.status).toBe(200);
    expect((slots.body.timeSlots as unknown[]).length).toBeGreaterThan(0);
    expect((await api.book(bookingRequest(event, '2026-03-03T09:00:00-05:00'))).status).toBe(201);
    expect(NOW.toISOString()).toBe('2026-03-02T12:00:00.000Z');
  });
});

describe('required texts need visible characters', () => {
  it('refuses a title, a name or a message made of invisible characters, and trims them around real text', async () => {
    const host = await signedInHost();
    const invisible = '\u200B\u200C\u200D';
    const refused = await call('POST', '/api/events', { body: eventBody({ title: invisible }), cookie: host.cookie });
    expect(refused).toMatchObject({ status: 400, body: { message: 'Event name must be at least 3 characters.' } });
    const bidi = await call('POST', '/api/events', {
      body: eventBody({ title: '\u202E\u2066\u0007abc'.slice(0, 3) }),
      cookie: host.cookie,
    });
    expect(bidi.status).toBe(400);
    const kept = await call('POST', '/api/events', {
      body: eventBody({ title: '\u200BIntro call\uFEFF ' }),
      cookie: host.cookie,
    });
    expect(kept).toMatchObject({ status: 201, body: { title: 'Intro call' } });

    const event = await fixtures.eventType((await fixtures.host()).id);
    expect(await api.book(bookingRequest(event, '2026-03-03T09:00:00-05:00', { name: '\u200B\u200B' }))).toMatchObject({
      status: 400,
      body: { message: 'Name is required' },
    });
    const contact = await call('POST', '/api/contact/submit', {
      body: {
        name: '\u200B\u200B\u200B',
        email: 'a@example.com',
        subject: 'Hello there',
        message: 'A real question for you.',
      },
    });
    expect(contact.status).toBe(400);
    const register = await call('POST', '/api/auth/register', {
      body: { name: '\u2060\u2060', email: `x.${randomUUID()}@example.com`, password: 'secret1' },
    });
    expect(register.status).toBe(400);
  });
});

describe("the spec's calls as its client sends them", () => {
  it('takes the bodyless calls with no body at all, with or without a JSON content type', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
      const host = await signedInHost();
      const body = eventBody();
      const created = await call('POST', '/api/events', { body, cookie: host.cookie });
      const send = (path: string) =>
        fetch(`${app.baseUrl}${path}`, { method: 'POST', headers: { cookie: host.cookie, ...headers } });
      expect((await send(`/api/events/${created.body.id}/duplicate`)).status, 'duplicate').toBe(201);
      expect((await send('/api/profile/remove-photo')).status, 'remove-photo').toBe(200);
      expect((await send('/api/user/calendar/disconnect')).status, 'disconnect').toBe(200);
      expect((await send('/api/logout')).status, 'logout').toBe(200);
    }
  });

  it('takes an event without maxBookingsPerDay ("optional; blank means none")', async () => {
    const host = await signedInHost();
    const { maxBookingsPerDay: _left, ...body } = eventBody();
    const created = await call('POST', '/api/events', { body, cookie: host.cookie });
    expect(created).toMatchObject({ status: 201, body: { maxBookingsPerDay: null } });
    const { maxBookingsPerDay: _again, ...edit } = eventBody({ slug: body.slug, title: 'Edited' });
    expect(await call('PATCH', `/api/events/${body.slug}`, { body: edit, cookie: host.cookie })).toMatchObject({
      status: 200,
      body: { title: 'Edited', maxBookingsPerDay: null },
    });
  });
});
