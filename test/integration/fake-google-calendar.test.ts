import { randomBytes } from 'node:crypto';
import {
  CodeChallengeMethod,
  OAuth2Client,
  type OAuth2ClientOptions,
} from 'google-auth-library/build/src/auth/oauth2client.js';
import { afterAll, describe, expect, it } from 'vitest';

import { googleEndpoints } from '#functions/adapters/google/oauth-client';
import { startFakeGoogle, type GoogleCalendarEvent } from '#test/fakes/google';

/**
 * The fake Google's Calendar API v3 (test/fakes/google.ts) driven by the real client the service uses:
 * google-auth-library's OAuth2Client, with a refresh token obtained through the fake consent and code exchange.
 * No database.
 */

const google = await startFakeGoogle();
afterAll(() => google.close());

const CALENDAR = 'https://www.googleapis.com/auth/calendar';
const SCOPES = ['openid', 'email', `${CALENDAR}.freebusy`, `${CALENDAR}.events`];
const REDIRECT_URI = 'http://127.0.0.1:9/api/google/calendar/callback';

/**
 * An OAuth2Client as the service builds it. `forceRefreshOnFailure`: without it the client only refreshes on a 401
 * when it knows no expiry date, and after its first refresh it always knows one.
 */
const newClient = (options: Partial<OAuth2ClientOptions> = { forceRefreshOnFailure: true }) =>
  new OAuth2Client({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUri: REDIRECT_URI,
    endpoints: googleEndpoints(google.url),
    transporterOptions: { fetchImplementation: fetch },
    ...options,
  });

/** A host who connected their calendar (offline, prompt=consent, PKCE); `api` holds only the refresh token. */
async function connectedHost(options: { grantScopes?: string[]; client?: Partial<OAuth2ClientOptions> } = {}) {
  const email = `grace.${randomBytes(4).toString('hex')}@gmail.test`;
  const account = { sub: `1${Date.now()}${randomBytes(2).readUInt16BE()}`, email, name: 'Grace Hopper' };
  const oauth = newClient();
  const { codeVerifier, codeChallenge } = await oauth.generateCodeVerifierAsync();
  const authorizationUrl = oauth.generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: SCOPES,
    state: 'state',
    code_challenge: codeChallenge!,
    code_challenge_method: CodeChallengeMethod.S256,
  });
  const back = new URL(await google.consent(authorizationUrl, account, options));
  const { tokens } = await oauth.getToken({ code: back.searchParams.get('code')!, codeVerifier });
  const api = newClient(options.client);
  api.setCredentials({ refresh_token: tokens.refresh_token });
  const calendar = <T = GoogleCalendarEvent>(
    path: string,
    request: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; data?: unknown; params?: unknown } = {},
  ) => api.request<T>({ url: `${google.url}/calendar/v3${path}`, ...request });
  return { email, tokens, back, api, calendar };
}

/** The HTTP status and the Google error reason (or the whole OAuth error body) of a rejected request. */
async function failure(request: Promise<unknown>) {
  const error = await request.then(
    () => {
      throw new Error('The request succeeded.');
    },
    (rejected: unknown) => rejected as { response?: { status: number; data?: { error?: unknown } } },
  );
  const data = error.response?.data;
  const googleError = data?.error as { errors?: { reason: string }[] } | string | undefined;
  return {
    status: error.response?.status,
    reason: typeof googleError === 'object' ? googleError.errors?.[0]?.reason : data,
  };
}

const tokenCalls = () => google.requests.filter((request) => request.path === '/token').length;
const event = (id: string | undefined, start: string, end: string, more: Record<string, unknown> = {}) => ({
  ...(id ? { id } : {}),
  summary: 'Intro call',
  start: { dateTime: start, timeZone: 'Europe/Paris' },
  end: { dateTime: end, timeZone: 'Europe/Paris' },
  ...more,
});
const eventId = () => `mb${randomBytes(10).toString('hex')}`; // hex is base32hex too

