import type { ApiResponse } from '#frontend/lib/api.ts';

/**
 * The Integrations screens' answers, typed from the route table: an endpoint as GET /api/webhooks lists it and as
 * POST /api/webhooks answers it (with its secret, this once), a delivery log line, an API key as listed.
 */
export type Webhook = ApiResponse<'listWebhooks'>[number];
export type CreatedWebhook = ApiResponse<'createWebhook'>;
export type WebhookDelivery = ApiResponse<'listWebhookDeliveries'>[number];
export type ApiKey = ApiResponse<'listApiKeys'>[number];
