import { createHash, randomBytes } from 'node:crypto';

import type { CalendarSettings } from '#shared/api/schemas/calendar';
import type { CalendarStatus } from '#shared/api/schemas/host-events';
import { CALENDAR_CONNECT_ERRORS, type CalendarConnectError } from '#shared/constants';
import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import type { Config } from '#functions/config';
import { builtinConnection, calendarSettingsOf } from '#functions/domain/calendar';
import { fallbackSentence } from '#functions/domain/mail/location-fallback';
import type { CalendarConnection, CalendarProviderName, HostRecord } from '#functions/domain/records';
import { Conflict, ValidationFailed, WriteConflict } from '#functions/errors';
import type { OAuthStates } from '#functions/ports/accounts';
import type { CalendarProvider, GoogleCalendarAuth, TokenCipher } from '#functions/ports/calendar';
import type { Clock, Logger, Principal } from '#functions/ports/core';
import type { GoogleMeetFallback } from '#functions/ports/events';
import type { HostRepository } from '#functions/ports/hosts';
import type { SettingsRepository } from '#functions/ports/site';

/**
 * Connecting a host's calendar (issue 7; connectCalendar and connectBuiltinCalendar in docs/api.md):
 * Google Calendar through OAuth (offline access, state + PKCE, the refresh token sealed at rest), or the built-in
 * calendar, which is the host's bookings themselves, offered to calendar apps as a private ICS feed.
 */

export const CALENDAR_CALLBACK_PATH = '/api/user/calendar/callback';
/** The SPA page the authorization window ends on; the opener polls the status meanwhile. */
const CONNECTED_PAGE = '/calendar-connected';
const STATE_MINUTES = 10;

export { CALENDAR_CONNECT_ERRORS };
export const CONNECTION_CHANGED = 'Your calendar connection changed meanwhile. Please reload the page and try again.';
export const FEED_NEEDS_BUILTIN =
  'The calendar feed belongs to the built-in calendar. Connect the built-in calendar first.';

const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');
export const feedTokenHash = hashOf;

/** The signed-in host: their account and host record (the calendar screen's reads and switches). */
export type CalendarHostDeps = CallerDeps & { hosts: HostRepository };
/** The calendar status also says whether Google is configured. */
export type CalendarStatusDeps = CalendarHostDeps & { config: Config };
/** What revoking a host's Google grant at Google needs. */
type GoogleGrantDeps = { tokenCipher: TokenCipher; googleCalendarAuth: GoogleCalendarAuth | null; logger: Logger };
/** What forgetting a host's calendar (account deletion) needs. */
export type ForgetCalendarDeps = GoogleGrantDeps & { hosts: HostRepository };
/** What connecting, switching and disconnecting a calendar need. */
export type CalendarConnectionDeps = CalendarHostDeps &
  GoogleGrantDeps & { clock: Clock; calendars: Partial<Record<CalendarProviderName, CalendarProvider>> };
/**
 * Leaving Google (disconnecting, or switching to the built-in calendar) also moves the host's Google Meet event types
 * to the video call, gives their bookings to come a room, and tells the host (issue 30): the event types' side,
 * through the GoogleMeetFallback port.
 */
export type LeaveGoogleDeps = CalendarConnectionDeps & { meetFallback: GoogleMeetFallback };
/** Starting Google's consent also stores an OAuth state. */
export type ConnectCalendarDeps = CalendarConnectionDeps & { oauthStates: OAuthStates };
/** Google's answer uses the OAuth state, and reads the admin's configured calendar from the settings. */
export type CompleteCalendarConnectDeps = ConnectCalendarDeps & { settings: SettingsRepository };
/** The private feed's address: the host's calendar with its token sealed at rest. */
export type CalendarFeedLinkDeps = CalendarHostDeps & { tokenCipher: TokenCipher };

async function callerHost(deps: CalendarHostDeps, principal: Principal | null): Promise<HostRecord> {
  const account = await callerAccount(deps, principal);
  const host = await deps.hosts.get(account.id);
  if (!host) throw new Error(`The account ${account.id} has no host profile.`);
  return host;
}

