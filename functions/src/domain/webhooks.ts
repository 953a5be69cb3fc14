import { createHash, createHmac } from 'node:crypto';

import type { WebhookEventType, WebhookMessageType } from '#shared/api/schemas/integrations';
import { versionOf } from '#functions/domain/notices';
import { isIpAddress, refusedAddress } from '#functions/domain/public-address';
import type { BookingRecord, HostRecord } from '#functions/domain/records';

/**
 * Webhooks (issue 29): what a booking's change sends, how it is signed, when a failed delivery is tried again and
 * when an endpoint is switched off. Pure: the same inputs always give the same answer (the randomness of the jitter
 * and of new ids comes in as arguments).
 */

// ---- Which event a change is -----------------------------------------------------------------------------------------

/**
 * The event a booking's change is, from the item before and after it (the stream's two images), or null. Each change
 * is one event at most, and one change of the booking's life is never two events:
 *
 * | before → after                                               | event                 |
 * |--------------------------------------------------------------|-----------------------|
 * | none → confirmed or pending                                  | booking.created       |
 * | none → any, made by a reschedule (`rescheduledFrom`)         | booking.rescheduled   |
 * | confirmed or pending → cancelled by a reschedule (`rescheduledTo`) | none (the new booking's insert is the event) |
 * | none → any, moved to another member (reassigned) or handed over | none (the same booking, in another partition) |
 * | pending → confirmed                                          | booking.confirmed     |
 * | pending → cancelled, declined (the host, or its expiry)      | booking.declined      |
 * | pending or confirmed → cancelled                             | booking.cancelled     |
 * | confirmed, no-show unmarked → marked                         | booking.no_show       |
 * | anything else (calendar marks, a no-show unmarked)           | none                  |
 *
 * A reschedule is stored as a new booking (with `rescheduledFrom`) and the old one cancelled (with `rescheduledTo`)
 * in one transaction: the pair is one `booking.rescheduled`, never a cancelled and a created.
 */
export function webhookEventFor(before: BookingRecord | null, after: BookingRecord | null): WebhookEventType | null {
  if (!after) return null;
  if (!before) {
    if (after.status === 'cancelled') return null;
    if (after.rescheduledFrom) return 'booking.rescheduled';
    if (after.assignment?.reason === 'reassigned' || after.handedOverFrom) return null;
    return 'booking.created';
  }
  if (before.status !== after.status) {
    if (before.status === 'pending' && after.status === 'confirmed') return 'booking.confirmed';
    if (after.status !== 'cancelled' || after.rescheduledTo) return null;
    return before.status === 'pending' && after.cancellation?.declined ? 'booking.declined' : 'booking.cancelled';
  }
  if (after.status === 'confirmed' && !before.noShow && after.noShow) return 'booking.no_show';
  return null;
}

// ---- The payload ---------------------------------------------------------------------------------------------------

/** A booking as a webhook carries it: never the guest's manage-link secret (nor its hash), nor calendar internals. */
export interface WebhookBookingData {
  id: string;
  status: BookingRecord['status'];
  start: string;
  end: string;
  eventType: { id: number; slug: string; title: string };
  guest: { name: string; email: string; timeZone: string };
  guests: string[];
  additionalInfo: string | null;
  hosts: { id: string; name: string; email: string | null }[];
  team: { id: string; slug: string | null; name: string | null } | null;
  cancellation: { by: string; reason: string | null; declined: boolean; at: string } | null;
  rescheduledFrom: { id: string; start: string; end: string } | null;
  rescheduledTo: string | null;
  noShow: boolean;
  version: number;
  createdAt: string;
}

/** What is sent: Standard Webhooks' `{type, timestamp, data}`. */
export interface WebhookPayload<T = unknown> {
  type: WebhookMessageType;
  timestamp: string;
  data: T;
}

/**
 * The booking's data for a webhook. `hosts`: every host it books (`hostIds`, the one it is stored under first), named
 * from their records, else from the names the booking keeps.
 */