describe('fake Google Calendar API', () => {
  it('connects with the calendar scopes: a refresh token at every offline consent, and the granted scope', async () => {
    const first = await connectedHost();
    const second = await connectedHost();
    expect(first.tokens.refresh_token).toMatch(/^1\/\//);
    expect(second.tokens.refresh_token).not.toBe(first.tokens.refresh_token);
    expect(first.tokens.scope).toBe(SCOPES.join(' '));
    expect(first.back.searchParams.get('scope')).toBe(SCOPES.join(' '));
  });

  it('answers freeBusy with the host’s own events, clipped to the range', async () => {
    const host = await connectedHost();
    google.addBusyEvent(host.email, { start: '2030-03-04T08:00:00Z', end: '2030-03-04T10:00:00Z' });
    google.addBusyEvent(host.email, { start: '2030-03-04T13:00:00Z', end: '2030-03-04T14:00:00Z', summary: 'Dentist' });
    const gone = google.addBusyEvent(host.email, { start: '2030-03-04T15:00:00Z', end: '2030-03-04T16:00:00Z' });
    google.deleteEventAsOwner(host.email, gone);
    await host.calendar('/calendars/primary/events', {
      method: 'POST',
      data: event(undefined, '2030-03-04T17:00:00+01:00', '2030-03-04T18:00:00+01:00', { transparency: 'transparent' }),
    });

    const { data } = await host.calendar<Record<string, unknown>>('/freeBusy', {
      method: 'POST',
      data: {
        timeMin: '2030-03-04T09:00:00Z',
        timeMax: '2030-03-05T00:00:00Z',
        items: [{ id: host.email }, { id: 'someone.else@gmail.test' }],
      },
    });
    expect(data).toEqual({
      kind: 'calendar#freeBusy',
      timeMin: '2030-03-04T09:00:00.000Z',
      timeMax: '2030-03-05T00:00:00.000Z',
      calendars: {
        [host.email]: {
          busy: [
            { start: '2030-03-04T09:00:00Z', end: '2030-03-04T10:00:00Z' },
            { start: '2030-03-04T13:00:00Z', end: '2030-03-04T14:00:00Z' },
          ],
        },
        'someone.else@gmail.test': { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] },
      },
    });
    const empty = { timeMin: '2030-03-04T09:00:00Z', timeMax: '2030-03-04T09:00:00Z', items: [{ id: 'primary' }] };
    expect(await failure(host.calendar('/freeBusy', { method: 'POST', data: empty }))).toEqual({
      status: 400,
      reason: 'timeRangeEmpty',
    });
  });

  it('inserts an event with our id and a Meet link; a second insert of the id is 409, a bad id 400', async () => {
    const host = await connectedHost();
    const id = eventId();
    const body = event(id, '2030-03-04T10:00:00', '2030-03-04T10:30:00', {
      attendees: [{ email: 'guest@example.test', displayName: 'Guest' }],
      extendedProperties: { private: { meetwiseBookingId: 'b1' } },
      conferenceData: { createRequest: { requestId: id, conferenceSolutionKey: { type: 'hangoutsMeet' } } },
    });
    const { data, status } = await host.calendar('/calendars/primary/events', {
      method: 'POST',
      data: body,
      params: { sendUpdates: 'all', conferenceDataVersion: 1 },
    });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      kind: 'calendar#event',
      id,
      status: 'confirmed',
      organizer: { email: host.email, self: true },
      attendees: [{ email: 'guest@example.test', displayName: 'Guest', responseStatus: 'needsAction' }],
      extendedProperties: { private: { meetwiseBookingId: 'b1' } },
      conferenceData: {
        conferenceSolution: { key: { type: 'hangoutsMeet' }, name: 'Google Meet' },
        createRequest: { requestId: id, status: { statusCode: 'success' } },
      },
    });
    expect(data.hangoutLink).toMatch(/^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
    expect(data.conferenceData?.entryPoints).toEqual([
      { entryPointType: 'video', uri: data.hangoutLink, label: data.hangoutLink!.slice(8) },
    ]);
    expect(data).not.toHaveProperty('writes');
    expect(data).not.toHaveProperty('sendUpdates');
    expect(google.calendarEvents(host.email)).toMatchObject([
      { id, sendUpdates: 'all', writes: [{ action: 'insert', by: 'api', sendUpdates: 'all' }] },
    ]);

    expect(await failure(host.calendar('/calendars/primary/events', { method: 'POST', data: body }))).toEqual({
      status: 409,
      reason: 'duplicate',
    });
    const badId = event('Not-Base32hex', '2030-03-04T10:00:00Z', '2030-03-04T10:30:00Z');
    expect(await failure(host.calendar('/calendars/primary/events', { method: 'POST', data: badId }))).toEqual({
      status: 400,
      reason: 'invalid',
    });
    const withoutMeet = await host.calendar('/calendars/primary/events', {
      method: 'POST',
      data: { ...body, id: eventId() },
    });
    expect(withoutMeet.data.hangoutLink).toBeUndefined();
    expect(withoutMeet.data.conferenceData).toBeUndefined();
  });

  it('gets, patches and deletes an event; a second delete is 410, a purged event 404', async () => {
    const host = await connectedHost();
    const id = eventId();
    await host.calendar(`/calendars/${encodeURIComponent(host.email)}/events`, {
      method: 'POST',
      data: event(id, '2030-03-04T10:00:00Z', '2030-03-04T11:00:00Z'),
    });
    const path = `/calendars/primary/events/${id}`;

    const patched = await host.calendar(path, {
      method: 'PATCH',
      data: { summary: 'Moved', end: { dateTime: '2030-03-04T11:30:00Z' } },
      params: { sendUpdates: 'externalOnly' },
    });
    expect(patched.data).toMatchObject({
      summary: 'Moved',
      start: { dateTime: '2030-03-04T10:00:00Z' },
      end: { dateTime: '2030-03-04T11:30:00Z' },
      sequence: 1,
    });
    expect(patched.data.updated >= patched.data.created).toBe(true);

    expect((await host.calendar(path, { method: 'DELETE', params: { sendUpdates: 'none' } })).status).toBe(204);
    expect((await host.calendar(path)).data.status).toBe('cancelled');
    expect(await failure(host.calendar(path, { method: 'DELETE' }))).toEqual({ status: 410, reason: 'deleted' });
    expect(google.calendarEvents(host.email)[0]!.writes.map((write) => [write.action, write.sendUpdates])).toEqual([
      ['insert', null],
      ['patch', 'externalOnly'],
      ['delete', 'none'],
    ]);

    expect((await host.calendar(path, { method: 'PATCH', data: { status: 'confirmed' } })).data.status).toBe(
      'confirmed',
    );
    google.purgeEvent(host.email, id);
    expect(await failure(host.calendar(path))).toEqual({ status: 404, reason: 'notFound' });
    expect(await failure(host.calendar(`/calendars/other%40gmail.test/events/${id}`))).toEqual({
      status: 404,
      reason: 'notFound',
    });
  });

  it('lists events in a range by private extended properties, cancelled ones with showDeleted, page by page', async () => {
    const host = await connectedHost();
    const ids = [eventId(), eventId(), eventId()];
    for (const [index, id] of ids.entries()) {
      const start = `2030-03-0${4 + index}T10:00:00Z`;
      const end = `2030-03-0${4 + index}T11:00:00Z`;
      const data = event(id, start, end, {
        extendedProperties: { private: { source: 'meetwise', bookingId: `b${index}` } },
      });
      await host.calendar('/calendars/primary/events', { method: 'POST', data });
    }
    google.addBusyEvent(host.email, { start: '2030-03-04T12:00:00Z', end: '2030-03-04T13:00:00Z' });
    await host.calendar(`/calendars/primary/events/${ids[1]}`, { method: 'DELETE' });

    type List = { kind: string; summary: string; items: GoogleCalendarEvent[]; nextPageToken?: string };
    const list = (params: URLSearchParams) =>
      host.calendar<List>('/calendars/primary/events', { params }).then(({ data }) => data);
    const range = [
      ['timeMin', '2030-03-01T00:00:00Z'],
      ['timeMax', '2030-03-10T00:00:00Z'],
      ['privateExtendedProperty', 'source=meetwise'],
    ];
    const ours = await list(new URLSearchParams(range));
    expect(ours).toMatchObject({ kind: 'calendar#events', summary: host.email });
    expect(ours.items.map((item) => item.id)).toEqual([ids[0], ids[2]]);
    const withDeleted = await list(new URLSearchParams([...range, ['showDeleted', 'true']]));
    expect(withDeleted.items.map((item) => [item.id, item.status])).toEqual([
      [ids[0], 'confirmed'],
      [ids[1], 'cancelled'],
      [ids[2], 'confirmed'],
    ]);
    const one = await list(new URLSearchParams([...range, ['privateExtendedProperty', 'bookingId=b2']]));
    expect(one.items.map((item) => item.id)).toEqual([ids[2]]);
    const beforeThird = await list(new URLSearchParams([['timeMax', '2030-03-06T10:00:00Z']]));
    expect(beforeThird.items).toHaveLength(2); // ours of the 4th and the host's own

    const firstPage = await list(new URLSearchParams([...range, ['showDeleted', 'true'], ['maxResults', '2']]));
    expect(firstPage.items.map((item) => item.id)).toEqual([ids[0], ids[1]]);
    const lastPage = await list(
      new URLSearchParams([
        ...range,
        ['showDeleted', 'true'],
        ['maxResults', '2'],
        ['pageToken', firstPage.nextPageToken!],
      ]),
    );
    expect(lastPage.items.map((item) => item.id)).toEqual([ids[2]]);
    expect(lastPage.nextPageToken).toBeUndefined();
  });

  it('answers 401 after expireAccessTokens, which the client repairs with one refresh and a retry', async () => {
    const host = await connectedHost();
    await host.calendar('/calendars/primary/events');
    const before = tokenCalls();
    google.expireAccessTokens();
    expect((await host.calendar('/calendars/primary/events')).status).toBe(200);
    expect(tokenCalls()).toBe(before + 1);
    const calls = google.requests
      .filter((request) => request.path === '/calendar/v3/calendars/primary/events')
      .slice(-2);
    expect(calls[0]!.authorization).not.toBe(calls[1]!.authorization);

    // Without forceRefreshOnFailure the client knows its token's expiry date and lets the 401 through.
    const plain = await connectedHost({ client: {} });
    await plain.calendar('/calendars/primary/events');
    google.expireAccessTokens();
    expect(await failure(plain.calendar('/calendars/primary/events'))).toEqual({ status: 401, reason: 'authError' });
  });

  it('rejects with invalid_grant once the user revoked our access', async () => {
    const host = await connectedHost();
    await host.calendar('/calendars/primary/events');
    google.revokeAllTokensOf(host.email);
    expect(google.liveRefreshTokens()).not.toContain(host.tokens.refresh_token);
    expect(await failure(host.calendar('/calendars/primary/events'))).toEqual({
      status: 400,
      reason: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    });
  });

  it('fails requests on demand: an insert whose answer is lost is created once, a 429 creates nothing', async () => {
    const host = await connectedHost();
    const id = eventId();
    const insert = () =>
      host.calendar('/calendars/primary/events', {
        method: 'POST',
        data: event(id, '2030-03-04T10:00:00Z', '2030-03-04T11:00:00Z'),
      });
    google.failNext({ method: 'POST', path: /\/calendars\/primary\/events$/, status: 503, afterApply: true });
    expect(await failure(insert())).toEqual({ status: 503, reason: 'backendError' });
    expect(await failure(insert())).toEqual({ status: 409, reason: 'duplicate' });
    expect(google.calendarEvents(host.email).map((stored) => stored.id)).toEqual([id]);

    google.failNext({ method: 'post', path: /\/events$/, status: 429 });
    const other = event(eventId(), '2030-03-04T12:00:00Z', '2030-03-04T13:00:00Z');
    expect(await failure(host.calendar('/calendars/primary/events', { method: 'POST', data: other }))).toEqual({
      status: 429,
      reason: 'rateLimitExceeded',
    });
    expect(google.calendarEvents(host.email)).toHaveLength(1);

    google.unreachable = true;
    try {
      const dropped = await host
        .calendar('/calendars/primary/events')
        .catch((error: unknown) => error as { response?: unknown });
      expect(dropped).toBeInstanceOf(Error);
      expect(dropped).toMatchObject({ response: undefined });
    } finally {
      google.unreachable = false;
    }
  });

  it('answers 403 insufficientPermissions for events when the user granted only free/busy', async () => {
    const granted = ['openid', 'email', `${CALENDAR}.freebusy`];
    const host = await connectedHost({ grantScopes: granted });
    expect(host.tokens.scope).toBe(granted.join(' '));
    const range = { timeMin: '2030-03-04T00:00:00Z', timeMax: '2030-03-05T00:00:00Z', items: [{ id: 'primary' }] };
    expect((await host.calendar('/freeBusy', { method: 'POST', data: range })).status).toBe(200);
    const insert = host.calendar('/calendars/primary/events', {
      method: 'POST',
      data: event(eventId(), '2030-03-04T10:00:00Z', '2030-03-04T11:00:00Z'),
    });
    expect(await failure(insert)).toEqual({ status: 403, reason: 'insufficientPermissions' });
    expect(google.calendarEvents(host.email)).toEqual([]);
  });
});
