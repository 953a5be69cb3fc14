import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SESSION_COOKIE } from '#functions/adapters/sessions/signed-cookie';
import { eventBody } from '#test/support/event-body';
import { integrationConfig, sentEmails, startAppServer } from '#test/support/local-stack';

/**
 * Every call of the two spec documents' API tables that exists today, sent exactly as a spec client sends it
 * (issue 13, item 13): only the fields the spec names, optional ones left out, no body where it says "none", and
 * the booking document's JSON content type on every call, bodyless ones included. Each must succeed.
 * Not yet built (their issues add them here): GET and DELETE /api/bookings, the billing calls but the status.
 */

const SPEC_ADMIN = `spec-admin-${randomBytes(4).toString('hex')}@meetwise.test`;
const config = integrationConfig({ ADMIN_EMAILS: SPEC_ADMIN });
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(() => app.close());

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A call as the spec's client makes it: credentials (the cookie), a JSON content type only when `json` says so. */
async function send(
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; json?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.json ?? (options.body !== undefined && !(options.body instanceof FormData)))
    headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers,
    redirect: 'manual',
    body:
      options.body === undefined
        ? undefined
        : options.body instanceof FormData
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a redirect's empty body, or the ICS feed).
  }
  return { status: response.status, headers: response.headers, body };
}

/** The booking document's client: credentials and a JSON content type on every call, as that document asks. */
const bookingClient = (method: string, path: string, options: { cookie?: string; body?: unknown } = {}) =>
  send(method, path, { ...options, json: true });