export function bookingData(booking: BookingRecord, hosts: ReadonlyMap<string, Pick<HostRecord, 'name' | 'email'>>) {
  const hostIds = booking.hostIds?.length ? booking.hostIds : [booking.hostId];
  const data: WebhookBookingData = {
    id: booking.id,
    status: booking.status,
    start: booking.start,
    end: booking.end,
    eventType: { id: booking.eventId, slug: booking.eventSlug, title: booking.eventTitle },
    guest: { name: booking.name, email: booking.email, timeZone: booking.guestTimeZone },
    guests: [...booking.guests],
    additionalInfo: booking.additionalInfo,
    hosts: hostIds.map((id, index) => ({
      id,
      name: hosts.get(id)?.name ?? booking.hostNames?.[index] ?? '',
      email: hosts.get(id)?.email ?? null,
    })),
    team: booking.teamId
      ? { id: booking.teamId, slug: booking.teamSlug ?? null, name: booking.teamName ?? null }
      : null,
    cancellation: booking.cancellation
      ? {
          by: booking.cancellation.by,
          reason: booking.cancellation.reason,
          declined: booking.cancellation.declined,
          at: booking.cancellation.at,
        }
      : null,
    rescheduledFrom: booking.rescheduledFrom ? { ...booking.rescheduledFrom } : null,
    rescheduledTo: booking.rescheduledTo ?? null,
    noShow: booking.noShow === true,
    version: versionOf(booking),
    createdAt: booking.createdAt,
  };
  return data;
}

/** The body sent for a booking's event, as the exact text that is signed (and kept for redelivery). */
export function bookingPayloadBody(
  type: WebhookEventType,
  booking: BookingRecord,
  hosts: ReadonlyMap<string, Pick<HostRecord, 'name' | 'email'>>,
  now: Date,
): string {
  const payload: WebhookPayload<WebhookBookingData> = {
    type,
    timestamp: now.toISOString(),
    data: bookingData(booking, hosts),
  };
  return JSON.stringify(payload);
}

/** The body of "Send test event". */
export function pingPayloadBody(webhookId: string, now: Date): string {
  const payload: WebhookPayload<{ webhookId: string; message: string }> = {
    type: 'ping',
    timestamp: now.toISOString(),
    data: { webhookId, message: 'This is a test event from Meetwise.' },
  };
  return JSON.stringify(payload);
}

/**
 * The `webhook-id` of a booking event to one endpoint: the same booking, version, event and endpoint always give the
 * same id, so a stream record delivered again makes no second message (and a receiver that dedupes by id is safe).
 */
export function bookingMessageId(
  booking: Pick<BookingRecord, 'id' | 'version'>,
  type: WebhookEventType,
  endpointId: string,
) {
  const digest = createHash('sha256')
    .update(`${booking.id}:${versionOf(booking)}:${type}:${endpointId}`)
    .digest('base64url');
  return `msg_${digest.slice(0, 27)}`;
}

/** A new message id (a test event), from 16 random bytes. */
export const randomMessageId = (random: Uint8Array): string =>
  `msg_${Buffer.from(random).toString('base64url').slice(0, 22)}`;

// ---- Signing (Standard Webhooks) -----------------------------------------------------------------------------------

export const SECRET_PREFIX = 'whsec_';

/** A new signing secret from 32 random bytes: `whsec_` + their base64 (what a receiver's library takes as is). */
export function newSigningSecret(random: Uint8Array): string {
  if (random.length !== 32) throw new RangeError('A signing secret is made of 32 random bytes.');
  return `${SECRET_PREFIX}${Buffer.from(random).toString('base64')}`;
}

/**
 * `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, the key being the base64-decoded part after `whsec_`
 * (Standard Webhooks; Svix's libraries and the `standardwebhooks` package verify it unchanged).
 */
export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  if (!secret.startsWith(SECRET_PREFIX)) throw new RangeError('Not a webhook signing secret.');
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one attempt: signed afresh at `now` (its own timestamp), always with the message's id. */
export function signedHeaders(secret: string, id: string, now: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Meetwise-Webhooks/1.0',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secret, id, timestamp, body),
  };
}

// ---- Retries and switching off -------------------------------------------------------------------------------------

