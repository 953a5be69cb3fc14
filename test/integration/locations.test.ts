import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';

import { routes } from '#shared/api/routes';
import { GOOGLE_MEET_NEEDS_GOOGLE } from '#shared/locations';
import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { keys } from '#functions/adapters/dynamodb/keys';
import { PHONE_NEEDED, PHONE_NOT_ASKED } from '#functions/app/booking/create/refusals';
import { viewHostBooking, viewManagedBooking } from '#functions/app/booking/manage-booking';
import { migrateLocations } from '#functions/app/events/migrate-locations';
import type { CalendarConnection, EventRecord, LocationFallbackRecord } from '#functions/domain/records';
import { run as connectBuiltinRun } from '#functions/handlers/connectBuiltinCalendar';
import { run as createEventRun } from '#functions/handlers/createEvent';
import { run as disconnectRun } from '#functions/handlers/disconnectCalendar';
import { run as updateEventRun } from '#functions/handlers/updateEvent';
import { httpRoute } from '#functions/http/route-handler';
import { notifyHandler } from '#functions/jobs/notifyBookingChanges';
import type { Principal } from '#functions/ports/core';
import type { Deps } from '#functions/ports/deps';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { ACTIVE_PLAN, bookingApi, bookingFixtures, bookingRequest, NOW, unique } from '#test/support/booking-fixtures';
import { eventBody } from '#test/support/event-body';
import { depsAs, integrationConfig, sentEmails } from '#test/support/local-stack';

/**
 * Meeting locations on the server (issue 30 §1): Google Meet only with Google, a video room per booking kept across a
 * reschedule, the guest's phone number for a call the host makes, the place in every answer, and Google Meet events
 * falling back to the video call when their host has no Google (disconnecting, and the migration). DynamoDB Local,
 * the SES emulator, a fixed clock (NOW, Monday 2 March 2026).
 */

const config = integrationConfig();
const fixtures = bookingFixtures(config);
const api = bookingApi(config);
const clock = { now: () => new Date(NOW) };
const deps: Deps = { ...fixtures.deps, clock };
const ROOM = /^https:\/\/meet\.jit\.si\/Meetwise-[0-9a-f]{32}$/;

const principalOf = (userId: string): Principal => ({ userId, isAdmin: false, sessionId: 'test' });

/** The notes written to tell hosts of a fallback (each also written to the table, as in the cloud). */
const notes: LocationFallbackRecord[] = [];
const locationFallbacks: Deps['locationFallbacks'] = {
  async record(note) {
    await deps.locationFallbacks.record(note);
    notes.push(note);
  },
};
const notesFor = (hostId: string) => notes.filter((note) => note.hostId === hostId);
const db = createDocumentClient(createDynamoClient(config));
const notify = notifyHandler(() => deps);

/**
 * What the table's stream hands the booking notices job for a note (its item as written, read back), as the event
 * source mapping would: once, or more than once.
 */
async function deliverNote(note: LocationFallbackRecord, times = 1) {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: keys.locationFallback(note.id) }));
  expect(Item).toMatchObject({ type: 'LocationFallback', hostId: note.hostId });
  expect(Item?.expiresAt).toBe(Math.floor(Date.parse(note.createdAt) / 1000) + 7 * 86_400);
  const event: DynamoDBStreamEvent = {
    Records: Array.from({ length: times }, (_, index) => ({
      eventID: `${note.id}-${index}`,
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: { NewImage: marshall(Item!) as never, SequenceNumber: String(index + 1) },
    })),
  };
  const context = { ...testContext, awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 60_000 };
  expect(await notify(event, context)).toEqual({ batchItemFailures: [] });
}

