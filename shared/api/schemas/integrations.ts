import * as z from 'zod/mini';

import { requiredText } from '#shared/api/schemas/common';
import { loadEnglishMessages } from '#shared/api/zod-english';

loadEnglishMessages();

/**
 * Integrations (issue 29): a host's webhook endpoints and their delivery log, and their API keys. The secrets
 * (`whsec_…`, `mw_…`) are answered once, by the route that makes them, and never again.
 */

/** At most this many webhook endpoints per host. */
export const WEBHOOKS_PER_HOST_MAX = 10;
/** The delivery log keeps (and answers) a host endpoint's last this many deliveries. */
export const WEBHOOK_DELIVERIES_SHOWN = 100;
export const WEBHOOK_URL_MAX = 2000;
export const API_KEY_NAME_MAX = 60;
/** At most this many API keys per host (the server refuses the next with 409). */
export const API_KEYS_PER_HOST_MAX = 20;

/** The events an endpoint may subscribe to; `ping` is what "Send test event" sends, whatever the subscription. */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.confirmed',
  'booking.declined',
  'booking.no_show',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export type WebhookMessageType = WebhookEventType | 'ping';

const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `Events are ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
});
const webhookEvents = z
  .array(webhookEventType, { error: 'Choose at least one event.' })
  .check(z.minLength(1, 'Choose at least one event.'), z.maxLength(WEBHOOK_EVENT_TYPES.length, 'Each event once.'));

/**
 * An endpoint's URL as typed: an absolute http(s) URL without credentials. Whether `http:` and local addresses are
 * allowed is the server's setting (only `npm start` allows them); it also resolves the name at every attempt.
 */
export const webhookUrl = z.string({ error: 'Please enter the endpoint URL.' }).check(
  z.trim(),
  z.minLength(1, 'Please enter the endpoint URL.'),
  z.maxLength(WEBHOOK_URL_MAX, `The URL cannot exceed ${WEBHOOK_URL_MAX} characters.`),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Please enter a valid URL (https://…).'),
);

export const webhookIdParams = z.object({ id: z.uuid({ error: 'Webhook not found.' }) });
export const webhookDeliveryParams = z.object({
  id: z.uuid({ error: 'Webhook not found.' }),
  deliveryId: z.uuid({ error: 'Delivery not found.' }),
});

/** POST /api/webhooks. */
export const createWebhookBody = z.strictObject({
  url: webhookUrl,
  events: webhookEvents,
  active: z.optional(z.boolean({ error: 'Active is true or false.' })),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

/** PATCH /api/webhooks/{id}: any of the fields. */
export const updateWebhookBody = z.strictObject({
  url: z.optional(webhookUrl),
  events: z.optional(webhookEvents),
  active: z.optional(z.boolean({ error: 'Active is true or false.' })),
});
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

/** An endpoint as listed: never its secret. `disabledReason` says why the server switched it off, if it did. */
export const webhookResponse = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventType),
  active: z.boolean(),
  createdAt: z.string(),
  disabledReason: z.nullable(z.string()),
});
export type WebhookView = z.output<typeof webhookResponse>;
/** POST /api/webhooks answers the endpoint and, this once, its signing secret (`whsec_` + base64 of 32 bytes). */
export const createWebhookResponse = z.object({ ...webhookResponse.shape, secret: z.string() });
export const webhookListResponse = z.array(webhookResponse);

/** A delivery attempt's log line; `status` is the receiver's HTTP status, null when none came (timeout, refused). */
export const webhookDeliveryResponse = z.object({
  id: z.string(),
  webhookId: z.string(),
  type: z.string(),
  attempt: z.number(),
  status: z.nullable(z.number()),
  durationMs: z.nullable(z.number()),
  at: z.string(),
  nextAttemptAt: z.nullable(z.string()),
  /** Why no status came, or what the receiver said (its body's first 4 KB): for the host reading the log. */
  error: z.optional(z.nullable(z.string())),
});
export type WebhookDeliveryView = z.output<typeof webhookDeliveryResponse>;
export const webhookDeliveryListResponse = z.array(webhookDeliveryResponse);
/** 202 of POST …/test and …/redeliver: the delivery that was queued. */
export const webhookQueuedResponse = z.object({ id: z.string(), message: z.string() });

/** POST /api/api-keys. */
export const createApiKeyBody = z.strictObject({
  name: requiredText({
    min: 1,
    max: API_KEY_NAME_MAX,
    tooShort: 'Please enter a name for the key.',
    tooLong: `The name cannot exceed ${API_KEY_NAME_MAX} characters.`,
  }),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;
/** The key itself (`mw_` + base64url of 32 random bytes) is answered this once. */
export const createApiKeyResponse = z.object({ id: z.string(), name: z.string(), key: z.string() });
export const apiKeyResponse = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type ApiKeyView = z.output<typeof apiKeyResponse>;
export const apiKeyListResponse = z.array(apiKeyResponse);
export const apiKeyIdParams = z.object({ id: z.uuid({ error: 'API key not found.' }) });

/** DELETE answers of both. */
export const integrationDeletedResponse = z.object({ message: z.string() });

/** GET /api/openapi.json: the OpenAPI 3.1 document (its own generator checks its shape). */
export const openApiDocumentResponse = z.looseObject({ openapi: z.string() });