/**
 * Svix's schedule: after a failed attempt n (1-based), the next comes after RETRY_DELAYS_SECONDS[n - 1], ±20%: about
 * 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. Nine attempts in all, over a day and a few hours.
 */
export const RETRY_DELAYS_SECONDS = [5, 60, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
export const RETRY_JITTER = 0.2;

/**
 * The wait (ms) before the attempt after failed attempt `attempt`, with `random` (in [0, 1)) spreading it over ±20%;
 * null when that was the last attempt.
 */
export function retryDelayMs(attempt: number, random: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`Not an attempt number: ${attempt}`);
  const base = RETRY_DELAYS_SECONDS[attempt - 1];
  if (base === undefined) return null;
  const factor = 1 - RETRY_JITTER + 2 * RETRY_JITTER * Math.min(Math.max(random, 0), 1);
  return Math.round(base * 1000 * factor);
}

/** Whether an HTTP status is a delivery (any 2xx); everything else, redirects included, is a failure. */
export const isDelivered = (status: number | null): boolean => status !== null && status >= 200 && status < 300;

/** An endpoint that has failed without a success in between for this long is switched off, and its owner told. */
export const FAILING_DAYS_BEFORE_DISABLED = 3;

/** Whether an endpoint failing since `failingSince` (its first failure after its last success) is to be switched off. */
export function failingTooLong(failingSince: string | null | undefined, now: Date): boolean {
  if (!failingSince) return false;
  return now.getTime() - Date.parse(failingSince) >= FAILING_DAYS_BEFORE_DISABLED * 86_400_000;
}

export const DISABLED_GONE = 'The endpoint answered 410 Gone, so Meetwise stopped sending to it.';
export const DISABLED_FAILING = `Every delivery failed for ${FAILING_DAYS_BEFORE_DISABLED} days in a row, so Meetwise stopped sending to it.`;

// ---- The log's ids ------------------------------------------------------------------------------------------------

/**
 * A delivery's id: a UUID version 7 (RFC 9562) from the attempt's time and 10 random bytes, so ids sort by time and
 * the log reads newest first by its sort key.
 */
export function deliveryId(atMs: number, random: Uint8Array): string {
  if (random.length < 10) throw new RangeError('A delivery id takes 10 random bytes.');
  const bytes = new Uint8Array(16);
  let time = Math.max(0, Math.floor(atMs));
  for (let index = 5; index >= 0; index--) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes.set(random.subarray(0, 10), 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ---- Which URLs an endpoint may have --------------------------------------------------------------------------------

/** The hosts `http://` is allowed to on one machine (WEBHOOKS_ALLOW_LOCAL, which only `npm start` turns on). */
export const LOCAL_HTTP_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

export const HTTPS_ONLY = 'Webhook URLs must start with https://.';
export const HTTPS_ONLY_LOCAL =
  'Webhook URLs must start with https:// (on this machine http:// is allowed to localhost and 127.0.0.1).';
export const NOT_PUBLIC = 'This URL points to a private or local address: webhooks go to public addresses only.';

/**
 * Why an endpoint's URL cannot be used, or null. `https://` only, to a name or a public address; with `allowLocal`
 * (one machine) also `http://` and `https://` to localhost and 127.0.0.1. Names are resolved at every delivery (the
 * sender's guard); here only what the URL itself says is judged.
 */
export function webhookUrlProblem(url: string, allowLocal: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Please enter a valid URL (https://…).';
  }
  if (parsed.username || parsed.password) return 'Please enter a valid URL (https://…).';
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  const local = LOCAL_HTTP_HOSTS.includes(host);
  if (parsed.protocol === 'http:') {
    if (!(allowLocal && local)) return allowLocal ? HTTPS_ONLY_LOCAL : HTTPS_ONLY;
  } else if (parsed.protocol !== 'https:') {
    return allowLocal ? HTTPS_ONLY_LOCAL : HTTPS_ONLY;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return allowLocal && local ? null : NOT_PUBLIC;
  if (isIpAddress(host) && refusedAddress(host, allowLocal)) return NOT_PUBLIC;
  return null;
}
