import { builtinCalendar } from '#functions/adapters/calendar/builtin';
import { kmsClient, kmsDataKeys } from '#functions/adapters/crypto/kms';
import { envelopeTokenCipher, localTokenCipher } from '#functions/adapters/crypto/token-cipher';
import { googleCalendar } from '#functions/adapters/google/calendar';
import { googleCalendarAuth as googleCalendarAuthAdapter } from '#functions/adapters/google/calendar-auth';
import { localKey } from '#functions/adapters/sessions/session-key';
import { systemClock, uuidIds } from '#functions/adapters/system/runtime';
import { calendarCleanupOver, meetFallbackOver } from '#functions/composition/area-ports';
import { config, logger, metrics, once } from '#functions/composition/core';
import {
  accountRepository,
  bookingLedger,
  eventRepository,
  hostRepository,
  locationFallbacks,
  teamRepository,
} from '#functions/composition/repositories';
import type { Config } from '#functions/config';
import type { Deps } from '#functions/ports/deps';

/** Hosts' calendars: the calendar adapters, the token seal, Google's consent, and what connecting one needs. */

/** Seals hosts' Google refresh tokens and feed tokens: KMS envelope encryption in the cloud, a local key otherwise. */
export function tokenCipherFor(configuration: Config) {
  if ('kmsKeyId' in configuration.tokenKey) {
    return envelopeTokenCipher(kmsDataKeys(configuration.tokenKey.kmsKeyId, kmsClient(configuration.region)));
  }
  return localTokenCipher(configuration.tokenKey.localKey ?? localKey(configuration.dataDir, 'calendar-token-key'));
}

export const tokenCipher = /* @__PURE__ */ once(() => tokenCipherFor(config()));

/**
 * The calendar adapters available: the built-in one always, Google when a client with its secret is configured
 * (only the functions that talk to Google are given the secret).
 */
export function calendarProvidersFor(
  configuration: Config,
  hosts: Deps['hosts'],
  cipher: Deps['tokenCipher'],
  observe: Pick<Deps, 'logger' | 'metrics'>,
): Deps['calendars'] {
  const google = configuration.google;
  return {
    builtin: builtinCalendar,
    ...(google?.clientSecret
      ? {
          google: googleCalendar({
            google,
            cipher,
            hosts,
            logger: observe.logger,
            metrics: observe.metrics,
            siteUrl: configuration.siteUrl,
            now: () => systemClock.now().getTime(),
          }),
        }
      : {}),
  };
}

export const calendarProviders = /* @__PURE__ */ once(() =>
  calendarProvidersFor(config(), hostRepository(), tokenCipher(), { logger: logger(), metrics: metrics() }),
);

export const googleCalendarAuthFor = (configuration: Config) =>
  configuration.google?.clientSecret ? googleCalendarAuthAdapter(configuration.google) : null;

/** Google's consent and grants (null without a client secret in this function). */
const googleCalendarAuth = /* @__PURE__ */ once(() => googleCalendarAuthFor(config()));

/** What connecting, disconnecting and deleting a calendar need: hosts, the token seal, Google's consent, calendars. */
export const calendarConnectionDeps = /* @__PURE__ */ once(() => ({
  accounts: accountRepository(),
  hosts: hostRepository(),
  tokenCipher: tokenCipher(),
  googleCalendarAuth: googleCalendarAuth(),
  calendars: calendarProviders(),
}));

/**
 * Leaving Google's GoogleMeetFallback (issue 30): the host's Google Meet event types move to the video call, their
 * bookings get a room, and the host is mailed (app/events/migrate-locations.ts).
 */
export const meetFallback = /* @__PURE__ */ once(() =>
  meetFallbackOver({
    events: eventRepository(),
    hosts: hostRepository(),
    teams: teamRepository(),
    bookings: bookingLedger(),
    clock: systemClock,
    config: config(),
    logger: logger(),
    ids: uuidIds,
    locationFallbacks: locationFallbacks(),
  }),
);

/** What leaving Google (disconnecting, or switching to the built-in calendar) needs besides: the GoogleMeetFallback. */
export const leaveGoogleDeps = /* @__PURE__ */ once(() => ({
  ...calendarConnectionDeps(),
  meetFallback: meetFallback(),
}));

/** Account deletion's CalendarCleanup: the Google grant revoked and the calendar's lookup items removed. */
export const calendarCleanup = /* @__PURE__ */ once(() =>
  calendarCleanupOver({
    hosts: hostRepository(),
    tokenCipher: tokenCipher(),
    googleCalendarAuth: googleCalendarAuth(),
    logger: logger(),
  }),
);
