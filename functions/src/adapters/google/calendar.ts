// Types only: googleapis' Calendar v3 resource shapes. The requests themselves go through the OAuth2 client of
// google-auth-library (the transport googleapis uses), because the generated Calendar module alone would put
// ~400 KB into the public booking functions (their bundle budget: ≤ 300 KB).
import type { calendar_v3 } from '@googleapis/calendar';
import type { OAuth2Client } from 'google-auth-library/build/src/auth/oauth2client.js';

import type { BusyInterval } from '#shared/availability/engine';
import { googleOAuthClient } from '#functions/adapters/google/oauth-client';
import type { GoogleConfig } from '#functions/config';
import { bookingPlace } from '#functions/domain/locations';
import type { BookingRecord, EventRecord, HostRecord } from '#functions/domain/records';
import { CalendarDisconnected, ServiceUnavailable } from '#functions/errors';
import type { CalendarProvider, TokenCipher } from '#functions/ports/calendar';
import type { Logger, Metrics } from '#functions/ports/core';
import type { HostRepository } from '#functions/ports/hosts';

export const CALENDAR_UNREACHABLE =
  "We couldn't check the host's calendar just now, so no times can be offered. Please try again in a moment.";

/** Free/busy answers are reused for a minute per host and month (one Google call per month view). */
const FREE_BUSY_TTL_MS = 60_000;
const MONTHS_CACHED = 5_000;

/**
 * Google's transient failures are retried with backoff: 429 and 5xx, and answers lost on the way. Every call here
 * is safe to repeat: reads, and writes to an event whose id we chose (a repeated insert answers 409, which counts as
 * done). A 401 refreshes the access token once (forceRefreshOnFailure).
 */
const RETRY = {
  retry: 3,
  noResponseRetries: 2,
  retryDelay: 100,
  retryDelayMultiplier: 1.5,
  maxRetryDelay: 2_000,
  totalTimeout: 8_000,
  httpMethodsToRetry: ['GET', 'POST', 'PATCH', 'DELETE'],
  statusCodesToRetry: [
    [429, 429],
    [500, 599],
  ],
};
const REQUEST_TIMEOUT_MS = 5_000;

/** The private properties that mark the events we put into a host's calendar (events.list filters on key=value). */
export const BOOKING_PROPERTY = 'meetwiseBookingId';
const MARKER = { key: 'meetwise', value: 'booking' } as const;

interface GaxiosLikeError {
  status?: number;
  response?: { status?: number; data?: unknown };
}

const statusOf = (error: unknown) => (error as GaxiosLikeError)?.response?.status ?? (error as GaxiosLikeError)?.status;

/** Google refused the refresh token itself: revoked by the user, expired, or the grant was removed. */
function isInvalidGrant(error: unknown): boolean {
  const data = (error as GaxiosLikeError)?.response?.data as { error?: unknown } | undefined;
  return data?.error === 'invalid_grant' || (error instanceof Error && /invalid_grant/.test(error.message));
}

export interface GoogleCalendarDeps {
  google: GoogleConfig;
  cipher: TokenCipher;
  hosts: Pick<HostRepository, 'markCalendarDisconnected'>;
  logger: Logger;
  /** Counts GoogleCallFailed (docs/operations.md). */
  metrics: Metrics;
  /** The site's address for links in event descriptions, when known. */
  siteUrl: string | undefined;
  now: () => number;
}

const monthKey = (instant: number) => new Date(instant).toISOString().slice(0, 7);
const monthStart = (key: string) => Date.parse(`${key}-01T00:00:00Z`);
const nextMonth = (key: string) => {
  const date = new Date(monthStart(key));
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
};

/** Google event ids are base32hex (a–v, 0–9), 5–1024 characters: "mb" + the booking's uuid without dashes. */
export const googleEventIdOf = (bookingId: string) => `mb${bookingId.toLowerCase().replace(/[^0-9a-v]/g, '')}`;

/** The event's text: what was booked, where (a link to join: issue 30), by whom, and what they wrote. */
export function eventDescription(booking: BookingRecord, siteUrl: string | undefined, where?: string): string {
  const lines = [
    `${booking.eventTitle}, booked with Meetwise.`,
    '',
    ...(where ? [where, ''] : []),
    `Guest: ${booking.name} <${booking.email}>`,
    ...(booking.guests.length ? [`Other guests: ${booking.guests.join(', ')}`] : []),
    `Guest's time zone: ${booking.guestTimeZone}`,
    ...(booking.additionalInfo ? ['', 'Additional information:', booking.additionalInfo] : []),
    ...(siteUrl ? ['', `Booking page: ${siteUrl}/book/${booking.eventSlug}`] : []),
  ];
  return lines.join('\n');
}

/**
 * The Google event for a booking: the guest and guests as attendees; a Meet link only for a Google Meet meeting
 * (issue 30); any other place as the event's location (the link to join, the address, the number) and, for an online
 * meeting, the link in its description too.
 */
