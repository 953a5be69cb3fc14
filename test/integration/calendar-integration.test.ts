import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { keys } from '#functions/adapters/dynamodb/keys';
import { CALENDAR_UNREACHABLE } from '#functions/adapters/google/calendar';
import { SESSION_COOKIE } from '#functions/adapters/sessions/signed-cookie';
import { NO_CALENDAR } from '#functions/app/booking/create/refusals';
import { BUILTIN_NEEDS_POST, CALENDAR_CONNECT_ERRORS } from '#functions/app/calendars/calendar-connection';
import { SYNC_UNREACHABLE, syncAllCalendars } from '#functions/app/calendars/calendar-sync';
import { composeDeps } from '#functions/composition';
import { LINK_REPLACED } from '#functions/domain/booking-links';
import { newEvent } from '#functions/domain/event-defaults';
import type { EventRecord } from '#functions/domain/records';
import { startFakeGoogle, type FakeGoogleAccount } from '#test/fakes/google';
import { jsonHeaders } from '#test/support/api-event';
import { integrationConfig, startAppServer } from '#test/support/local-stack';

/**
 * Calendar integration (issue 7) through the local app server: the real Google client talking to the fake Google
 * (test/fakes/google.ts) for consent, tokens, free/busy and events; DynamoDB Local; the real clock.
 */

const google = await startFakeGoogle();
const config = integrationConfig({
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_ROOT_URL: google.url,
});
const deps = composeDeps(config);
const db = createDocumentClient(createDynamoClient(config));
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => {
  await app.close();
  await google.close();
});

const unique = () => randomBytes(4).toString('hex');

async function call(method: string, path: string, options: { body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? jsonHeaders : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    redirect: 'manual',
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: type.includes('json') && text ? JSON.parse(text) : {},
  };
}

/** The hosts this file made (the scheduled job's test syncs only these: other files may share the table). */
const hostsOfThisFile = new Set<string>();

/** A new host, signed in: id, e-mail and session cookie. */
async function newHost() {
  const account = { name: 'Grace Hopper', email: `grace.${unique()}@example.com`, password: 'compile-it-all' };
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
  const user = await deps.accounts.findByEmail(account.email);
  hostsOfThisFile.add(user!.id);
  // New accounts start with the built-in calendar connected (issue 13, item 14); these tests start from none.
  expect((await call('POST', '/api/user/calendar/disconnect', { cookie })).status).toBe(200);
  return { cookie, id: user!.id, email: account.email };
}

const googleAccount = (): FakeGoogleAccount => ({
  sub: `2${Date.now()}${unique()}`,
  email: `grace.${unique()}@gmail.test`,
  name: 'Grace Hopper',
});

/** Connects the host's Google Calendar through the fake consent page; answers the callback's redirect target. */
async function connectGoogle(
  host: { cookie: string },
  account = googleAccount(),
  options?: { grantScopes?: string[] },
) {
  google.accounts.push(account);
  const started = await call('GET', '/api/user/calendar/connect', { cookie: host.cookie });
  expect(started.status).toBe(200);
  const back = await google.consent(started.body.authUrl as string, account, options);
  const answer = await call('GET', back.replace(/^https?:\/\/[^/]+/, ''), { cookie: host.cookie });
  expect(answer.status).toBe(302);
  return {
    account,
    location: new URL(answer.headers.get('location')!, app.baseUrl),
    authUrl: started.body.authUrl as string,
  };
}

const allWeek = (start: string, end: string) =>
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, active: true, startTime: start, endTime: end }));

async function eventOf(hostId: string, rules: Partial<EventRecord> = {}) {
  const slug = `cal-${unique()}`;
  const created = await deps.events.create(
    newEvent(
      {
        title: 'Design Review',
        userId: hostId,
        slug,
        timeZone: 'UTC',
        availabilityRanges: allWeek('08:00', '18:00'),
        locationType: 'phone',
        ...rules,
      },
      new Date(),
    ),
  );
  return created!;
}