/** A route called as the signed-in host (validation, use case, error mapping), the clock fixed at NOW. */
function asHost<R>(userId: string, definition: R, run: unknown) {
  const handler = httpRoute(
    definition as Parameters<typeof httpRoute>[0],
    run as Parameters<typeof httpRoute>[1],
    depsAs(config, principalOf(userId), { clock, locationFallbacks }) as Parameters<typeof httpRoute>[2],
  );
  return async (options: { method: string; path: string; body?: unknown; pathParameters?: Record<string, string> }) => {
    const result = (await handler(
      apiEvent({
        method: options.method,
        path: options.path,
        headers: jsonHeaders,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        ...(options.pathParameters ? { pathParameters: options.pathParameters } : {}),
      }),
      { ...testContext, awsRequestId: randomUUID() },
    )) as { statusCode: number; body: string };
    return { status: result.statusCode, body: JSON.parse(result.body || '{}') as Record<string, unknown> };
  };
}

const googleCalendar = (email: string): CalendarConnection => ({
  provider: 'google',
  connected: true,
  email,
  lastSynced: null,
  sealedRefreshToken: 'sealed-token-of-the-test',
  calendarId: 'primary',
});

/** A host account (a paid plan) with the built-in calendar, or with Google Calendar connected. */
async function host(options: { google?: boolean; name?: string } = {}) {
  const id = `loc-${unique()}`;
  const email = `${id}@locations.test`;
  const calendar: CalendarConnection = options.google
    ? googleCalendar(email)
    : { provider: 'builtin', connected: true, email, lastSynced: null };
  expect(
    await deps.accounts.create(
      {
        id,
        name: options.name ?? 'Rosalind Franklin',
        email,
        username: id,
        photoUrl: null,
        createdAt: NOW.toISOString(),
        passwordHash: null,
        role: null,
        googleSubject: null,
        emailVerified: true,
      },
      { calendar },
    ),
  ).toBe('created');
  await deps.hosts.setPlan(id, ACTIVE_PLAN);
  return { id, email };
}

const createEvent = (userId: string, body: Record<string, unknown>) =>
  asHost(userId, routes.createEvent, createEventRun)({ method: 'POST', path: '/api/events', body: eventBody(body) });
const updateEvent = (userId: string, slug: string, body: Record<string, unknown>) =>
  asHost(
    userId,
    routes.updateEvent,
    updateEventRun,
  )({ method: 'PATCH', path: `/api/events/${slug}`, pathParameters: { eventRef: slug }, body: eventBody(body) });

/** Wednesday 4 March 2026, 10:00 in New York, and the next days. */
const WEDNESDAY = '2026-03-04T10:00:00-05:00';
const THURSDAY = '2026-03-05T11:00:00-05:00';
const FRIDAY = '2026-03-06T14:00:00-05:00';

const stored = async (hostId: string, bookingId: string) =>
  (await fixtures.bookingsOf(hostId)).find((booking) => booking.id === bookingId)!;

