import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TRIAL_EXPIRED_ACTIVATION_MESSAGE } from '#shared/constants';
import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { keys } from '#functions/adapters/dynamodb/keys';
import { SESSION_COOKIE } from '#functions/adapters/sessions/signed-cookie';
import { composeDeps } from '#functions/composition';
import { jsonHeaders } from '#test/support/api-event';
import { eventBody, weeklyRanges } from '#test/support/event-body';
import { integrationConfig, startAppServer } from '#test/support/local-stack';

/**
 * The host console's calls (issue 6; docs/api.md) through the local app server with real sessions: event types
 * (create, read, edit, toggle, duplicate, delete), date exceptions, event images, subscription and calendar status,
 * and the rules: ownership (another host's event is 404 and unchanged), unique slugs, the trial, bounds.
 */

const config = integrationConfig();
const deps = composeDeps(config);
const db = createDocumentClient(createDynamoClient(config));
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(() => app.close());

const unique = () => randomBytes(4).toString('hex');

async function call(method: string, path: string, options: { body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? jsonHeaders : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** A new host, signed in: their id and session cookie. */
async function newHost() {
  const account = { name: 'Hedy Lamarr', email: `hedy.${unique()}@example.com`, password: 'frequency-hop' };
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
  const me = (await call('GET', '/api/me', { cookie })).body.user;
  const user = await deps.accounts.findByEmail(account.email);
  return { cookie, id: user!.id, username: me.username as string };
}

const weekdays = (start: string, end: string) => weeklyRanges(start, end);

/** The answer's message and its details' messages. */
const messagesOf = (body: { message?: string; details?: { message: string }[] }) => [
  body.message,
  ...(body.details ?? []).map((d) => d.message),
];

/** Moves the account's creation 8 days back: its 7-day trial has ended. */
async function endTrial(userId: string) {
  const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
  await db.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET createdAt = :c',
      ExpressionAttributeValues: { ':c': eightDaysAgo },
    }),
  );
}

const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