/** Tomorrow (UTC) as yyyy-MM-dd. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const slotsOf = async (event: EventRecord, date: string) => {
  const answer = await call('GET', `/api/time-slots?eventId=${event.id}&date=${date}&timezone=UTC`);
  return {
    ...answer,
    times: ((answer.body.timeSlots ?? []) as { start: string }[]).map((slot) => slot.start.slice(11, 16)),
  };
};

const book = (event: EventRecord, date: string, time: string, fields: Record<string, unknown> = {}) =>
  call('POST', '/api/bookings', {
    body: {
      name: 'Ada Lovelace',
      email: `ada.${unique()}@example.com`,
      guests: ['charles@example.com'],
      additionalInfo: 'Bring the engine plans.',
      date,
      startTime: `${date}T${time}:00+00:00`,
      endTime: new Date(Date.parse(`${date}T${time}:00Z`) + event.duration * 60_000)
        .toISOString()
        .replace('.000Z', '+00:00'),
      eventId: event.id,
      timezone: 'UTC',
      ...fields,
    },
  });

const requestsTo = (path: RegExp) => google.requests.filter((request) => path.test(request.path)).length;

describe('connecting Google Calendar', () => {
  it('asks Google for offline access to free/busy and events with state and PKCE, and stores the refresh token sealed', async () => {
    const host = await newHost();
    expect((await call('GET', '/api/user/calendar', { cookie: host.cookie })).body).toEqual({
      connected: false,
      email: null,
      lastSynced: null,
      provider: null,
      googleAvailable: true,
    });
    const { account, location, authUrl } = await connectGoogle(host);
    const params = Object.fromEntries(new URL(authUrl).searchParams);
    expect(params).toMatchObject({
      access_type: 'offline',
      prompt: 'consent',
      redirect_uri: `${app.baseUrl}/api/user/calendar/callback`,
      code_challenge_method: 'S256',
      scope:
        'openid email https://www.googleapis.com/auth/calendar.freebusy https://www.googleapis.com/auth/calendar.events',
    });
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(`${location.pathname}${location.search}`).toBe('/calendar-connected?status=connected');

    const status = (await call('GET', '/api/user/calendar', { cookie: host.cookie })).body;
    expect(status).toMatchObject({ connected: true, email: account.email, lastSynced: null, provider: 'google' });

    // The raw item: the refresh token Google issued appears nowhere in clear.
    const { Item } = await db.send(
      new GetCommand({ TableName: config.tableName, Key: keys.userCalendar(host.id), ConsistentRead: true }),
    );
    const issued = google.liveRefreshTokens().filter((token) => JSON.stringify(Item).includes(token));
    expect(issued).toEqual([]);
    expect(String(Item?.sealedRefreshToken)).toMatch(/^l1\.\./);
    const token = await deps.tokenCipher.open(String(Item?.sealedRefreshToken), host.id);
    expect(google.liveRefreshTokens()).toContain(token);
    // Sealed for this host: it does not open as another's.
    await expect(deps.tokenCipher.open(String(Item?.sealedRefreshToken), 'someone-else')).rejects.toThrow();
  });

  it('refuses a callback in another sign-in, a replayed state, a cancelled consent and missing scopes', async () => {
    const host = await newHost();
    const other = await newHost();
    google.accounts.push(googleAccount());
    const started = await call('GET', '/api/user/calendar/connect', { cookie: host.cookie });
    const back = (await google.consent(started.body.authUrl as string, google.accounts.at(-1)!)).replace(
      /^https?:\/\/[^/]+/,
      '',
    );
    const foreign = await call('GET', back, { cookie: other.cookie });
    expect(new URL(foreign.headers.get('location')!, app.baseUrl).searchParams.get('error')).toBe('expired');
    // The state was used up by that attempt: the right host cannot use it afterwards either.
    const replay = await call('GET', back, { cookie: host.cookie });
    expect(new URL(replay.headers.get('location')!, app.baseUrl).searchParams.get('error')).toBe('expired');
    expect((await call('GET', '/api/user/calendar', { cookie: host.cookie })).body.connected).toBe(false);

    const cancelled = await call('GET', '/api/user/calendar/connect', { cookie: host.cookie });
    const cancelBack = (await google.consent(cancelled.body.authUrl as string, 'cancel')).replace(
      /^https?:\/\/[^/]+/,
      '',
    );
    const cancelAnswer = await call('GET', cancelBack, { cookie: host.cookie });
    expect(new URL(cancelAnswer.headers.get('location')!, app.baseUrl).searchParams.get('error')).toBe('cancelled');

    const live = google.liveRefreshTokens().length;
    const partial = await connectGoogle(host, googleAccount(), {
      grantScopes: ['openid', 'email', 'https://www.googleapis.com/auth/calendar.freebusy'],
    });
    expect(partial.location.searchParams.get('error')).toBe('scopes');
    expect(CALENDAR_CONNECT_ERRORS.scopes).toMatch(/allow both/);
    // The partial grant was handed back to Google rather than kept.
    expect(google.liveRefreshTokens().length).toBe(live);
    expect((await call('GET', '/api/user/calendar', { cookie: host.cookie })).body.connected).toBe(false);
  });

  it('keeps one connection when two windows finish at once: the later grant is handed back to Google', async () => {
    const host = await newHost();
    const accounts = [googleAccount(), googleAccount()];
    google.accounts.push(...accounts);
    const liveBefore = new Set(google.liveRefreshTokens());
    const starts = [];
    for (const account of accounts) {
      const started = await call('GET', '/api/user/calendar/connect', { cookie: host.cookie });
      starts.push((await google.consent(started.body.authUrl as string, account)).replace(/^https?:\/\/[^/]+/, ''));
    }
    // Both callbacks read the host before either writes: the second write is refused.
    const answers = await Promise.all(starts.map((back) => call('GET', back, { cookie: host.cookie })));
    const outcomes = answers.map((answer) => new URL(answer.headers.get('location')!, app.baseUrl).searchParams);
    // Each window either connected or was told the connection changed meanwhile (when both read before either wrote).
    for (const outcome of outcomes)
      expect(outcome.get('status') ?? outcome.get('error')).toMatch(/^(connected|changed)$/);
    const status = (await call('GET', '/api/user/calendar', { cookie: host.cookie })).body;
    const connectedEmails = accounts
      .filter((_, index) => outcomes[index]!.get('status') === 'connected')
      .map((account) => account.email);
    expect(connectedEmails).toContain(status.email);
    const { Item } = await db.send(
      new GetCommand({ TableName: config.tableName, Key: keys.userCalendar(host.id), ConsistentRead: true }),
    );
    const kept = await deps.tokenCipher.open(String(Item?.sealedRefreshToken), host.id);
    // Whatever the order, exactly one grant of the two is still alive: the one stored (a refused one is handed
    // back; one replaced by a later connection of another account is revoked).
    expect(google.liveRefreshTokens().filter((token) => !liveBefore.has(token))).toEqual([kept]);
  });

  it('switches a calendar only on a same-site POST, never on a GET (a link or an image elsewhere cannot)', async () => {
    const host = await newHost();
    const crossSite = await fetch(`${app.baseUrl}/api/user/calendar/connect`, {
      method: 'POST',
      headers: { cookie: host.cookie, 'sec-fetch-site': 'cross-site', ...jsonHeaders },
      body: JSON.stringify({ provider: 'builtin' }),
    });
    expect(crossSite.status).toBe(403);
    const asImage = await fetch(`${app.baseUrl}/api/user/calendar/connect?provider=builtin`, {
      headers: { cookie: host.cookie, 'sec-fetch-dest': 'image' },
    });
    expect(asImage.status).toBe(403);
    // Even a same-site GET only says what to do: it connects nothing.
    const get = await call('GET', '/api/user/calendar/connect?provider=builtin', { cookie: host.cookie });
    expect(get).toMatchObject({ status: 409, body: { message: BUILTIN_NEEDS_POST } });
    expect((await call('GET', '/api/user/calendar', { cookie: host.cookie })).body.connected).toBe(false);
  });

  it('answers 401 to every calendar call when signed out', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/user/calendar'],
      ['GET', '/api/user/calendar/settings'],
      ['POST', '/api/user/calendar/settings', { addToCalendar: true, updateOnReschedule: true, deleteOnCancel: true }],
      ['GET', '/api/user/calendar/connect'],
      ['POST', '/api/user/calendar/disconnect', {}],
      ['GET', '/api/calendar/sync'],
    ] as const) {
      expect((await call(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('calendar settings', () => {
  it('are all on by default, saved all three at once, and refuse partial or unknown fields', async () => {
    const host = await newHost();
    expect((await call('GET', '/api/user/calendar/settings', { cookie: host.cookie })).body).toEqual({
      addToCalendar: true,
      updateOnReschedule: true,
      deleteOnCancel: true,
    });
    const saved = await call('POST', '/api/user/calendar/settings', {
      cookie: host.cookie,
      body: { addToCalendar: false, updateOnReschedule: true, deleteOnCancel: false },
    });
    expect(saved.status).toBe(200);
    expect((await call('GET', '/api/user/calendar/settings', { cookie: host.cookie })).body).toEqual({
      addToCalendar: false,
      updateOnReschedule: true,
      deleteOnCancel: false,
    });
    for (const body of [
      { addToCalendar: true },
      { addToCalendar: 'yes', updateOnReschedule: true, deleteOnCancel: true },
      { addToCalendar: true, updateOnReschedule: true, deleteOnCancel: true, extra: 1 },
    ]) {
      const refused = await call('POST', '/api/user/calendar/settings', { cookie: host.cookie, body });
      expect(refused.status).toBe(400);
    }
    expect((await call('GET', '/api/user/calendar/settings', { cookie: host.cookie })).body.addToCalendar).toBe(false);
  });
});

describe('Google Calendar and bookings', () => {
  it('blocks the slots Google says are busy, with one free/busy call per host and month for a minute', async () => {
    const host = await newHost();
    const { account } = await connectGoogle(host);
    const event = await eventOf(host.id);
    const date = tomorrow();
    google.addBusyEvent(account.email, { start: `${date}T10:00:00Z`, end: `${date}T11:00:00Z`, summary: 'Dentist' });

    const before = requestsTo(/\/calendar\/v3\/freeBusy$/);
    // The booking page: the month view first (one call covering the weeks it shows), then the days within it.
    const month = await call(
      'GET',
      `/api/available-dates?eventId=${event.id}&year=${date.slice(0, 4)}&month=${Number(date.slice(5, 7))}&timezone=UTC`,
    );
    expect(month.status).toBe(200);
    const slots = await slotsOf(event, date);
    expect(slots.status).toBe(200);
    expect(slots.times).toContain('09:30');
    expect(slots.times).not.toContain('10:00');
    expect(slots.times).not.toContain('10:30');
    expect(slots.times).toContain('11:00');
    await slotsOf(event, date);
    // One call for the month; the views after it within the minute reuse it.
    expect(requestsTo(/\/calendar\/v3\/freeBusy$/) - before).toBe(1);

    // A sync drops the cache: the next view asks Google again.
    expect((await call('GET', '/api/calendar/sync', { cookie: host.cookie })).status).toBe(200);
    await slotsOf(event, date);
    expect(requestsTo(/\/calendar\/v3\/freeBusy$/) - before).toBe(2);
  });

  it("fails the slot list closed when Google cannot be reached, and retries Google's passing errors", async () => {
    const host = await newHost();
    await connectGoogle(host);
    const event = await eventOf(host.id);
    const date = tomorrow();

    google.failNext({ method: 'POST', path: /\/freeBusy$/, status: 503, times: 2 });
    const retried = await slotsOf(event, date);
    expect(retried.status).toBe(200);
    expect(retried.times.length).toBeGreaterThan(0);

    google.unreachable = true;
    try {
      await call('GET', '/api/calendar/sync', { cookie: host.cookie }).catch(() => undefined);
      const refused = await call(
        'GET',
        `/api/time-slots?eventId=${event.id}&date=${date}&timezone=UTC&forceRefresh=true`,
      );
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe(CALENDAR_UNREACHABLE);
      const booking = await book(event, date, '12:00');
      expect(booking.status).toBe(503);
      expect(booking.body.message).toBe(CALENDAR_UNREACHABLE);
    } finally {
      google.unreachable = false;
    }
    expect((await deps.bookings.read(host.id, date, date)).bookings).toEqual([]);
  });

  it('puts a booking into Google Calendar exactly once, even when the insert is retried after a lost answer', async () => {
    const host = await newHost();
    const { account } = await connectGoogle(host);
    const event = await eventOf(host.id);
    const date = tomorrow();

    google.failNext({ method: 'POST', path: /\/events$/, status: 503, afterApply: true });
    const inserts = () =>
      google.requests.filter((request) => request.method === 'POST' && /\/calendars\/[^/]+\/events$/.test(request.path))
        .length;
    const insertsBefore = inserts();
    const booked = await book(event, date, '14:00');
    expect(booked.status).toBe(201);
    expect(booked.body.calendarEventCreated).toBe(true);

    const [booking] = (await deps.bookings.read(host.id, date, date)).bookings;
    const events = google.calendarEvents(account.email).filter((item) => item.id === booking!.calendarEventId);
    expect(events).toHaveLength(1);
    // The first insert was carried out but its answer lost (503); the retry with the same id was refused as a
    // duplicate (409), which counts as done.
    expect(inserts() - insertsBefore).toBe(2);
    const [stored] = events;
    expect(stored!.start?.dateTime).toBe(`${date}T14:00:00.000Z`);
    expect(stored!.attendees?.map((attendee) => attendee.email)).toEqual([booking!.email, 'charles@example.com']);
    expect(stored!.description).toContain('Ada Lovelace');
    expect(stored!.description).toContain('Bring the engine plans.');
    expect(stored!.sendUpdates).toBe('all');
    expect(stored!.hangoutLink).toBeUndefined();

    // Google now reports the time busy, and our ledger too: the slot is gone.
    expect((await slotsOf(event, date)).times).not.toContain('14:00');
  });

  it('adds a Google Meet link for google-meet events, and makes no event when "Add bookings" is off', async () => {
    const host = await newHost();
    const { account } = await connectGoogle(host);
    const meetEvent = await eventOf(host.id, { locationType: 'google-meet', location: 'Google Meet' });
    const date = tomorrow();
    const booked = await book(meetEvent, date, '09:00');
    expect(booked.status).toBe(201);
    const [booking] = (await deps.bookings.read(host.id, date, date)).bookings;
    const [stored] = google.calendarEvents(account.email).filter((item) => item.id === booking!.calendarEventId);
    expect(stored!.hangoutLink).toMatch(/^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
    expect(stored!.conferenceData?.conferenceSolution?.key?.type).toBe('hangoutsMeet');

    await call('POST', '/api/user/calendar/settings', {
      cookie: host.cookie,
      body: { addToCalendar: false, updateOnReschedule: true, deleteOnCancel: true },
    });
    const count = google.calendarEvents(account.email).length;
    const second = await book(meetEvent, date, '15:00');
    expect(second.status).toBe(201);
    expect(second.body.calendarEventCreated).toBe(false);
    expect(google.calendarEvents(account.email)).toHaveLength(count);
  });

  it('deletes the Google events of cancelled bookings when "Delete on cancel" is on, and keeps them when off', async () => {
    const host = await newHost();
    const { account } = await connectGoogle(host);
    const date = tomorrow();
    const first = await eventOf(host.id);
    expect((await book(first, date, '10:00')).status).toBe(201);
    expect((await call('DELETE', `/api/events/${first.slug}`, { cookie: host.cookie })).status).toBe(200);
    const [cancelled] = (await deps.bookings.read(host.id, date, date)).bookings;
    expect(cancelled!.status).toBe('cancelled');
    expect(google.calendarEvents(account.email).find((item) => item.id === cancelled!.calendarEventId)?.status).toBe(
      'cancelled',
    );

    await call('POST', '/api/user/calendar/settings', {
      cookie: host.cookie,
      body: { addToCalendar: true, updateOnReschedule: true, deleteOnCancel: false },
    });
    const second = await eventOf(host.id);
    expect((await book(second, date, '11:00')).status).toBe(201);
    expect((await call('DELETE', `/api/events/${second.slug}`, { cookie: host.cookie })).status).toBe(200);
    const kept = (await deps.bookings.read(host.id, date, date)).bookings.find(
      (booking) => booking.eventId === second.id,
    )!;
    expect(kept.status).toBe('cancelled');
    expect(google.calendarEvents(account.email).find((item) => item.id === kept.calendarEventId)?.status).toBe(
      'confirmed',
    );
  });

  it('cancels a booking whose event the host deleted in Google Calendar when syncing, and frees its slot', async () => {
    const host = await newHost();
    const { account } = await connectGoogle(host);
    const event = await eventOf(host.id);
    const date = tomorrow();
    expect((await book(event, date, '13:00')).status).toBe(201);
    expect((await book(event, date, '16:00')).status).toBe(201);
    const bookings = (await deps.bookings.read(host.id, date, date)).bookings;
    const deleted = bookings.find((booking) => booking.start.includes('T13:00'))!;
    google.deleteEventAsOwner(account.email, deleted.calendarEventId!);

    const synced = await call('GET', '/api/calendar/sync', { cookie: host.cookie });
    expect(synced.status).toBe(200);
    expect(synced.body).toEqual({ message: 'Calendar synchronized: 1 bookings removed.', removed: 1 });
    const after = (await deps.bookings.read(host.id, date, date)).bookings;
    expect(after.find((booking) => booking.id === deleted.id)!.status).toBe('cancelled');
    expect(after.find((booking) => booking.id !== deleted.id)!.status).toBe('confirmed');
    const slots = await slotsOf(event, date);
    expect(slots.times).toContain('13:00');
    expect(slots.times).not.toContain('16:00');
    const status = (await call('GET', '/api/user/calendar', { cookie: host.cookie })).body;
    expect(Date.now() - Date.parse(status.lastSynced)).toBeLessThan(60_000);

    // Nothing more to remove the second time.
    expect((await call('GET', '/api/calendar/sync', { cookie: host.cookie })).body.removed).toBe(0);
  });

  it('moves the Google event when a guest reschedules with "Update on reschedule" on (same event, same Meet link)', async () => {
    const host = await newHost();
    const { account } = await connectGoogle(host);
    // 30 minutes before each meeting are kept free: moving 09:00 to 09:30 overlaps only the booking it replaces
    // (its meeting, which Google reports busy, and its buffer).
    const event = await eventOf(host.id, { locationType: 'google-meet', location: 'Google Meet', bufferBefore: 30 });
    const date = tomorrow();
    const first = await book(event, date, '09:00');
    expect(first.status).toBe(201);
    const reference = {
      bookingId: first.body.bookingId,
      startTime: first.body.startTime,
      token: first.body.rescheduleToken,
    };
    const [original] = google.calendarEvents(account.email);
    expect(original!.hangoutLink).toBeDefined();

    const moved = await book(event, date, '09:30', { reschedule: reference });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(moved.body.calendarEventCreated).toBe(true);
    const bookings = (await deps.bookings.read(host.id, date, date)).bookings;
    const old = bookings.find((booking) => booking.id === reference.bookingId)!;
    const replacement = bookings.find((booking) => booking.id === moved.body.bookingId)!;
    expect(old).toMatchObject({ status: 'cancelled', rescheduledTo: replacement.id });
    expect(replacement).toMatchObject({ status: 'confirmed', calendarEventId: old.calendarEventId });
    const events = google.calendarEvents(account.email);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: old.calendarEventId,
      status: 'confirmed',
      hangoutLink: original!.hangoutLink,
    });
    expect(events[0]!.start.dateTime).toBe(`${date}T09:30:00.000Z`);
    expect(events[0]!.writes.at(-1)).toMatchObject({ action: 'patch', sendUpdates: 'all' });
    const slots = await slotsOf(event, date);
    expect(slots.times).not.toContain('09:30');
    expect(slots.times).toContain('10:30');

    // The token was for the replaced booking: it cannot move it again; a wrong token names nothing.
    expect((await book(event, date, '11:00', { reschedule: reference })).body.message).toBe(LINK_REPLACED);
    const wrong = await book(event, date, '11:00', {
      reschedule: { ...reference, bookingId: moved.body.bookingId, startTime: moved.body.startTime },
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('This booking cannot be rescheduled: it was not found.');
    expect(
      (await deps.bookings.read(host.id, date, date)).bookings.filter((booking) => booking.status !== 'cancelled'),
    ).toHaveLength(1);
  });

  it('replaces the Google event on a reschedule with "Update on reschedule" off (the old one deleted on cancel)', async () => {
    const host = await newHost();
    const { account } = await connectGoogle(host);
    await call('POST', '/api/user/calendar/settings', {
      cookie: host.cookie,
      body: { addToCalendar: true, updateOnReschedule: false, deleteOnCancel: true },
    });
    const event = await eventOf(host.id);
    const date = tomorrow();
    const first = await book(event, date, '13:00');
    const moved = await book(event, date, '15:00', {
      reschedule: {
        bookingId: first.body.bookingId,
        startTime: first.body.startTime,
        token: first.body.rescheduleToken,
      },
    });
    expect(moved.status).toBe(201);
    const bookings = (await deps.bookings.read(host.id, date, date)).bookings;
    const old = bookings.find((booking) => booking.id === first.body.bookingId)!;
    const replacement = bookings.find((booking) => booking.id === moved.body.bookingId)!;
    expect(replacement.calendarEventId).not.toBe(old.calendarEventId);
    const events = google.calendarEvents(account.email);
    expect(events.find((item) => item.id === old.calendarEventId)?.status).toBe('cancelled');
    expect(events.find((item) => item.id === replacement.calendarEventId)).toMatchObject({ status: 'confirmed' });
    expect(old.calendarPending).toBeUndefined();
  });

  it("makes the events a calendar lacks, leaves a previous account's bookings alone, and retries owed removals", async () => {
    const host = await newHost();
    const first = await connectGoogle(host);
    const event = await eventOf(host.id);
    const date = tomorrow();
    expect((await book(event, date, '09:00')).status).toBe(201);
    expect((await book(event, date, '10:00')).status).toBe(201);
    const [nine, ten] = (await deps.bookings.read(host.id, date, date)).bookings.sort((a, b) =>
      a.start.localeCompare(b.start),
    );

    // An event that vanished (its insert never ran, or Google purged it): made again, the booking kept.
    google.purgeEvent(first.account.email, nine!.calendarEventId!);
    expect((await call('GET', '/api/calendar/sync', { cookie: host.cookie })).body).toEqual({
      message: 'Calendar is up to date.',
      removed: 0,
    });
    expect(
      google
        .calendarEvents(first.account.email)
        .filter((item) => item.id === nine!.calendarEventId && item.status === 'confirmed'),
    ).toHaveLength(1);

    // "Add bookings" off: a vanished event is not made again, and the booking still stands.
    await call('POST', '/api/user/calendar/settings', {
      cookie: host.cookie,
      body: { addToCalendar: false, updateOnReschedule: true, deleteOnCancel: true },
    });
    google.purgeEvent(first.account.email, ten!.calendarEventId!);
    expect((await call('GET', '/api/calendar/sync', { cookie: host.cookie })).body.removed).toBe(0);
    expect(google.calendarEvents(first.account.email).some((item) => item.id === ten!.calendarEventId)).toBe(false);
    await call('POST', '/api/user/calendar/settings', {
      cookie: host.cookie,
      body: { addToCalendar: true, updateOnReschedule: true, deleteOnCancel: true },
    });

    // Another Google account: its calendar has none of the first account's events, and they are not judged by it.
    const second = await connectGoogle(host);
    expect(second.location.searchParams.get('status')).toBe('connected');
    expect((await call('GET', '/api/calendar/sync', { cookie: host.cookie })).body.removed).toBe(0);
    expect((await deps.bookings.read(host.id, date, date)).bookings.map((booking) => booking.status)).toEqual([
      'confirmed',
      'confirmed',
    ]);
    expect(google.calendarEvents(second.account.email)).toEqual([]);
    // Deleting the event type cancels them, but their events live in the first account's calendar, out of reach.
    expect((await call('DELETE', `/api/events/${event.slug}`, { cookie: host.cookie })).status).toBe(200);
    expect(google.calendarEvents(first.account.email).find((item) => item.id === nine!.calendarEventId)?.status).toBe(
      'confirmed',
    );

    // A removal that failed at cancel time stays owed and is done by the next sync.
    const third = await eventOf(host.id);
    expect((await book(third, date, '11:00')).status).toBe(201);
    const eleven = (await deps.bookings.read(host.id, date, date)).bookings.find(
      (booking) => booking.eventId === third.id,
    )!;
    // Each removal is tried 4 times (3 retries): all of them fail.
    google.failNext({ method: 'DELETE', path: /\/events\//, status: 500, times: 4 });
    expect((await call('DELETE', `/api/events/${third.slug}`, { cookie: host.cookie })).status).toBe(200);
    const owed = (await deps.bookings.read(host.id, date, date)).bookings.find((booking) => booking.id === eleven.id)!;
    expect(owed).toMatchObject({ status: 'cancelled', calendarPending: 'delete' });
    expect(google.calendarEvents(second.account.email).find((item) => item.id === eleven.calendarEventId)?.status).toBe(
      'confirmed',
    );
    expect((await call('GET', '/api/calendar/sync', { cookie: host.cookie })).status).toBe(200);
    expect(google.calendarEvents(second.account.email).find((item) => item.id === eleven.calendarEventId)?.status).toBe(
      'cancelled',
    );
    expect(
      (await deps.bookings.read(host.id, date, date)).bookings.find((booking) => booking.id === eleven.id)!
        .calendarPending,
    ).toBeUndefined();
  });

  it('answers the host 503 when Google cannot be reached during Sync Now', async () => {
    const host = await newHost();
    const { account } = await connectGoogle(host);
    const event = await eventOf(host.id);
    expect((await book(event, tomorrow(), '12:00')).status).toBe(201);
    expect(google.calendarEvents(account.email)).toHaveLength(1);
    google.unreachable = true;
    try {
      const sync = await call('GET', '/api/calendar/sync', { cookie: host.cookie });
      expect(sync.status).toBe(503);
      expect(sync.body.message).toBe(SYNC_UNREACHABLE);
    } finally {
      google.unreachable = false;
    }
  });

  it('runs the scheduled sync for every Google-connected host', async () => {
    const host = await newHost();
    const { account } = await connectGoogle(host);
    const event = await eventOf(host.id);
    const date = tomorrow();
    expect((await book(event, date, '08:00')).status).toBe(201);
    const [booking] = (await deps.bookings.read(host.id, date, date)).bookings;
    google.deleteEventAsOwner(account.email, booking!.calendarEventId!);

    // The job's work, limited to this file's hosts: other test files' Google hosts (another fake Google) may
    // share the table.
    const result = await syncAllCalendars({
      ...deps,
      hosts: {
        ...deps.hosts,
        listGoogleConnectedHosts: async () =>
          (await deps.hosts.listGoogleConnectedHosts()).filter((id) => hostsOfThisFile.has(id)),
      },
    });
    expect(result, JSON.stringify(result)).toMatchObject({ failed: 0, deferred: 0 });
    expect(result.synced).toBeGreaterThanOrEqual(1);
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect((await deps.bookings.read(host.id, date, date)).bookings[0]!.status).toBe('cancelled');
  });

  it('disconnects the host when Google answers invalid_grant: no busy times, the not-connected state, bookings refused', async () => {
    const host = await newHost();
    const { account } = await connectGoogle(host);
    const event = await eventOf(host.id);
    const date = tomorrow();
    google.revokeAllTokensOf(account.email);

    const slots = await slotsOf(event, date);
    expect(slots.status).toBe(200);
    expect((await call('GET', '/api/user/calendar', { cookie: host.cookie })).body).toMatchObject({
      connected: false,
      email: null,
    });
    const refused = await book(event, date, '10:00');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NO_CALENDAR);
    const { Item } = await db.send(
      new GetCommand({ TableName: config.tableName, Key: keys.userCalendar(host.id), ConsistentRead: true }),
    );
    expect(Item?.sealedRefreshToken).toBeNull();
    expect(
      (await db.send(new GetCommand({ TableName: config.tableName, Key: keys.googleCalendarHost(host.id) }))).Item,
    ).toBeUndefined();
  });

  it('disconnects on request: the token is revoked at Google and deleted here', async () => {
    const host = await newHost();
    await connectGoogle(host);
    const { Item } = await db.send(
      new GetCommand({ TableName: config.tableName, Key: keys.userCalendar(host.id), ConsistentRead: true }),
    );
    const token = await deps.tokenCipher.open(String(Item?.sealedRefreshToken), host.id);
    expect((await call('POST', '/api/user/calendar/disconnect', { cookie: host.cookie, body: {} })).status).toBe(200);
    expect(google.liveRefreshTokens()).not.toContain(token);
    const after = await db.send(
      new GetCommand({ TableName: config.tableName, Key: keys.userCalendar(host.id), ConsistentRead: true }),
    );
    expect(after.Item?.sealedRefreshToken).toBeUndefined();
    expect((await call('GET', '/api/user/calendar', { cookie: host.cookie })).body.connected).toBe(false);
    const sync = await call('GET', '/api/calendar/sync', { cookie: host.cookie });
    expect(sync.status).toBe(409);
    expect(sync.body).toMatchObject({
      message: 'Calendar not connected: Please connect your Google Calendar first',
      code: 'CONFLICT',
    });
  });
});

describe('account deletion', () => {
  it("revokes the host's Google grant and removes the calendar's lookup items", async () => {
    const host = await newHost();
    await connectGoogle(host);
    const { Item } = await db.send(
      new GetCommand({ TableName: config.tableName, Key: keys.userCalendar(host.id), ConsistentRead: true }),
    );
    const token = await deps.tokenCipher.open(String(Item?.sealedRefreshToken), host.id);
    expect(
      (await db.send(new GetCommand({ TableName: config.tableName, Key: keys.googleCalendarHost(host.id) }))).Item,
    ).toBeDefined();

    expect((await call('DELETE', '/api/auth/account', { cookie: host.cookie, body: {} })).status).toBe(200);
    expect(google.liveRefreshTokens()).not.toContain(token);
    expect(
      (await db.send(new GetCommand({ TableName: config.tableName, Key: keys.googleCalendarHost(host.id) }))).Item,
    ).toBeUndefined();
    expect(
      (await db.send(new GetCommand({ TableName: config.tableName, Key: keys.userCalendar(host.id) }))).Item,
    ).toBeUndefined();
  });
});

describe('the built-in calendar', () => {
  it('connects at once, takes bookings without invitations, and offers a private, revocable ICS feed', async () => {
    const host = await newHost();
    // The spec's client sends no body; the POST connects the built-in calendar.
    const connected = await call('POST', '/api/user/calendar/connect', { cookie: host.cookie });
    expect(connected.body).toEqual({ authUrl: null, provider: 'builtin' });
    expect((await call('GET', '/api/user/calendar/connect?provider=builtin', { cookie: host.cookie })).body).toEqual({
      authUrl: null,
      provider: 'builtin',
    });
    expect((await call('GET', '/api/user/calendar', { cookie: host.cookie })).body).toMatchObject({
      connected: true,
      provider: 'builtin',
      email: host.email,
    });

    const event = await eventOf(host.id);
    const date = tomorrow();
    const booked = await book(event, date, '10:00');
    expect(booked.status).toBe(201);
    expect(booked.body.calendarEventCreated).toBe(false);

    expect((await call('GET', '/api/user/calendar/feed', { cookie: host.cookie })).body).toEqual({ feedUrl: null });
    const made = await call('POST', '/api/user/calendar/feed', { cookie: host.cookie, body: {} });
    const feedUrl = made.body.feedUrl as string;
    expect(feedUrl).toMatch(new RegExp(`^${app.baseUrl}/api/calendar/feed/[A-Za-z0-9_-]{43}$`));
    expect((await call('GET', '/api/user/calendar/feed', { cookie: host.cookie })).body).toEqual({ feedUrl });

    const feed = await call('GET', feedUrl.slice(app.baseUrl.length));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.text).toContain('BEGIN:VCALENDAR');
    expect(feed.text).toContain(`DTSTART:${date.replaceAll('-', '')}T100000Z`);
    expect(feed.text).toContain('SUMMARY:Design Review with Ada Lovelace');

    const reset = await call('POST', '/api/user/calendar/feed', { cookie: host.cookie, body: {} });
    expect(reset.body.feedUrl).not.toBe(feedUrl);
    expect((await call('GET', feedUrl.slice(app.baseUrl.length))).status).toBe(404);
    expect((await call('GET', (reset.body.feedUrl as string).slice(app.baseUrl.length))).status).toBe(200);
    expect((await call('DELETE', '/api/user/calendar/feed', { cookie: host.cookie })).body).toEqual({ feedUrl: null });
    expect((await call('GET', (reset.body.feedUrl as string).slice(app.baseUrl.length))).status).toBe(404);
    expect((await call('GET', '/api/calendar/feed/not-a-token')).status).toBe(400);

    expect((await call('POST', '/api/user/calendar/disconnect', { cookie: host.cookie, body: {} })).status).toBe(200);
    const refused = await book(event, date, '11:00');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NO_CALENDAR);
  });

  it('offers the feed only to the built-in calendar', async () => {
    const host = await newHost();
    const refused = await call('POST', '/api/user/calendar/feed', { cookie: host.cookie, body: {} });
    expect(refused.status).toBe(409);
    await connectGoogle(host);
    expect((await call('POST', '/api/user/calendar/feed', { cookie: host.cookie, body: {} })).status).toBe(409);
  });
});

describe('the Google event follows the booking after it was made (issues 16, 17)', () => {
  it('the guest\'s cancel link and the host\'s DELETE remove the event ("Delete on cancel")', async () => {
    const host = await newHost();
    const { account } = await connectGoogle(host);
    const event = await eventOf(host.id);
    const date = tomorrow();
    const byGuest = await book(event, date, '09:00');
    const byHost = await book(event, date, '10:00');
    expect(byGuest.status).toBe(201);
    expect(byHost.status).toBe(201);
    const eventIdOf = async (id: string) => (await deps.bookings.findById(id))!.calendarEventId!;
    const guestEvent = await eventIdOf(byGuest.body.bookingId);
    const hostEvent = await eventIdOf(byHost.body.bookingId);
    const statusOf = (id: string) => google.calendarEvents(account.email).find((item) => item.id === id)?.status;
    expect(statusOf(guestEvent)).toBe('confirmed');

    const cancelled = await call('POST', `/api/bookings/${byGuest.body.bookingId}/cancel`, {
      body: { token: byGuest.body.rescheduleToken, reason: 'Travelling' },
    });
    expect(cancelled.status).toBe(200);
    expect(statusOf(guestEvent)).toBe('cancelled');

    // Another host cannot cancel it (404); its own host can, with no body at all.
    const stranger = await newHost();
    expect((await call('DELETE', `/api/bookings/${byHost.body.bookingId}`, { cookie: stranger.cookie })).status).toBe(
      404,
    );
    const deleted = await call('DELETE', `/api/bookings/${byHost.body.bookingId}`, { cookie: host.cookie });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ status: 'cancelled', cancellation: { by: 'host', declined: false } });
    expect(statusOf(hostEvent)).toBe('cancelled');
    expect((await deps.bookings.findById(byHost.body.bookingId))!.calendarPending).toBeUndefined();
  });

  it('a pending booking gets its Google event only when the host confirms it', async () => {
    const host = await newHost();
    const { account } = await connectGoogle(host);
    const event = await eventOf(host.id, { requiresConfirmation: true });
    const booked = await book(event, tomorrow(), '11:00');
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ status: 'pending', calendarEventCreated: false });
    const eventId = (await deps.bookings.findById(booked.body.bookingId))!.calendarEventId!;
    expect(google.calendarEvents(account.email).some((item) => item.id === eventId)).toBe(false);
    const confirmed = await call('POST', `/api/bookings/${booked.body.bookingId}/confirm`, { cookie: host.cookie });
    expect(confirmed.status).toBe(200);
    expect(google.calendarEvents(account.email).find((item) => item.id === eventId)?.status).toBe('confirmed');
  });
});