export function googleEventFor(
  booking: BookingRecord,
  event: EventRecord,
  siteUrl: string | undefined,
): calendar_v3.Schema$Event {
  const place = bookingPlace(event, booking);
  const meet = place.type === 'google-meet';
  return {
    id: googleEventIdOf(booking.id),
    summary: `${booking.eventTitle} with ${booking.name}`,
    description: eventDescription(booking, siteUrl, meet ? undefined : place.url ? `Join: ${place.url}` : place.text),
    start: { dateTime: booking.start, timeZone: event.timeZone },
    end: { dateTime: booking.end, timeZone: event.timeZone },
    attendees: [{ email: booking.email, displayName: booking.name }, ...booking.guests.map((email) => ({ email }))],
    ...(meet ? {} : { location: place.url ?? place.text }),
    ...(meet
      ? {
          conferenceData: { createRequest: { requestId: booking.id, conferenceSolutionKey: { type: 'hangoutsMeet' } } },
        }
      : {}),
    extendedProperties: { private: { [MARKER.key]: MARKER.value, [BOOKING_PROPERTY]: booking.id } },
    status: booking.status === 'pending' ? 'tentative' : 'confirmed',
  };
}

/**
 * Google Calendar as a host's calendar. Each host's refresh token is opened from its seal when first needed and
 * its OAuth client (with the access token it obtains) kept for the life of the process.
 */