describe('event types', () => {
  it('creates an event with the given fields, lists it, and reads it by id, by slug and by /slug/', async () => {
    const host = await newHost();
    const body = eventBody({
      bufferBefore: 10,
      availabilityRanges: weekdays('10:00', '14:00'),
      locationType: 'phone',
      location: 'whatever',
    });
    const created = await call('POST', '/api/events', { body, cookie: host.cookie });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: body.slug,
      title: 'Consultation',
      active: true,
      bufferBefore: 10,
      location: 'Phone call',
      userId: host.id,
      hostPhotoUrl: null,
    });
    expect(created.body.id).toBeGreaterThan(1000);
    const list = await call('GET', '/api/events', { cookie: host.cookie });
    expect(list.body.map((event: { id: number }) => event.id)).toEqual([created.body.id]);
    for (const path of [
      `/api/events/${created.body.id}`,
      `/api/events/${body.slug}`,
      `/api/events/slug/${body.slug}`,
    ]) {
      expect((await call('GET', path, { cookie: host.cookie })).body, path).toEqual(created.body);
    }
    // The public page sees it at once.
    expect((await call('GET', `/api/events/public/${body.slug}`)).status).toBe(200);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a title under 3 characters', { title: 'Hi' }, 'Event name must be at least 3 characters.'],
    ['a duration of 4', { duration: 4 }, 'Duration must be at least 5 minutes.'],
    ['a duration of 241', { duration: 241 }, 'Duration cannot exceed 240 minutes.'],
    ['a negative buffer', { bufferBefore: -5 }, 'Buffers cannot be negative.'],
    ['an unknown location type', { locationType: 'zoom' }, 'Please select a location type.'],
    ['a reserved slug', { slug: 'new' }, 'This URL is reserved. Please choose another.'],
    [
      'a slug with capitals',
      { slug: 'Intro-Call' },
      'The URL may only contain lowercase letters, numbers and hyphens.',
    ],
    ['an advance window of 0 days', { advanceBookingDays: 0 }, 'The booking window must be at least 1 day.'],
    [
      'an end before the start',
      { availabilityRanges: weekdays('18:00', '09:00') },
      'The end time must be after the start time.',
    ],
    ['an unknown field', { surprise: true }, 'Unknown field: "surprise".'],
    ["someone else's image", { eventPhotoUrl: '/photos/someone-else/x.png' }, 'Images must be uploaded first.'],
    [
      'an image path with dot segments',
      { eventPhotoUrl: '/photos/me/../someone-else/events/x.png' },
      'Images must be uploaded first.',
    ],
    ['a slug of digits only', { slug: '2025' }, 'The URL must contain at least one letter.'],
    ['a buffer that is not an option', { bufferAfter: 7 }, 'Buffers are one of 0, 5, 10, 15, 30, 45, 60 minutes.'],
    ['a time zone not offered', { timeZone: 'Africa/Lagos' }, 'Please choose one of the offered time zones.'],
    [
      'an image path with dot segments',
      { eventPhotoUrl: '/photos/me/../someone-else/events/x.png' },
      'Images must be uploaded first.',
    ],
    ['a slug of digits only', { slug: '2025' }, 'The URL must contain at least one letter.'],
    ['a buffer that is not an option', { bufferAfter: 7 }, 'Buffers are one of 0, 5, 10, 15, 30, 45, 60 minutes.'],
    ['a time zone not offered', { timeZone: 'Africa/Lagos' }, 'Please choose one of the offered time zones.'],
  ];
  for (const [label, change, message] of bad) {
    it(`refuses ${label} with 400 and writes nothing`, async () => {
      const host = await newHost();
      const result = await call('POST', '/api/events', { body: eventBody(change), cookie: host.cookie });
      expect(result.status).toBe(400);
      expect(messagesOf(result.body)).toContain(message);
      expect((await call('GET', '/api/events', { cookie: host.cookie })).body).toEqual([]);
    });
  }

  it('keeps slugs unique across the service (409 "This URL is already taken")', async () => {
    const [a, b] = [await newHost(), await newHost()];
    const body = eventBody();
    expect((await call('POST', '/api/events', { body, cookie: a.cookie })).status).toBe(201);
    const clash = await call('POST', '/api/events', { body: { ...body, title: 'Another' }, cookie: b.cookie });
    expect(clash).toMatchObject({ status: 409, body: { message: 'This URL is already taken' } });
    const mine = await call('POST', '/api/events', { body: eventBody(), cookie: b.cookie });
    const rename = await call('PATCH', `/api/events/${mine.body.slug}`, {
      body: eventBody({ slug: body.slug }),
      cookie: b.cookie,
    });
    expect(rename).toMatchObject({ status: 409, body: { message: 'This URL is already taken' } });
  });

  it("answers 404 for another host's event on every call and changes nothing", async () => {
    const [owner, other] = [await newHost(), await newHost()];
    const event = (await call('POST', '/api/events', { body: eventBody(), cookie: owner.cookie })).body;
    await call('POST', `/api/events/${event.slug}/date-overrides`, {
      body: { date: tomorrow(), available: false },
      cookie: owner.cookie,
    });
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/events/${event.id}`],
      ['GET', `/api/events/${event.slug}`],
      ['GET', `/api/events/slug/${event.slug}`],
      ['PATCH', `/api/events/${event.slug}`, { active: false }],
      ['PATCH', `/api/events/${event.slug}`, eventBody({ slug: event.slug, title: 'Hijacked' })],
      ['DELETE', `/api/events/${event.slug}`],
      ['POST', `/api/events/${event.id}/duplicate`, {}],
      ['GET', `/api/events/${event.slug}/date-overrides`],
      ['GET', `/api/date-overrides?eventId=${event.id}`],
      ['POST', `/api/events/${event.slug}/date-overrides`, { date: tomorrow(), available: true }],
      ['POST', '/api/date-overrides', { date: tomorrow(), available: true, eventId: event.id }],
      ['DELETE', `/api/date-overrides/${event.id}.${tomorrow()}`],
    ];
    for (const [method, path, body] of attempts) {
      const result = await call(method, path, { body, cookie: other.cookie });
      expect(result.status, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', `/api/events/${event.id}`, { cookie: owner.cookie })).body).toEqual(event);
    expect((await call('GET', `/api/events/${event.slug}/date-overrides`, { cookie: owner.cookie })).body).toEqual([
      {
        id: `${event.id}.${tomorrow()}`,
        eventId: event.id,
        date: tomorrow(),
        available: false,
        startTime: null,
        endTime: null,
      },
    ]);
    expect((await call('GET', '/api/events', { cookie: other.cookie })).body).toEqual([]);
  });

  it('deactivates (the public page answers deactivated) and activates again', async () => {
    const host = await newHost();
    const event = (await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).body;
    expect(
      (await call('PATCH', `/api/events/${event.slug}`, { body: { active: false }, cookie: host.cookie })).body.active,
    ).toBe(false);
    const publicPage = await call('GET', `/api/events/public/${event.slug}`);
    expect(publicPage).toMatchObject({
      status: 403,
      body: { message: 'This event has been deactivated', isInactive: true },
    });
    expect(
      (await call('PATCH', `/api/events/${event.id}`, { body: { active: true }, cookie: host.cookie })).body.active,
    ).toBe(true);
    expect((await call('GET', `/api/events/public/${event.slug}`)).status).toBe(200);
  });

  it('edits every field, moving the slug: the old URL is free afterwards', async () => {
    const host = await newHost();
    const event = (await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).body;
    const newSlug = `renamed-${unique()}`;
    const edited = await call('PATCH', `/api/events/${event.slug}`, {
      body: eventBody({
        id: event.id,
        slug: newSlug,
        title: 'Renamed',
        duration: 45,
        bookingTheme: 'dark',
        customCss: '.x { color: red }',
      }),
      cookie: host.cookie,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: event.id,
      slug: newSlug,
      title: 'Renamed',
      duration: 45,
      bookingTheme: 'dark',
      createdAt: event.createdAt,
    });
    expect((await call('GET', `/api/events/public/${event.slug}`)).status).toBe(404);
    expect((await call('GET', `/api/events/public/${newSlug}`)).body).toMatchObject({
      title: 'Renamed',
      customCss: '.x { color: red }',
    });
    expect(
      (await call('POST', '/api/events', { body: eventBody({ slug: event.slug }), cookie: host.cookie })).status,
    ).toBe(201);
  });

  it('duplicates as "… (copy)" with the next free slug and the date exceptions', async () => {
    const host = await newHost();
    const event = (await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).body;
    await call('POST', '/api/date-overrides', {
      body: { date: tomorrow(), available: true, startTime: '10:00', endTime: '12:00', eventId: event.id },
      cookie: host.cookie,
    });
    const first = await call('POST', `/api/events/${event.id}/duplicate`, { body: {}, cookie: host.cookie });
    const second = await call('POST', `/api/events/${event.id}/duplicate`, { body: {}, cookie: host.cookie });
    expect(first).toMatchObject({
      status: 201,
      body: { title: 'Consultation (copy)', slug: `${event.slug}-copy`, active: true, duration: 30 },
    });
    expect(second.body.slug).toBe(`${event.slug}-copy-2`);
    expect((await call('GET', `/api/date-overrides?eventId=${first.body.id}`, { cookie: host.cookie })).body).toEqual([
      {
        id: `${first.body.id}.${tomorrow()}`,
        eventId: first.body.id,
        date: tomorrow(),
        available: true,
        startTime: '10:00',
        endTime: '12:00',
      },
    ]);
  });

  it('deletes the event with its date exceptions, its slug and its future bookings', async () => {
    const host = await newHost();
    // New accounts start with the built-in calendar connected (issue 13, item 14).
    const event = (
      await call('POST', '/api/events', {
        body: eventBody({ availabilityRanges: weekdays('00:00', '23:30').map((r) => ({ ...r, active: true })) }),
        cookie: host.cookie,
      })
    ).body;
    await call('POST', `/api/events/${event.slug}/date-overrides`, {
      body: { date: tomorrow(), available: false },
      cookie: host.cookie,
    });
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const slots = (await call('GET', `/api/time-slots?date=${day}&eventId=${event.id}&timezone=UTC`)).body
      .timeSlots as { start: string; end: string; available: boolean }[];
    const slot = slots.find((s) => s.available)!;
    const booking = await call('POST', '/api/bookings', {
      body: {
        name: 'Guest',
        email: 'guest@example.com',
        additionalInfo: '',
        guests: [],
        date: day,
        startTime: slot.start,
        endTime: slot.end,
        eventId: event.id,
        timezone: 'UTC',
      },
    });
    expect(booking.status).toBe(201);

    expect(await call('DELETE', `/api/events/${event.slug}`, { cookie: host.cookie })).toMatchObject({
      status: 200,
      body: { message: 'Event deleted' },
    });
    expect((await call('GET', `/api/events/${event.id}`, { cookie: host.cookie })).status).toBe(404);
    expect((await call('GET', `/api/events/public/${event.slug}`)).status).toBe(404);
    expect(await deps.events.findById(event.id)).toBeNull();
    const ledger = await deps.bookings.read(host.id, day, day);
    expect(ledger.bookings.map((b) => b.status)).toEqual(['cancelled']);
    expect(
      (await call('POST', '/api/events', { body: eventBody({ slug: event.slug }), cookie: host.cookie })).status,
    ).toBe(201);
  });
});

describe('the trial', () => {
  it('after 7 days without a plan: activating is 402, the booking pages answer deactivated; a plan lifts both', async () => {
    const host = await newHost();
    const active = (await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).body;
    const inactive = (await call('POST', '/api/events', { body: eventBody({ active: false }), cookie: host.cookie }))
      .body;
    await endTrial(host.id);

    const refused = { status: 402, body: { message: TRIAL_EXPIRED_ACTIVATION_MESSAGE, code: 'PAYMENT_REQUIRED' } };
    expect(
      await call('PATCH', `/api/events/${inactive.slug}`, { body: { active: true }, cookie: host.cookie }),
    ).toMatchObject(refused);
    expect(await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).toMatchObject(refused);
    expect(
      await call('POST', `/api/events/${active.id}/duplicate`, { body: { active: true }, cookie: host.cookie }),
    ).toMatchObject(refused);
    // Allowed: creating inactive, a copy (inactive), deactivating.
    expect(
      (await call('POST', '/api/events', { body: eventBody({ active: false }), cookie: host.cookie })).status,
    ).toBe(201);
    expect(
      (await call('POST', `/api/events/${active.id}/duplicate`, { body: {}, cookie: host.cookie })).body.active,
    ).toBe(false);
    expect((await call('GET', `/api/events/public/${active.slug}`)).body).toMatchObject({ isInactive: true });
    expect((await call('GET', `/api/time-slots?date=${tomorrow()}&eventId=${active.id}`)).status).toBe(403);

    await deps.hosts.setPlan(host.id, {
      id: 'sub_1',
      status: 'active',
      planType: 'monthly',
      createdAt: new Date().toISOString(),
      currentPeriodEnd: '2099-01-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      customerId: null,
      promoCode: null,
      stateAt: 1,
    });
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body).toEqual({
      id: 'sub_1',
      status: 'active',
      planType: 'monthly',
      nextBillingDate: '2099-01-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      providerStatus: 'active',
      billingEnabled: true,
    });
    expect(
      (await call('PATCH', `/api/events/${inactive.slug}`, { body: { active: true }, cookie: host.cookie })).status,
    ).toBe(200);
    expect((await call('GET', `/api/events/public/${active.slug}`)).status).toBe(200);
  });

  it('answers status none for a host who never paid', async () => {
    const host = await newHost();
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body).toEqual({
      status: 'none',
      planType: null,
      nextBillingDate: null,
      id: null,
      cancelAtPeriodEnd: false,
      providerStatus: null,
      billingEnabled: true,
    });
  });
});

describe('date exceptions', () => {
  it('adds one per date (a second replaces it), lists by date, moves on edit, deletes', async () => {
    const host = await newHost();
    const event = (await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).body;
    const later = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    const base = `/api/events/${event.slug}/date-overrides`;
    expect((await call('POST', base, { body: { date: later, available: false }, cookie: host.cookie })).status).toBe(
      200,
    );
    const saved = await call('POST', base, {
      body: { date: `${tomorrow()}T00:00:00.000Z`, available: true, startTime: '10:00', endTime: '' },
      cookie: host.cookie,
    });
    expect(saved.body).toEqual({
      id: `${event.id}.${tomorrow()}`,
      eventId: event.id,
      date: tomorrow(),
      available: true,
      startTime: '10:00',
      endTime: null,
    });
    // The same date again replaces it; unavailable drops the hours.
    await call('POST', base, {
      body: { date: tomorrow(), available: false, startTime: '10:00', endTime: '11:00' },
      cookie: host.cookie,
    });
    let list = (await call('GET', base, { cookie: host.cookie })).body;
    expect(
      list.map((o: { date: string; available: boolean; startTime: string | null }) => [
        o.date,
        o.available,
        o.startTime,
      ]),
    ).toEqual([
      [tomorrow(), false, null],
      [later, false, null],
    ]);
    // Editing moves it to another date.
    const moved = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await call('POST', base, {
      body: { id: `${event.id}.${later}`, date: moved, available: true, startTime: '08:00', endTime: '09:00' },
      cookie: host.cookie,
    });
    list = (await call('GET', `/api/date-overrides?eventId=${event.id}`, { cookie: host.cookie })).body;
    expect(list.map((o: { date: string }) => o.date)).toEqual([tomorrow(), moved]);
    expect(await call('DELETE', `/api/date-overrides/${event.id}.${moved}`, { cookie: host.cookie })).toMatchObject({
      status: 200,
    });
    expect((await call('DELETE', `/api/date-overrides/${event.id}.${moved}`, { cookie: host.cookie })).status).toBe(
      404,
    );
  });

  it('refuses a past date, a missing date and an end before the start', async () => {
    const host = await newHost();
    const event = (await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).body;
    const base = `/api/events/${event.slug}/date-overrides`;
    const cases: [unknown, string][] = [
      [{ date: '2020-01-01', available: false }, 'Past dates cannot be picked.'],
      [{ available: false }, 'Please select a date for the override.'],
      [
        { date: tomorrow(), available: true, startTime: '12:00', endTime: '11:00' },
        'The end time must be after the start time.',
      ],
    ];
    for (const [body, message] of cases) {
      const result = await call('POST', base, { body, cookie: host.cookie });
      expect(result.status).toBe(400);
      expect(messagesOf(result.body).join(' ')).toContain(message);
    }
  });
});

describe('event images, calendar status', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = async (cookie: string, bytes: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await fetch(`${app.baseUrl}/api/uploads/event-image`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('stores an image (checked by its bytes, at most 5 MB) that the host can put on an event', async () => {
    const host = await newHost();
    const stored = await upload(host.cookie, PNG, 'logo.png', 'image/png');
    expect(stored).toMatchObject({
      status: 201,
      body: { url: expect.stringMatching(new RegExp(`^/photos/${host.id}/events/.+\\.png$`)) },
    });
    expect((await fetch(`${app.baseUrl}${stored.body.url}`)).status).toBe(200);
    const event = await call('POST', '/api/events', {
      body: eventBody({ guestLogoUrl: stored.body.url }),
      cookie: host.cookie,
    });
    expect(event.body.guestLogoUrl).toBe(stored.body.url);

    expect(await upload(host.cookie, Buffer.from('not an image'), 'fake.png', 'image/png')).toMatchObject({
      status: 400,
      body: { message: 'Please choose an image file (PNG, JPEG, GIF or WebP).' },
    });
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    expect(await upload(host.cookie, big, 'big.png', 'image/png')).toMatchObject({
      status: 413,
      body: { message: 'The image file must be less than 5MB in size.' },
    });
    expect((await upload('', PNG, 'logo.png', 'image/png')).status).toBe(401);
  });

  it('deletes the event images with the account', async () => {
    const host = await newHost();
    const stored = await upload(host.cookie, PNG, 'photo.png', 'image/png');
    await call('POST', '/api/events', { body: eventBody({ eventPhotoUrl: stored.body.url }), cookie: host.cookie });
    expect((await call('DELETE', '/api/auth/account', { body: {}, cookie: host.cookie })).status).toBe(200);
    expect((await fetch(`${app.baseUrl}${stored.body.url}`)).status).toBe(404);
  });

  it('tells whether a calendar is connected', async () => {
    const host = await newHost();
    // New accounts start with the built-in calendar connected (issue 13, item 14), under the account's address.
    const email = (await deps.accounts.get(host.id))!.email;
    expect((await call('GET', '/api/user/calendar', { cookie: host.cookie })).body).toEqual({
      connected: true,
      email,
      lastSynced: null,
      provider: 'builtin',
      googleAvailable: false,
    });
    expect((await call('POST', '/api/user/calendar/disconnect', { cookie: host.cookie, body: {} })).status).toBe(200);
    expect((await call('GET', '/api/user/calendar', { cookie: host.cookie })).body).toEqual({
      connected: false,
      email: null,
      lastSynced: null,
      provider: null,
      googleAvailable: false,
    });
    expect((await call('GET', '/api/user/calendar')).status).toBe(401);
  });
});

describe('GET /api/time-slots?includeUnavailable=true (the /hourly-debug view)', () => {
  it('lists the booked slot as unavailable, where a guest sees it gone', async () => {
    const host = await newHost();
    // New accounts start with the built-in calendar connected (issue 13, item 14).
    const event = (
      await call('POST', '/api/events', {
        body: eventBody({ availabilityRanges: weekdays('00:00', '23:30').map((r) => ({ ...r, active: true })) }),
        cookie: host.cookie,
      })
    ).body;
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const path = `/api/time-slots?date=${day}&eventId=${event.id}&timezone=UTC`;
    const [first] = (await call('GET', path)).body.timeSlots as { start: string; end: string }[];
    const booked = await call('POST', '/api/bookings', {
      body: {
        name: 'Guest',
        email: 'guest@example.com',
        additionalInfo: '',
        guests: [],
        date: day,
        startTime: first!.start,
        endTime: first!.end,
        eventId: event.id,
        timezone: 'UTC',
      },
    });
    expect(booked.status).toBe(201);
    const guestView = (await call('GET', `${path}&forceRefresh=true`)).body.timeSlots as {
      start: string;
      available: boolean;
    }[];
    expect(guestView.some((slot) => slot.start === first!.start)).toBe(false);
    expect(guestView.every((slot) => slot.available)).toBe(true);
    const debugView = (await call('GET', `${path}&forceRefresh=true&includeUnavailable=true`)).body.timeSlots as {
      start: string;
      available: boolean;
    }[];
    expect(debugView.find((slot) => slot.start === first!.start)).toEqual({
      start: first!.start,
      end: first!.end,
      available: false,
    });
    expect(debugView.filter((slot) => slot.available)).toEqual(guestView);
  });
});
