import {
  createApiKeyBody,
  createWebhookBody,
  updateWebhookBody,
  WEBHOOK_EVENT_TYPES,
  WEBHOOKS_PER_HOST_MAX,
  type ApiKeyView,
  type CreateApiKeyBody,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookDeliveryView,
  type WebhookEventType,
  type WebhookView,
} from '#shared/api/schemas/integrations';
import { isApiError } from '#frontend/lib/api.ts';
import { formatDateTime } from '#frontend/lib/dates.ts';
import { errorsFromDetails, errorsFromIssues, type FieldErrors } from '#frontend/lib/field-errors.ts';

/**
 * The Integrations screens' pure parts (issue 29): what each webhook event is called, an endpoint's state, a
 * delivery's log line as the screen shows it (in the viewer's zone), and the forms' bodies checked with the route's
 * own schemas (the server's 400 details land on the same fields).
 */

export { WEBHOOK_EVENT_TYPES, WEBHOOKS_PER_HOST_MAX, type WebhookEventType };

/** What each event is called on the screen; `ping` is the test event. */
export const EVENT_LABELS: Record<WebhookEventType | 'ping', string> = {
  'booking.created': 'Booking created',
  'booking.rescheduled': 'Booking rescheduled',
  'booking.cancelled': 'Booking cancelled',
  'booking.confirmed': 'Booking confirmed',
  'booking.declined': 'Booking declined',
  'booking.no_show': 'Guest marked as no-show',
  ping: 'Test event',
};

/** An event's name on the screen; a type this screen does not know yet keeps its wire name. */
export const eventLabel = (type: string): string => EVENT_LABELS[type as WebhookEventType | 'ping'] ?? type;

/** An endpoint's state: on, switched off by its host, or switched off by the server (with its reason). */
export interface WebhookState {
  label: 'Active' | 'Paused' | 'Disabled';
  active: boolean;
  /** Why the server disabled it (410 Gone, failing for 3 days), when it did. */
  reason: string | null;
}

export function webhookState(webhook: Pick<WebhookView, 'active' | 'disabledReason'>): WebhookState {
  if (webhook.active) return { label: 'Active', active: true, reason: null };
  const reason = webhook.disabledReason?.trim() || null;
  return { label: reason ? 'Disabled' : 'Paused', active: false, reason };
}

/** A reason as a sentence: "Endpoint answered 410 Gone" → "Endpoint answered 410 Gone." */
export const asSentence = (text: string): string => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** A host may have WEBHOOKS_PER_HOST_MAX endpoints; the screen offers no more (the server refuses them too). */
export const canAddWebhook = (count: number): boolean => count < WEBHOOKS_PER_HOST_MAX;

// ---- The delivery log ---------------------------------------------------------------------------------------------

const STATUS_TEXTS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  410: 'Gone',
  413: 'Payload Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "200 OK", "503 Service Unavailable", "599" (a status without a common name). */
export const statusText = (status: number): string =>
  STATUS_TEXTS[status] ? `${status} ${STATUS_TEXTS[status]}` : String(status);