describe('choosing a location', () => {
  it('refuses Google Meet without Google Calendar (400, saying why), and takes it with Google', async () => {
    const builtin = await host();
    const refused = await createEvent(builtin.id, { locationType: 'google-meet', location: 'Google Meet' });
    expect(refused).toMatchObject({ status: 400, body: { message: GOOGLE_MEET_NEEDS_GOOGLE } });
    expect(await deps.events.listByHost(builtin.id)).toEqual([]);

    const video = await createEvent(builtin.id, { locationType: 'video' });
    expect(video).toMatchObject({ status: 201, body: { locationType: 'video', location: 'Video call' } });
    const slug = video.body.slug as string;
    // Changing an event to Google Meet is refused the same way, and nothing changes.
    expect(await updateEvent(builtin.id, slug, { slug, locationType: 'google-meet' })).toMatchObject({
      status: 400,
      body: { message: GOOGLE_MEET_NEEDS_GOOGLE },
    });
    expect((await deps.events.listByHost(builtin.id))[0]).toMatchObject({ locationType: 'video' });

    const google = await host({ google: true });
    expect(await createEvent(google.id, { locationType: 'google-meet' })).toMatchObject({
      status: 201,
      body: { locationType: 'google-meet', location: 'Google Meet' },
    });
  });

  it('refuses Google Meet for a team event unless every host has Google, naming who has not', async () => {
    const owner = await host({ google: true, name: 'Grace Hopper' });
    const member = await host({ name: 'Katherine Johnson' });
    const now = NOW.toISOString();
    const team = { id: randomUUID(), name: `Team ${unique()}`, slug: `team-${unique()}`, logoUrl: null };
    await deps.teams.create(
      { ...team, createdAt: now, createdBy: owner.id },
      { teamId: team.id, userId: owner.id, role: 'owner', joinedAt: now },
    );
    await deps.teams.putMember({ teamId: team.id, userId: member.id, role: 'member', joinedAt: now });
    const teamBody = (hosts: string[]) => ({
      teamSlug: team.slug,
      schedulingType: 'collective',
      hosts: hosts.map((userId) => ({ userId })),
      locationType: 'google-meet',
    });
    const refused = await createEvent(owner.id, teamBody([owner.id, member.id]));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "Google Meet needs every host's Google Calendar connected, and Katherine Johnson has not connected it. Choose another location, or ask them to connect Google Calendar.",
    );
    expect((await createEvent(owner.id, teamBody([owner.id]))).status).toBe(201);
  });

  it('stores the address, number or link with the display text, and keeps them for a client that sends only the type', async () => {
    const { id } = await host();
    const address = '12 Lab Lane, Cambridge';
    const created = await createEvent(id, { locationType: 'in-person', locationDetail: ` ${address} ` });
    expect(created).toMatchObject({
      status: 201,
      body: { location: address, locationType: 'in-person', locationDetail: address, phoneCaller: null },
    });
    const slug = created.body.slug as string;
    // The spec's client knows only the type (no locationDetail in its body): the address stays.
    const renamed = await updateEvent(id, slug, { slug, title: 'Renamed', locationType: 'in-person' });
    expect(renamed).toMatchObject({
      status: 200,
      body: { title: 'Renamed', location: address, locationDetail: address },
    });

    const link = await createEvent(id, { locationType: 'link', locationDetail: 'https://us02web.zoom.us/j/123456789' });
    expect(link).toMatchObject({
      status: 201,
      body: { location: 'Zoom', locationDetail: 'https://us02web.zoom.us/j/123456789' },
    });
    expect(await createEvent(id, { locationType: 'link', locationDetail: 'http://zoom.us/j/1' })).toMatchObject({
      status: 400,
    });
  });
});