/** GET /api/user/calendar: whether a calendar is connected, its e-mail, last sync and kind (401 signed out). */
export async function calendarStatus(deps: CalendarStatusDeps, principal: Principal | null): Promise<CalendarStatus> {
  const calendar = (await callerHost(deps, principal)).calendar;
  const googleAvailable = deps.config.google !== null;
  return calendar?.connected
    ? {
        connected: true,
        email: calendar.email,
        lastSynced: calendar.lastSynced,
        provider: calendar.provider,
        googleAvailable,
      }
    : { connected: false, email: null, lastSynced: null, provider: null, googleAvailable };
}

/** GET /api/user/calendar/settings: the three switches, all on until saved otherwise. */
export async function calendarSettings(deps: CalendarHostDeps, principal: Principal | null): Promise<CalendarSettings> {
  return calendarSettingsOf(await callerHost(deps, principal));
}

/** POST /api/user/calendar/settings: saves all three switches (each toggle sends all three). */
export async function saveCalendarSettings(
  deps: CalendarHostDeps,
  principal: Principal | null,
  settings: CalendarSettings,
): Promise<CalendarSettings> {
  const account = await callerAccount(deps, principal);
  await deps.hosts.saveCalendarSettings(account.id, settings);
  return settings;
}

export const BUILTIN_NEEDS_POST =
  'The built-in calendar is not connected. Connect it on the Calendar page (POST /api/user/calendar/connect).';

/**
 * GET /api/user/calendar/connect. It never switches a calendar (a GET changes no state: issue 13, item 9).
 * Input: the provider asked for (default Google when configured, else the built-in calendar); the site's origin.
 * Output: `{ authUrl, provider }`.
 * Primary course, Google: a one-time state (10 minutes, bound to the host) with a PKCE verifier is stored hashed,
 * and Google's consent address is answered for the window. Built-in: `authUrl` null when it is connected already;
 * otherwise 409 naming the POST that connects it.
 */
export async function connectCalendar(
  deps: ConnectCalendarDeps,
  principal: Principal | null,
  input: { provider?: CalendarProviderName; origin: string },
): Promise<{ authUrl: string | null; provider: CalendarProviderName }> {
  const host = await callerHost(deps, principal);
  const provider = input.provider ?? (deps.googleCalendarAuth ? 'google' : 'builtin');
  if (provider === 'builtin') {
    if (host.calendar?.provider === 'builtin' && host.calendar.connected) return { authUrl: null, provider };
    throw new Conflict(BUILTIN_NEEDS_POST);
  }
  if (!deps.googleCalendarAuth) throw new ValidationFailed(CALENDAR_CONNECT_ERRORS.googleNotConfigured);
  const state = randomBytes(32).toString('base64url');
  const pkce = await deps.googleCalendarAuth.newPkce();
  const redirectUri = `${input.origin}${CALENDAR_CALLBACK_PATH}`;
  const expiresAt = deps.clock.now().getTime() + STATE_MINUTES * 60_000;
  await deps.oauthStates.create(
    hashOf(state),
    { purpose: 'calendar', codeVerifier: pkce.verifier, redirectUri, userId: host.id },
    expiresAt,
  );
  return {
    authUrl: deps.googleCalendarAuth.authorizationUrl({
      redirectUri,
      state,
      codeChallenge: pkce.challenge,
      loginHint: host.email,
    }),
    provider,
  };
}

/**
 * POST /api/user/calendar/connect: connects the built-in calendar (written only if the connection did not change
 * meanwhile, 409 otherwise; a Google grant it replaces is then revoked). Already connected: nothing changes.
 */
export async function connectBuiltinCalendar(
  deps: LeaveGoogleDeps,
  principal: Principal | null,
): Promise<{ authUrl: null; provider: 'builtin' }> {
  const host = await callerHost(deps, principal);
  // Already the built-in calendar: nothing to change (its feed stays).
  if (host.calendar?.provider === 'builtin' && host.calendar.connected) return { authUrl: null, provider: 'builtin' };
  await writeConnection(deps, host, builtinConnection(host.email));
  await endGoogleGrant(deps, host);
  await leaveGoogleMeet(deps, host);
  return { authUrl: null, provider: 'builtin' };
}