function expectSuccess(answer: Answer, call: string): void {
  expect(answer.status, `${call}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(200);
  expect(answer.status, `${call}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
}

const sessionOf = (answer: Answer): string =>
  answer.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!
    .split(';')[0]!;

const unique = () => randomBytes(4).toString('hex');

/** POST /api/auth/register then POST /api/login, each with exactly the spec's fields. */
async function newHost(): Promise<{ email: string; password: string; cookie: string }> {
  const account = { name: 'Grace Hopper', email: `grace.${unique()}@example.com`, password: 'cobol rules' };
  expectSuccess(await bookingClient('POST', '/api/auth/register', { body: account }), 'POST /api/auth/register');
  const login = await bookingClient('POST', '/api/login', {
    body: { username: account.email, password: account.password },
  });
  expectSuccess(login, 'POST /api/login');
  expect(login.body).toMatchObject({ user: { email: account.email } });
  return { ...account, cookie: sessionOf(login) };
}

/** A configured administrator who proved the address with a sign-in link (POST /api/auth/manual-login's mail). */
async function admin(): Promise<string> {
  expectSuccess(
    await send('POST', '/api/auth/register', {
      body: { name: 'Spec Admin', email: SPEC_ADMIN, password: 'admin-password' },
    }),
    'register',
  );
  expectSuccess(
    await send('POST', '/api/auth/manual-login', { body: { email: SPEC_ADMIN, username: 'spec-admin' } }),
    'POST /api/auth/manual-login',
  );
  const mail = (await sentEmails(config.sesEndpoint!))
    .filter((email) => email.destination.to.includes(SPEC_ADMIN))
    .at(-1)!;
  const token = new URL(mail.body.text!.match(/https?:\/\/\S+sign-in-link\?token=[\w-]+/)![0]).searchParams.get(
    'token',
  );
  const used = await send('POST', '/api/auth/email-link', { body: { token } });
  expectSuccess(used, 'POST /api/auth/email-link');
  return sessionOf(used);
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe("the booking, landing and admin calls, as the spec's client sends each call", () => {
  it('serves the public booking flow, books with exactly the named fields, and changes a setting as the admin', async () => {
    const host = await newHost();
    // The event editor's body: every field but the one the spec calls optional (maxBookingsPerDay).
    const { maxBookingsPerDay: _optional, ...event } = eventBody();
    const created = await send('POST', '/api/events', { cookie: host.cookie, body: event });
    expectSuccess(created, 'POST /api/events');
    const { id, userId } = created.body as { id: number; userId: string };

    const publicEvent = await bookingClient('GET', `/api/events/public/${event.slug}`);
    expectSuccess(publicEvent, 'GET /api/events/public/{eventSlug}');
    expect(publicEvent.body).toMatchObject({ id, userId, title: event.title });
    expectSuccess(
      await bookingClient('GET', `/api/calendar/sync?eventId=${id}`),
      'GET /api/calendar/sync (booking page)',
    );

    // year and month only, then with the optional eventId and timezone.
    const now = new Date();
    const months = [0, 1].map((ahead) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1)));
    const bare = await bookingClient(
      'GET',
      `/api/available-dates?year=${months[0]!.getUTCFullYear()}&month=${months[0]!.getUTCMonth() + 1}`,
    );
    expectSuccess(bare, 'GET /api/available-dates (year, month)');
    expect((bare.body as { availableDates: unknown[] }).availableDates.length).toBeGreaterThanOrEqual(28);
    let freeDate: string | undefined;
    for (const month of months) {
      const query = `year=${month.getUTCFullYear()}&month=${month.getUTCMonth() + 1}&eventId=${id}&timezone=Europe/Berlin`;
      const dates = await bookingClient('GET', `/api/available-dates?${query}`);
      expectSuccess(dates, 'GET /api/available-dates (all fields)');
      freeDate ??= (dates.body as { availableDates: { date: string; hasTimeSlots: boolean }[] }).availableDates.find(
        (d) => d.hasTimeSlots,
      )?.date;
    }
    expect(freeDate).toBeDefined();

    // date only (the service's default hours), then with the event, the zone and forceRefresh.
    expectSuccess(await bookingClient('GET', `/api/time-slots?date=${freeDate}`), 'GET /api/time-slots (date)');
    const slots = await bookingClient(
      'GET',
      `/api/time-slots?date=${freeDate}&forceRefresh=true&eventId=${id}&timezone=Europe/Berlin`,
    );
    expectSuccess(slots, 'GET /api/time-slots (all fields)');
    const slot = (slots.body as { timeSlots: { start: string; end: string; available: boolean }[] }).timeSlots.find(
      (s) => s.available,
    )!;

    const settings = await bookingClient('GET', '/api/settings');
    expectSuccess(settings, 'GET /api/settings');
    expect(settings.body).toHaveProperty('meetingDuration');

    const booking = {
      name: 'Ada Lovelace',
      email: `ada.${unique()}@example.com`,
      additionalInfo: '',
      guests: [],
      date: freeDate,
      startTime: slot.start,
      endTime: slot.end,
      eventId: id,
    };
    const booked = await bookingClient('POST', '/api/bookings', { body: booking });
    expectSuccess(booked, 'POST /api/bookings');
    expect(booked.body).toHaveProperty('calendarEventCreated');

    // The dashboard's PUT: the full settings object with one field changed.
    const adminCookie = await admin();
    const me = await bookingClient('GET', '/api/me', { cookie: adminCookie });
    expectSuccess(me, 'GET /api/me');
    expect(me.body).toMatchObject({ user: { isAdmin: true } });
    const full = (await bookingClient('GET', '/api/settings', { cookie: adminCookie })).body as Record<string, unknown>;
    const saved = await bookingClient('PUT', '/api/settings', {
      cookie: adminCookie,
      body: { ...full, emailNotifications: !full.emailNotifications },
    });
    expectSuccess(saved, 'PUT /api/settings');
    expect(saved.body).toMatchObject({ emailNotifications: !full.emailNotifications });
    expectSuccess(
      await bookingClient('PUT', '/api/settings', { cookie: adminCookie, body: full }),
      'PUT /api/settings (back)',
    );
  });

  it('answers the sign-in calls: Google (a redirect) and the debug URL', async () => {
    for (const type of ['login', 'register']) {
      const google = await bookingClient('GET', `/api/auth/google?type=${type}`);
      expect(google.status, `GET /api/auth/google?type=${type}`).toBe(302);
      expect(google.headers.get('location')).toBeTruthy();
    }
    const debug = await bookingClient('GET', '/api/auth/debug-url');
    expectSuccess(debug, 'GET /api/auth/debug-url');
    expect(debug.body).toHaveProperty('oauth');
  });
});