/** "85 ms", "1.3 s", "10 s"; null when the attempt has no duration. */
export function formatDuration(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return null;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${seconds < 10 ? seconds.toFixed(1).replace(/\.0$/, '') : Math.round(seconds)} s`;
}

/** "Mon, Mar 9, 2026, 9:00:05 AM": an instant in a zone, to the second; a text that is no instant is shown as it is. */
export const formatLogTime = (instant: string, timeZone: string): string =>
  Number.isNaN(new Date(instant).getTime()) ? instant : formatDateTime(instant, timeZone, { seconds: true });

/** The longest receiver text or error the row shows (the log keeps up to 4 KB; the row is one glance). */
export const DELIVERY_DETAIL_MAX = 200;

/** One line of the delivery log, ready to show. */
export interface DeliveryRow {
  id: string;
  event: string;
  time: string;
  attempt: string;
  /** "200 OK", "500 Internal Server Error", or "No response" when none came (timeout, refused). */
  outcome: string;
  succeeded: boolean;
  /** Why no status came, or the start of what the receiver answered; null when there is nothing to say. */
  detail: string | null;
  duration: string | null;
  /** When the next attempt goes, if one is due. */
  nextRetry: string | null;
}

export function deliveryRow(delivery: WebhookDeliveryView, timeZone: string): DeliveryRow {
  const succeeded = delivery.status !== null && delivery.status >= 200 && delivery.status < 300;
  const text = delivery.error?.replace(/\s+/g, ' ').trim() || null;
  return {
    id: delivery.id,
    event: eventLabel(delivery.type),
    time: formatLogTime(delivery.at, timeZone),
    attempt: `Attempt ${delivery.attempt}`,
    outcome: delivery.status === null ? 'No response' : statusText(delivery.status),
    succeeded,
    detail: text && text.length > DELIVERY_DETAIL_MAX ? `${text.slice(0, DELIVERY_DETAIL_MAX - 1)}…` : text,
    duration: formatDuration(delivery.durationMs),
    nextRetry: delivery.nextAttemptAt ? formatLogTime(delivery.nextAttemptAt, timeZone) : null,
  };
}

// ---- The endpoint form --------------------------------------------------------------------------------------------

export const WEBHOOK_FIELDS = ['url', 'events', 'active'] as const;
export type WebhookField = (typeof WEBHOOK_FIELDS)[number];

export interface WebhookFormValues {
  url: string;
  events: WebhookEventType[];
  active: boolean;
}

/** A new endpoint: every event, switched on. */
export const newWebhookForm = (): WebhookFormValues => ({ url: '', events: [...WEBHOOK_EVENT_TYPES], active: true });

export const webhookFormOf = (webhook: WebhookView): WebhookFormValues => ({
  url: webhook.url,
  events: WEBHOOK_EVENT_TYPES.filter((type) => webhook.events.includes(type)),
  active: webhook.active,
});

/** The events with `type` checked or not, in the list's order. */
export function toggleEvent(events: readonly WebhookEventType[], type: WebhookEventType, checked: boolean) {
  const chosen = new Set(events);
  if (checked) chosen.add(type);
  else chosen.delete(type);
  return WEBHOOK_EVENT_TYPES.filter((each) => chosen.has(each));
}

export type Checked<B, F extends string> = { ok: true; body: B } | { ok: false; errors: FieldErrors<F> };

/** POST /api/webhooks's body from the form, checked with the route's schema (the URL trimmed). */
export function createWebhookBodyOf(values: WebhookFormValues): Checked<CreateWebhookBody, WebhookField> {
  const parsed = createWebhookBody.safeParse(values);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: errorsFromIssues(WEBHOOK_FIELDS, parsed.error.issues) };
}

/** PATCH /api/webhooks/{id}'s body: only what the form changed (nothing changed: an empty body), checked. */
export function updateWebhookBodyOf(
  webhook: WebhookView,
  values: WebhookFormValues,
): Checked<UpdateWebhookBody, WebhookField> {
  const before = webhookFormOf(webhook);
  const changes: UpdateWebhookBody = {};
  if (values.url.trim() !== before.url) changes.url = values.url;
  if (values.events.join() !== before.events.join()) changes.events = values.events;
  if (values.active !== before.active) changes.active = values.active;
  const parsed = updateWebhookBody.safeParse(changes);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: errorsFromIssues(WEBHOOK_FIELDS, parsed.error.issues) };
}

/** A refusal's messages per field (a 400's details), so each shows next to its field; others are the form's. */
export function serverFieldErrors<F extends string>(fields: readonly F[], error: unknown): FieldErrors<F> {
  return isApiError(error) && error.status === 400 && error.details?.length
    ? errorsFromDetails(fields, error.details)
    : {};
}

/** What a failed write says: the server's message, or a plain fallback. */
export const messageOf = (error: unknown, fallback: string): string =>
  isApiError(error) && error.message ? error.message : fallback;

// ---- API keys ------------------------------------------------------------------------------------------------------

export const API_KEY_FIELDS = ['name'] as const;

/** POST /api/api-keys's body, checked with the route's schema (the name trimmed). */
export function createApiKeyBodyOf(name: string): Checked<CreateApiKeyBody, 'name'> {
  const parsed = createApiKeyBody.safeParse({ name });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: errorsFromIssues(API_KEY_FIELDS, parsed.error.issues) };
}

/** A key's created and last-used times as the list shows them ("Never" for a key not used yet). */
export function apiKeyTimes(key: Pick<ApiKeyView, 'createdAt' | 'lastUsedAt'>, timeZone: string) {
  return {
    created: formatLogTime(key.createdAt, timeZone),
    lastUsed: key.lastUsedAt ? formatLogTime(key.lastUsedAt, timeZone) : 'Never',
  };
}