/**
 * Issue 30: without Google there is no Google Meet. The host's Google Meet event types (their own and the team ones
 * they host) become video calls, their bookings to come get a room (each one's guests are told by the "Location
 * updated" mail), and the host gets a mail naming the event types (sent by the stream, location-fallback-mail.ts; its words: domain/mail/location-fallback.ts).
 * Answers the sentence for the host's screen, or '' when nothing changed.
 */
async function leaveGoogleMeet(deps: LeaveGoogleDeps, host: HostRecord): Promise<string> {
  const result = await deps.meetFallback.fallBackFromGoogleMeet(host.id);
  return result.events.length === 0 ? '' : fallbackSentence(result);
}

const toWindow = (outcome: { error: CalendarConnectError } | { connected: true }) =>
  'error' in outcome ? `${CONNECTED_PAGE}?error=${outcome.error}` : `${CONNECTED_PAGE}?status=connected`;

/** Writes the connection based on the host as read; a change meanwhile (another window, a disconnect) is a 409. */
async function writeConnection(deps: CalendarHostDeps, host: HostRecord, connection: CalendarConnection) {
  try {
    await deps.hosts.setCalendar(host.id, connection, host.calendar);
  } catch (error) {
    if (error instanceof WriteConflict) throw new Conflict(CONNECTION_CHANGED);
    throw error;
  }
}

/**
 * GET /api/user/calendar/callback (ours): Google sends the authorization window back with `code` and `state`.
 * Primary course: the state is stored, unused, unexpired, for calendars, and was started by the host signed in
 * here; the code is exchanged with the PKCE verifier; both calendar scopes must have been granted (Google lets
 * people untick them) and a refresh token issued; the calendar read is the admin's configured calendar when this
 * account can see it, else the primary one; the refresh token is sealed and stored, and a Google grant it replaces
 * is revoked. The window goes to /calendar-connected with `status=connected` or the reason it failed.
 */
export async function completeCalendarConnect(
  deps: CompleteCalendarConnectDeps,
  principal: Principal | null,
  input: { code?: string; state?: string; error?: string },
): Promise<{ location: string }> {
  const fail = (error: CalendarConnectError) => ({ location: toWindow({ error }) });
  const auth = deps.googleCalendarAuth;
  if (!auth) return fail('googleNotConfigured');
  if (!input.state) return fail('expired');
  const stored = await deps.oauthStates.consume(hashOf(input.state), deps.clock.now().getTime());
  if (!stored || stored.purpose !== 'calendar' || !principal || stored.userId !== principal.userId) {
    return fail('expired');
  }
  if (input.error) return fail(input.error === 'access_denied' ? 'cancelled' : 'notConfirmed');
  if (!input.code) return fail('notConfirmed');

  let granted: Awaited<ReturnType<typeof auth.exchange>>;
  try {
    granted = await auth.exchange({
      code: input.code,
      codeVerifier: stored.codeVerifier,
      redirectUri: stored.redirectUri,
    });
  } catch (error) {
    deps.logger.warn('Calendar connection: Google refused the code exchange', { error: String(error) });
    return fail('notConfirmed');
  }
  const { refreshToken } = granted;
  if (!refreshToken) return fail('noRefreshToken');
  const hasScope = (suffix: string) => granted.scopes.some((scope) => scope.endsWith(suffix));
  if (
    !(hasScope('/auth/calendar.freebusy') || hasScope('/auth/calendar')) ||
    !(hasScope('/auth/calendar.events') || hasScope('/auth/calendar'))
  ) {
    await auth.revoke(refreshToken).catch(() => undefined);
    return fail('scopes');
  }

  const host = await callerHost(deps, principal);
  const configured = (await deps.settings.get())?.googleCalendarId?.trim();
  const calendarId =
    configured && (await auth.calendarAccessible(refreshToken, configured).catch(() => false)) ? configured : 'primary';
  try {
    await deps.hosts.setCalendar(
      host.id,
      {
        provider: 'google',
        connected: true,
        email: granted.email,
        lastSynced: null,
        sealedRefreshToken: await deps.tokenCipher.seal(refreshToken, host.id),
        calendarId,
        sealedFeedToken: null,
        feedTokenHash: null,
      },
      host.calendar,
    );
  } catch (error) {
    if (!(error instanceof WriteConflict)) throw error;
    // Another window connected or disconnected meanwhile: this grant is handed back rather than kept unused.
    await auth.revoke(refreshToken).catch(() => undefined);
    return fail('changed');
  }
  // The grant this one replaces is revoked, unless it is the same Google account: Google revokes a whole grant, which
  // would take the new token with it.
  if (host.calendar?.email?.toLowerCase() !== granted.email.toLowerCase()) await endGoogleGrant(deps, host);
  deps.calendars.google?.forget(host.id);
  return { location: toWindow({ connected: true }) };
}