describe('the place of a booking', () => {
  it("answers where the meeting is, and asks for the guest's number only when the host calls", async () => {
    const { id } = await host();
    const office = await fixtures.eventType(id, { locationType: 'in-person', locationDetail: '1 Helix Road' });
    const call = await fixtures.eventType(id, { locationType: 'phone', phoneCaller: 'host' });

    expect((await api.publicEvent(office.slug)).body).toMatchObject({
      place: { type: 'in-person', label: 'In-person', text: '1 Helix Road', url: null, online: false },
      asksForPhone: false,
    });
    expect((await api.publicEvent(call.slug)).body).toMatchObject({
      place: { type: 'phone', text: 'Phone call: the host calls you' },
      asksForPhone: true,
    });

    expect(await api.book(bookingRequest(call, WEDNESDAY))).toMatchObject({
      status: 400,
      body: { message: PHONE_NEEDED },
    });
    expect(await api.book(bookingRequest(office, WEDNESDAY, { phone: '+44 20 7946 0958' }))).toMatchObject({
      status: 400,
      body: { message: PHONE_NOT_ASKED },
    });
    const booked = await api.book(bookingRequest(call, WEDNESDAY, { phone: '+44 20 7946 0958' }));
    expect(booked).toMatchObject({
      status: 201,
      body: { place: { type: 'phone', text: 'Phone call: the host calls +44 20 7946 0958', url: null } },
    });
    const booking = await stored(id, booked.body.bookingId as string);
    expect(booking.guestPhone).toBe('+44 20 7946 0958');
    expect(booking.meetingUrl).toBeUndefined();
    expect((await viewHostBooking(deps, principalOf(id), booking.id)).place).toMatchObject({
      text: 'Phone call: the host calls +44 20 7946 0958',
    });
  });

  it('gives each booking of a video call its own room, shows it everywhere, and keeps it across a reschedule', async () => {
    const { id } = await host();
    const video = await fixtures.eventType(id, { locationType: 'video' });
    expect((await api.publicEvent(video.slug)).body).toMatchObject({
      place: { type: 'video', label: 'Video call', url: null, online: true },
      asksForPhone: false,
    });

    const first = await api.book(bookingRequest(video, WEDNESDAY));
    const second = await api.book(bookingRequest(video, THURSDAY));
    expect(first.status).toBe(201);
    const room = (first.body.place as { url: string }).url;
    expect(room).toMatch(ROOM);
    expect((second.body.place as { url: string }).url).toMatch(ROOM);
    expect((second.body.place as { url: string }).url).not.toBe(room);
    expect(first.body.place).toEqual({
      type: 'video',
      label: 'Video call',
      text: `Video call: ${room}`,
      url: room,
      phone: null,
      online: true,
    });
    expect((await stored(id, first.body.bookingId as string)).meetingUrl).toBe(room);

    const token = first.body.rescheduleToken as string;
    expect((await viewManagedBooking(deps, first.body.bookingId as string, token)).place).toMatchObject({ url: room });
    expect((await viewHostBooking(deps, principalOf(id), first.body.bookingId as string)).place).toMatchObject({
      url: room,
    });

    const moved = await api.book(
      bookingRequest(video, FRIDAY, {
        reschedule: { bookingId: first.body.bookingId, token, startTime: WEDNESDAY },
      }),
    );
    expect(moved.status).toBe(201);
    expect(moved.body.place).toMatchObject({ url: room });
    expect((await stored(id, moved.body.bookingId as string)).meetingUrl).toBe(room);
  });

  it('makes a Google Meet event of a host without Google a video call, with a room', async () => {
    const { id } = await host();
    const meet = await fixtures.eventType(id, { locationType: 'google-meet' });
    expect((await api.publicEvent(meet.slug)).body).toMatchObject({ place: { type: 'video', url: null } });
    const booked = await api.book(bookingRequest(meet, WEDNESDAY));
    expect(booked.body.place).toMatchObject({ type: 'video', label: 'Video call', url: expect.stringMatching(ROOM) });
  });
});

/**
 * A host's Google Meet event with bookings made while it was one (no room: a Meet is Google's), an upcoming one, a
 * cancelled one, and one of another event; the host then has Google connected (`google`) or not.
 */
async function googleMeetHostWithBookings(options: { google: boolean }) {
  const account = await host({ name: 'Barbara McClintock' });
  // Booked through the built-in calendar while the event was in person, then made a Google Meet event.
  const meet = await fixtures.eventType(account.id, { title: 'Genetics chat', locationType: 'in-person' });
  const office = await fixtures.eventType(account.id, {
    locationType: 'in-person',
    locationDetail: 'Cold Spring Harbor',
  });
  const upcoming = await api.book(bookingRequest(meet, WEDNESDAY));
  const cancelledLater = await api.book(bookingRequest(meet, THURSDAY));
  const inOffice = await api.book(bookingRequest(office, FRIDAY));
  for (const answer of [upcoming, cancelledLater, inOffice]) expect(answer.status).toBe(201);
  await deps.bookings.cancel(await stored(account.id, cancelledLater.body.bookingId as string), {
    cancellation: { by: 'guest', reason: null, declined: false, at: NOW.toISOString() },
  });
  const asMeet: EventRecord = { ...meet, locationType: 'google-meet', location: 'Google Meet', locationDetail: '' };
  expect(await deps.events.update(asMeet, meet.slug)).not.toBeNull();
  if (options.google) {
    const builtin = (await deps.hosts.get(account.id))!.calendar;
    await deps.hosts.setCalendar(account.id, googleCalendar(account.email), builtin);
  }
  return {
    account,
    meet,
    office,
    upcomingId: upcoming.body.bookingId as string,
    cancelledId: cancelledLater.body.bookingId as string,
    officeId: inOffice.body.bookingId as string,
  };
}