describe("the host console's calls, as the spec's client sends each call", () => {
  it('runs the host console: events, date exceptions, calendar, profile, contact, sign-in link, logout and account deletion', async () => {
    const host = await newHost();
    const { cookie } = host;
    const call = (method: string, path: string, body?: unknown) => send(method, path, { cookie, body });

    const me = await call('GET', '/api/me');
    expectSuccess(me, 'GET /api/me');
    expect(me.body).toMatchObject({
      user: {
        email: host.email,
        name: 'Grace Hopper',
        username: expect.any(String),
        photoUrl: null,
        createdAt: expect.any(String),
      },
    });
    expectSuccess(await call('GET', '/api/subscription/status'), 'GET /api/subscription/status');
    expectSuccess(await call('GET', '/api/events'), 'GET /api/events');

    // Create: the edit body with id null and the optional daily limit left out.
    const { maxBookingsPerDay: _optional, ...event } = eventBody({ id: null });
    const created = await call('POST', '/api/events', event);
    expectSuccess(created, 'POST /api/events');
    const { id } = created.body as { id: number };
    expectSuccess(await call('GET', `/api/events/${id}`), 'GET /api/events/{id}');
    expectSuccess(await call('GET', `/api/events/${event.slug}`), 'GET /api/events/{slug}');
    expectSuccess(await call('GET', `/api/events/slug/${event.slug}`), 'GET /api/events/slug/{slug}');
    expectSuccess(
      await call('PATCH', `/api/events/${event.slug}`, { active: false }),
      'PATCH /api/events/{slug} (toggle)',
    );
    expectSuccess(
      await call('PATCH', `/api/events/${event.slug}`, { active: true }),
      'PATCH /api/events/{slug} (toggle back)',
    );
    expectSuccess(
      await call('PATCH', `/api/events/${event.slug}`, { ...event, id, title: 'Edited call' }),
      'PATCH /api/events/{slug} (full edit)',
    );
    const copy = await call('POST', `/api/events/${id}/duplicate`);
    expectSuccess(copy, 'POST /api/events/{id}/duplicate');

    // Date exceptions: the dated path with an ISO date, block-date on the generic path, both lists, delete.
    const inAYear = new Date(Date.now() + 365 * 86_400_000);
    const day = (offset: number) =>
      new Date(Date.UTC(inAYear.getUTCFullYear(), inAYear.getUTCMonth(), inAYear.getUTCDate() + offset)).toISOString();
    expectSuccess(
      await call('POST', `/api/events/${event.slug}/date-overrides`, {
        date: day(0),
        available: true,
        startTime: '10:00',
        endTime: '12:00',
        eventId: id,
      }),
      'POST /api/events/{slug}/date-overrides',
    );
    expectSuccess(
      await call('POST', '/api/date-overrides', { date: day(1), available: false, eventId: id }),
      'POST /api/date-overrides (block date)',
    );
    const bySlug = await call('GET', `/api/events/${event.slug}/date-overrides`);
    expectSuccess(bySlug, 'GET /api/events/{slug}/date-overrides');
    const overrides = bySlug.body as { id: string; date: string }[];
    expect(overrides.map((o) => o.date)).toEqual([day(0).slice(0, 10), day(1).slice(0, 10)]);
    const byId = await call('GET', `/api/date-overrides?eventId=${id}`);
    expectSuccess(byId, 'GET /api/date-overrides?eventId={id}');
    expect(byId.body).toEqual(overrides);
    // An edit sends the override's id back.
    expectSuccess(
      await call('POST', `/api/events/${event.slug}/date-overrides`, {
        id: overrides[0]!.id,
        date: day(0),
        available: true,
        startTime: '13:00',
        endTime: '15:00',
        eventId: id,
      }),
      'POST /api/events/{slug}/date-overrides (edit)',
    );
    expectSuccess(await call('DELETE', `/api/date-overrides/${overrides[1]!.id}`), 'DELETE /api/date-overrides/{id}');

    // Time slots as the hourly debug page asks: date as an ISO string and the event id.
    const slots = await call('GET', `/api/time-slots?date=${encodeURIComponent(day(7))}&eventId=${id}`);
    expectSuccess(slots, 'GET /api/time-slots?date={iso}&eventId={id}');
    expectSuccess(await call('GET', '/api/settings'), 'GET /api/settings');
    const publicEvent = await call('GET', `/api/events/public/${event.slug}`);
    expectSuccess(publicEvent, 'GET /api/events/public/{eventSlug}');
    expect(publicEvent.body).toHaveProperty('bookingTheme');

    // Calendar: a new host has the built-in calendar; its status, switches, connect, sync, disconnect.
    const status = await call('GET', '/api/user/calendar');
    expectSuccess(status, 'GET /api/user/calendar');
    expect(status.body).toMatchObject({ connected: true });
    const switches = await call('GET', '/api/user/calendar/settings');
    expectSuccess(switches, 'GET /api/user/calendar/settings');
    expectSuccess(
      await call('POST', '/api/user/calendar/settings', {
        addToCalendar: true,
        updateOnReschedule: false,
        deleteOnCancel: true,
      }),
      'POST /api/user/calendar/settings',
    );
    const connect = await call('GET', '/api/user/calendar/connect');
    expectSuccess(connect, 'GET /api/user/calendar/connect');
    expect(connect.body).toHaveProperty('authUrl');
    const sync = await call('GET', '/api/calendar/sync');
    expectSuccess(sync, 'GET /api/calendar/sync');
    expect(sync.body).toMatchObject({ message: expect.any(String), removed: expect.any(Number) });
    expectSuccess(await call('POST', '/api/user/calendar/disconnect'), 'POST /api/user/calendar/disconnect');

    // Profile: the photo (multipart, field photo), its removal, and name and e-mail.
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
    const uploaded = await call('POST', '/api/profile/upload-photo', form);
    expectSuccess(uploaded, 'POST /api/profile/upload-photo');
    expect(uploaded.body).toHaveProperty('message');
    const removed = await call('POST', '/api/profile/remove-photo');
    expectSuccess(removed, 'POST /api/profile/remove-photo');
    expect(removed.body).toHaveProperty('message');
    expectSuccess(
      await call('POST', '/api/profile/update', { name: 'Grace B. Hopper', email: host.email }),
      'POST /api/profile/update',
    );

    const contact = await call('POST', '/api/contact/submit', {
      name: 'Grace Hopper',
      email: host.email,
      subject: 'A question',
      message: 'How do reminders work?',
    });
    expectSuccess(contact, 'POST /api/contact/submit');
    expect(contact.body).toHaveProperty('message');
    expectSuccess(await call('GET', '/api/auth/debug-url'), 'GET /api/auth/debug-url');
    const link = await send('POST', '/api/auth/manual-login', { body: { email: host.email, username: 'grace' } });
    expectSuccess(link, 'POST /api/auth/manual-login');
    expect(link.body).toMatchObject({ success: true, message: expect.any(String) });

    expectSuccess(await call('DELETE', `/api/events/${event.slug}`), 'DELETE /api/events/{slug}');
    expectSuccess(await call('POST', '/api/logout'), 'POST /api/logout');
    const again = await send('POST', '/api/login', { body: { username: host.email, password: host.password } });
    expectSuccess(again, 'POST /api/login');
    expectSuccess(await send('DELETE', '/api/auth/account', { cookie: sessionOf(again) }), 'DELETE /api/auth/account');
    expect((await send('POST', '/api/login', { body: { username: host.email, password: host.password } })).status).toBe(
      401,
    );
  });
});