/** Revokes the host's Google grant at Google, if they have one (a failure is logged: the token is deleted anyway). */
async function endGoogleGrant(deps: GoogleGrantDeps, host: HostRecord) {
  const sealed = host.calendar?.provider === 'google' ? host.calendar.sealedRefreshToken : null;
  if (!sealed || !deps.googleCalendarAuth) return;
  try {
    await deps.googleCalendarAuth.revoke(await deps.tokenCipher.open(sealed, host.id));
  } catch (error) {
    deps.logger.error('Could not revoke a Google Calendar grant; it is deleted here', {
      hostId: host.id,
      error: String(error),
    });
  }
}

/**
 * POST /api/user/calendar/disconnect: revokes the Google token at Google and deletes it here (or ends the built-in
 * calendar with its feed). Guests cannot book until a calendar is connected again. Google Meet event types become
 * video calls, and the answer says so (issue 30, leaveGoogleMeet).
 */
export async function disconnectCalendar(
  deps: LeaveGoogleDeps,
  principal: Principal | null,
): Promise<{ message: string }> {
  const host = await callerHost(deps, principal);
  await deps.hosts.removeCalendar(host.id, host.calendar);
  await endGoogleGrant(deps, host);
  deps.calendars.google?.forget(host.id);
  const moved = await leaveGoogleMeet(deps, host);
  return { message: moved ? `Calendar disconnected. ${moved}` : 'Calendar disconnected.' };
}

/** Called by account deletion: the Google grant is revoked and the calendar's lookup items removed. */
export async function forgetCalendar(deps: ForgetCalendarDeps, hostId: string) {
  const host = await deps.hosts.get(hostId);
  if (!host?.calendar) return;
  await endGoogleGrant(deps, host);
  await deps.hosts.removeCalendar(host.id, host.calendar);
}

const feedUrl = (origin: string, token: string) => `${origin}/api/calendar/feed/${token}`;

function connectedBuiltinCalendar(host: HostRecord): CalendarConnection {
  if (host.calendar?.provider !== 'builtin' || !host.calendar.connected) throw new Conflict(FEED_NEEDS_BUILTIN);
  return host.calendar;
}

/** GET /api/user/calendar/feed: the private feed's address, or null while it is off. */
export async function getCalendarFeed(
  deps: CalendarFeedLinkDeps,
  principal: Principal | null,
  origin: string,
): Promise<{ feedUrl: string | null }> {
  const host = await callerHost(deps, principal);
  const sealed = host.calendar?.provider === 'builtin' ? host.calendar.sealedFeedToken : null;
  return { feedUrl: sealed ? feedUrl(origin, await deps.tokenCipher.open(sealed, host.id)) : null };
}

/** POST /api/user/calendar/feed: a new private address; the previous one stops working in the same write. */
export async function resetCalendarFeed(
  deps: CalendarFeedLinkDeps,
  principal: Principal | null,
  origin: string,
): Promise<{ feedUrl: string }> {
  const host = await callerHost(deps, principal);
  const connection = connectedBuiltinCalendar(host);
  const token = randomBytes(32).toString('base64url');
  await writeConnection(deps, host, {
    ...connection,
    sealedFeedToken: await deps.tokenCipher.seal(token, host.id),
    feedTokenHash: feedTokenHash(token),
  });
  return { feedUrl: feedUrl(origin, token) };
}

/** DELETE /api/user/calendar/feed: turns the feed off. */
export async function revokeCalendarFeed(
  deps: CalendarHostDeps,
  principal: Principal | null,
): Promise<{ feedUrl: null }> {
  const host = await callerHost(deps, principal);
  if (host.calendar?.feedTokenHash)
    await writeConnection(deps, host, { ...host.calendar, sealedFeedToken: null, feedTokenHash: null });
  return { feedUrl: null };
}