export function googleCalendar(deps: GoogleCalendarDeps): CalendarProvider {
  const clients = new Map<string, { sealed: string; client: OAuth2Client }>();
  const freeBusy = new Map<string, { at: number; busy: BusyInterval[] }>();
  const api = `${deps.google.rootUrl ?? 'https://www.googleapis.com'}/calendar/v3`;

  async function clientFor(host: HostRecord): Promise<{ client: OAuth2Client; sealed: string }> {
    const sealed = host.calendar?.sealedRefreshToken;
    if (!host.calendar?.connected || !sealed)
      throw new CalendarDisconnected('The host has no Google Calendar connected.');
    const known = clients.get(host.id);
    if (known?.sealed === sealed) return known;
    const client = googleOAuthClient(deps.google, { forceRefreshOnFailure: true });
    client.setCredentials({ refresh_token: await deps.cipher.open(sealed, host.id) });
    clients.set(host.id, { sealed, client });
    return { client, sealed };
  }

  /** One Calendar API call with retries; Google's refusal of the grant disconnects the host. */
  async function call<T>(
    host: HostRecord,
    request: {
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
      path: string;
      params?: Record<string, unknown>;
      data?: unknown;
    },
  ): Promise<T> {
    const { client, sealed } = await clientFor(host);
    try {
      const answer = await client.request<T>({
        url: `${api}${request.path}`,
        method: request.method,
        params: request.params,
        data: request.data,
        timeout: REQUEST_TIMEOUT_MS,
        retry: true,
        retryConfig: RETRY,
      });
      return answer.data;
    } catch (error) {
      // An event already made (409) or already gone (404, 410) is an answer the callers expect, not a failure.
      if (![404, 409, 410].includes(statusOf(error) ?? 0)) deps.metrics.count('GoogleCallFailed');
      if (isInvalidGrant(error)) {
        clients.delete(host.id);
        freeBusy.delete(host.id);
        await deps.hosts.markCalendarDisconnected(host.id, sealed);
        deps.logger.warn("Google refused a host's calendar grant; the calendar is now disconnected", {
          hostId: host.id,
        });
        throw new CalendarDisconnected("Google refused the host's calendar access.");
      }
      throw error;
    }
  }

  const calendarPath = (host: HostRecord) => `/calendars/${encodeURIComponent(host.calendar?.calendarId || 'primary')}`;

  /** Fetches the months not cached (one freeBusy call for all of them) and caches each. */
  async function loadMonths(host: HostRecord, months: string[]) {
    const timeMin = monthStart(months[0]!);
    const timeMax = nextMonth(months[months.length - 1]!);
    const calendarId = host.calendar?.calendarId || 'primary';
    let answer: calendar_v3.Schema$FreeBusyResponse;
    try {
      answer = await call<calendar_v3.Schema$FreeBusyResponse>(host, {
        method: 'POST',
        path: '/freeBusy',
        data: {
          timeMin: new Date(timeMin).toISOString(),
          timeMax: new Date(timeMax).toISOString(),
          items: [{ id: calendarId }],
        },
      });
    } catch (error) {
      if (error instanceof CalendarDisconnected) throw error;
      deps.logger.error('Google free/busy failed', { hostId: host.id, status: statusOf(error), error: String(error) });
      throw new ServiceUnavailable(CALENDAR_UNREACHABLE);
    }
    const found = answer.calendars?.[calendarId];
    if (!found || found.errors?.length) {
      deps.logger.error('Google free/busy answered an error for the calendar', {
        hostId: host.id,
        errors: found?.errors,
      });
      throw new ServiceUnavailable(CALENDAR_UNREACHABLE);
    }
    const busy = (found.busy ?? []).map((period) => ({
      start: Date.parse(period.start ?? ''),
      end: Date.parse(period.end ?? ''),
    }));
    if (busy.some((period) => Number.isNaN(period.start) || Number.isNaN(period.end)))
      throw new ServiceUnavailable(CALENDAR_UNREACHABLE);
    const at = deps.now();
    if (freeBusy.size > MONTHS_CACHED) freeBusy.clear();
    for (const month of months) {
      const start = monthStart(month);
      const end = nextMonth(month);
      freeBusy.set(`${host.id}:${month}`, {
        at,
        busy: busy.filter((period) => period.end > start && period.start < end),
      });
    }
  }

  return {
    createsEvents: true,

    async busyTimes(host, from, to, options = {}) {
      const months: string[] = [];
      for (let key = monthKey(from); monthStart(key) < to; key = monthKey(nextMonth(key))) months.push(key);
      const now = deps.now();
      const stale = months.filter((month) => {
        const cached = freeBusy.get(`${host.id}:${month}`);
        return options.fresh || !cached || now - cached.at >= FREE_BUSY_TTL_MS;
      });
      if (stale.length)
        await loadMonths(host, months.slice(months.indexOf(stale[0]!), months.indexOf(stale[stale.length - 1]!) + 1));
      const seen = new Set<string>();
      return months
        .flatMap((month) => freeBusy.get(`${host.id}:${month}`)?.busy ?? [])
        .filter((period) => Number(period.end) > from && Number(period.start) < to)
        .filter((period) => {
          // A period spanning two months is cached in both.
          const key = `${period.start}-${period.end}`;
          return seen.has(key) ? false : (seen.add(key), true);
        });
    },

    plannedEventId: (booking) => googleEventIdOf(booking.id),

    async createEvent(host, booking, event) {
      if (!booking.calendarEventId) return false;
      try {
        await call(host, {
          method: 'POST',
          path: `${calendarPath(host)}/events`,
          params: {
            sendUpdates: 'all',
            conferenceDataVersion: bookingPlace(event, booking).type === 'google-meet' ? 1 : 0,
          },
          data: { ...googleEventFor(booking, event, deps.siteUrl), id: booking.calendarEventId },
        });
      } catch (error) {
        // Our id: an earlier attempt whose answer was lost created it already.
        if (statusOf(error) !== 409) throw error;
      }
      return true;
    },

    async moveEvent(host, booking, event) {
      if (!booking.calendarEventId) return false;
      // The event keeps its id and its Meet link (a new conference request would give the guests a new link).
      const { id: _id, conferenceData: _conference, ...fields } = googleEventFor(booking, event, deps.siteUrl);
      try {
        await call(host, {
          method: 'PATCH',
          path: `${calendarPath(host)}/events/${encodeURIComponent(booking.calendarEventId)}`,
          params: { sendUpdates: 'all' },
          // Confirmed again too: Google keeps a deleted event, and a patch brings it back at the new time.
          data: { ...fields, status: fields.status ?? 'confirmed' },
        });
        return true;
      } catch (error) {
        // Never made (its insert failed): make it now, under the same id.
        if (statusOf(error) === 404) return this.createEvent(host, booking, event);
        throw error;
      }
    },

    async deleteEvent(host, booking) {
      if (!booking.calendarEventId) return;
      try {
        await call(host, {
          method: 'DELETE',
          path: `${calendarPath(host)}/events/${encodeURIComponent(booking.calendarEventId)}`,
          params: { sendUpdates: 'all' },
        });
      } catch (error) {
        // Deleted already (410) or never there (404): nothing left to remove.
        if (statusOf(error) !== 404 && statusOf(error) !== 410) throw error;
      }
    },

    async bookingEvents(host, from) {
      const statuses = new Map<string, 'confirmed' | 'cancelled'>();
      let pageToken: string | undefined;
      do {
        const page: calendar_v3.Schema$Events = await call(host, {
          method: 'GET',
          path: `${calendarPath(host)}/events`,
          params: {
            timeMin: new Date(from).toISOString(),
            showDeleted: true,
            singleEvents: true,
            maxResults: 2500,
            privateExtendedProperty: `${MARKER.key}=${MARKER.value}`,
            ...(pageToken ? { pageToken } : {}),
          },
        });
        for (const item of page.items ?? []) {
          if (item.id && item.extendedProperties?.private?.[BOOKING_PROPERTY]) {
            statuses.set(item.id, item.status === 'cancelled' ? 'cancelled' : 'confirmed');
          }
        }
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
      return statuses;
    },

    forget(hostId) {
      for (const key of freeBusy.keys()) if (key.startsWith(`${hostId}:`)) freeBusy.delete(key);
    },
  };
}