describe('Google Meet without Google', () => {
  it('disconnecting Google moves Google Meet events to the video call, gives their bookings a room and tells the host', async () => {
    const { account, meet, office, upcomingId, cancelledId, officeId } = await googleMeetHostWithBookings({
      google: true,
    });
    const before = await stored(account.id, upcomingId);
    expect(before.meetingUrl).toBeUndefined();

    const answer = await asHost(
      account.id,
      routes.disconnectCalendar,
      disconnectRun,
    )({ method: 'POST', path: '/api/user/calendar/disconnect', body: {} });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message:
          'Calendar disconnected. Your event type "Genetics chat" used Google Meet, which needs Google Calendar: it now uses a video call, and every booking gets its own link.',
      },
    });

    expect((await deps.events.findById(meet.id))!.event).toMatchObject({
      locationType: 'video',
      location: 'Video call',
    });
    expect((await deps.events.findById(office.id))!.event).toMatchObject({ locationType: 'in-person' });
    // The booking write that the "Location updated" notice follows: a room, the same status, the next version.
    const after = await stored(account.id, upcomingId);
    expect(after.meetingUrl).toMatch(ROOM);
    expect(after.status).toBe(before.status);
    expect(after.version).toBe((before.version ?? 1) + 1);
    expect((await stored(account.id, cancelledId)).meetingUrl).toBeUndefined();
    expect((await stored(account.id, officeId)).meetingUrl).toBeUndefined();

    // The route sends no mail: it writes a note, and the stream's job mails the host, once however often it comes.
    const hostMails = async () =>
      (await sentEmails(config.sesEndpoint!)).filter(
        (sent) => sent.destination.to.includes(account.email) && sent.subject.includes('video call'),
      );
    expect(await hostMails()).toEqual([]);
    expect(notesFor(account.id)).toEqual([
      {
        id: expect.any(String),
        hostId: account.id,
        events: [{ id: meet.id, title: 'Genetics chat', slug: meet.slug }],
        bookings: 1,
        createdAt: NOW.toISOString(),
      },
    ]);
    await deliverNote(notesFor(account.id)[0]!, 2);
    const mails = await hostMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Google Meet event types now use a video call');
    expect(mails[0]?.body.text).toContain(`Hello ${(await deps.hosts.get(account.id))!.name},`);
    expect(mails[0]?.body.text).toContain('"Genetics chat"');
    expect(mails[0]?.body.text).toContain('The upcoming booking got its video call link');
    expect(mails[0]?.body.html).toContain('&quot;Genetics chat&quot;');
    expect(mails[0]?.body.html).toContain(`<a href="${config.siteUrl}/calendar"`);
    await deliverNote(notesFor(account.id)[0]!);
    expect(await hostMails()).toHaveLength(1);
  });

  it("a team event's other hosts are told too when one of them leaves Google", async () => {
    const leaving = await host({ google: true, name: 'Grace Hopper' });
    const staying = await host({ google: true, name: 'Katherine Johnson' });
    const now = NOW.toISOString();
    const team = { id: randomUUID(), name: `Team ${unique()}`, slug: `team-${unique()}`, logoUrl: null };
    await deps.teams.create(
      { ...team, createdAt: now, createdBy: leaving.id },
      { teamId: team.id, userId: leaving.id, role: 'owner', joinedAt: now },
    );
    await deps.teams.putMember({ teamId: team.id, userId: staying.id, role: 'member', joinedAt: now });
    const created = await createEvent(leaving.id, {
      title: 'Team sync',
      teamSlug: team.slug,
      schedulingType: 'collective',
      hosts: [{ userId: leaving.id }, { userId: staying.id }],
      locationType: 'google-meet',
    });
    expect(created.status).toBe(201);

    const answer = await asHost(
      leaving.id,
      routes.disconnectCalendar,
      disconnectRun,
    )({ method: 'POST', path: '/api/user/calendar/disconnect', body: {} });
    expect(answer.body.message).toContain('Your event type "Team sync" used Google Meet');
    const changed = { id: created.body.id, title: 'Team sync', slug: created.body.slug };
    expect(notesFor(leaving.id)).toMatchObject([{ events: [changed], bookings: 0 }]);
    expect(notesFor(staying.id)).toMatchObject([{ events: [changed], bookings: 0 }]);
    await deliverNote(notesFor(staying.id)[0]!);
    const mail = (await sentEmails(config.sesEndpoint!)).find((sent) => sent.destination.to.includes(staying.email));
    expect(mail?.subject).toBe('Your Google Meet event types now use a video call');
    expect(mail?.body.text).toContain('Hello Katherine Johnson,');
    expect(mail?.body.text).toContain('No upcoming bookings needed a new link.');
  });

  it('switching to the built-in calendar does the same', async () => {
    const { account, meet, upcomingId } = await googleMeetHostWithBookings({ google: true });
    const answer = await asHost(
      account.id,
      routes.connectBuiltinCalendar,
      connectBuiltinRun,
    )({ method: 'POST', path: '/api/user/calendar/connect', body: {} });
    expect(answer.status).toBe(200);
    expect((await deps.events.findById(meet.id))!.event.locationType).toBe('video');
    expect((await stored(account.id, upcomingId)).meetingUrl).toMatch(ROOM);
    expect(notesFor(account.id)).toMatchObject([{ events: [{ id: meet.id }], bookings: 1 }]);
  });

  it('the migration moves Google Meet events without Google to the video call once, and a second run changes nothing', async () => {
    const lost = await googleMeetHostWithBookings({ google: false });
    const kept = await googleMeetHostWithBookings({ google: true });
    const mine = new Set([lost.meet.slug, kept.meet.slug, lost.office.slug, kept.office.slug]);
    // Only this test's event types (the table is shared with other files running meanwhile).
    const scoped: Deps = {
      ...deps,
      locationFallbacks,
      events: {
        ...deps.events,
        forEachSlug: (onPage) =>
          deps.events.forEachSlug((slugs, teams) =>
            onPage(
              slugs.filter((slug) => mine.has(slug)),
              teams,
            ),
          ),
      },
    };
    const before = await stored(lost.account.id, lost.upcomingId);

    const first = await migrateLocations(scoped);
    expect(first).toEqual({
      events: [{ id: lost.meet.id, title: 'Genetics chat', slug: lost.meet.slug }],
      bookings: 1,
    });
    expect((await deps.events.findById(lost.meet.id))!.event).toMatchObject({
      locationType: 'video',
      location: 'Video call',
    });
    expect((await deps.events.findById(kept.meet.id))!.event.locationType).toBe('google-meet');
    const after = await stored(lost.account.id, lost.upcomingId);
    expect(after).toMatchObject({
      status: before.status,
      version: (before.version ?? 1) + 1,
      meetingUrl: expect.stringMatching(ROOM),
    });
    expect((await stored(lost.account.id, lost.cancelledId)).meetingUrl).toBeUndefined();
    expect((await stored(kept.account.id, kept.upcomingId)).meetingUrl).toBeUndefined();

    // The host whose event changed is told (by the stream's job); the one with Google is not.
    expect(notesFor(lost.account.id)).toMatchObject([
      { events: [{ id: lost.meet.id, title: 'Genetics chat' }], bookings: 1 },
    ]);
    expect(notesFor(kept.account.id)).toEqual([]);
    await deliverNote(notesFor(lost.account.id)[0]!);
    const told = (await sentEmails(config.sesEndpoint!)).filter((sent) =>
      sent.destination.to.includes(lost.account.email),
    );
    expect(told.map((sent) => sent.subject)).toContain('Your Google Meet event types now use a video call');

    expect(await migrateLocations(scoped)).toEqual({ events: [], bookings: 0 });
    expect(notesFor(lost.account.id)).toHaveLength(1);
    expect(await stored(lost.account.id, lost.upcomingId)).toEqual(after);
  });
});
