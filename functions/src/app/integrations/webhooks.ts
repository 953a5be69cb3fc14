import { randomBytes } from 'node:crypto';

import {
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOKS_PER_HOST_MAX,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookDeliveryView,
  type WebhookEventType,
  type WebhookView,
} from '#shared/api/schemas/integrations';
import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import type { Config } from '#functions/config';
import type { WebhookDeliveryRecord, WebhookRecord } from '#functions/domain/records';
import { newSigningSecret, pingPayloadBody, randomMessageId, webhookUrlProblem } from '#functions/domain/webhooks';
import { Conflict, NotFound, ValidationFailed } from '#functions/errors';
import type { TokenCipher } from '#functions/ports/calendar';
import type { Clock, IdGenerator, Logger, Principal } from '#functions/ports/core';
import type { WebhookMessage, WebhookQueue, WebhookRepository } from '#functions/ports/webhooks';

/**
 * A host's webhook endpoints (issue 29): adding one (its signing secret answered this once, stored sealed), listing,
 * changing and deleting them, a test event, the delivery log and a redelivery. Every route acts on the caller's own
 * endpoints: another host's endpoint is 404 "Webhook not found.", as an unknown one. What a booking's change sends and
 * how an attempt goes are in webhook-delivery.ts.
 */

export type WebhookDeps = CallerDeps & {
  webhooks: WebhookRepository;
  clock: Clock;
  ids: IdGenerator;
  config: Config;
  logger: Logger;
};
/** Adding an endpoint also seals its secret. */
export type CreateWebhookDeps = WebhookDeps & { tokenCipher: TokenCipher };
/** The test event and a redelivery go to the delivery queue. */
export type QueueWebhookDeps = WebhookDeps & { webhookQueue: WebhookQueue };

export const WEBHOOK_NOT_FOUND = 'Webhook not found.';
export const DELIVERY_NOT_FOUND = 'Delivery not found.';
export const TOO_MANY_WEBHOOKS = `You can have at most ${WEBHOOKS_PER_HOST_MAX} webhooks. Delete one to add another.`;
export const SWITCHED_OFF = 'This webhook is switched off. Switch it on to send to it.';
export const EVENTS_ONCE = 'Each event once.';

/** What the secret is sealed for: the endpoint and its host, so a sealed copy moved elsewhere does not open. */
export const secretContext = (endpoint: Pick<WebhookRecord, 'hostId' | 'id'>) =>
  `webhook:${endpoint.hostId}:${endpoint.id}`;

export const toWebhookView = (endpoint: WebhookRecord): WebhookView => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  active: endpoint.active,
  createdAt: endpoint.createdAt,
  disabledReason: endpoint.disabledReason,
});

export const toDeliveryView = (entry: WebhookDeliveryRecord): WebhookDeliveryView => ({
  id: entry.id,
  webhookId: entry.webhookId,
  type: entry.type,
  attempt: entry.attempt,
  status: entry.status,
  durationMs: entry.durationMs,
  at: entry.at,
  nextAttemptAt: entry.nextAttemptAt,
  error: entry.error,
});

/** 400 unless the URL may be an endpoint here (https:// to a name or a public address; the setting for one machine). */
function checkUrl(deps: { config: Config }, url: string): void {
  const problem = webhookUrlProblem(url, deps.config.webhooks.allowLocal);
  if (problem) throw new ValidationFailed(problem, [{ path: 'url', message: problem }]);
}

function checkEvents(events: readonly WebhookEventType[]): WebhookEventType[] {
  if (new Set(events).size !== events.length) {
    throw new ValidationFailed(EVENTS_ONCE, [{ path: 'events', message: EVENTS_ONCE }]);
  }
  return [...events];
}

/** The caller's endpoint `id`; 404 for an unknown one and for another host's. */
async function ownEndpoint(deps: WebhookDeps, principal: Principal | null, id: string): Promise<WebhookRecord> {
  const account = await callerAccount(deps, principal);
  const endpoint = await deps.webhooks.get(account.id, id);
  if (!endpoint) throw new NotFound(WEBHOOK_NOT_FOUND);
  return endpoint;
}

/**
 * POST /api/webhooks: checks the URL (https:// only in the cloud; a literal private address is refused at once, a
 * name at every delivery), makes a secret of 32 random bytes, seals it for this endpoint, and writes the endpoint if
 * the host has fewer than 10 (409 past it: a conflict with what exists, not a bad request). Answers the secret once.
 */
export async function createWebhook(
  deps: CreateWebhookDeps,
  principal: Principal | null,
  body: CreateWebhookBody,
): Promise<WebhookView & { secret: string }> {
  const account = await callerAccount(deps, principal);
  const url = body.url.trim();
  checkUrl(deps, url);
  const events = checkEvents(body.events);
  const id = deps.ids.next();
  const secret = newSigningSecret(randomBytes(32));
  const endpoint: WebhookRecord = {
    id,
    hostId: account.id,
    url,
    events,
    active: body.active ?? true,
    createdAt: deps.clock.now().toISOString(),
    disabledReason: null,
    failingSince: null,
    sealedSecret: await deps.tokenCipher.seal(secret, secretContext({ hostId: account.id, id })),
  };
  if ((await deps.webhooks.create(endpoint, WEBHOOKS_PER_HOST_MAX)) === 'tooMany')
    throw new Conflict(TOO_MANY_WEBHOOKS);
  deps.logger.info('Webhook created', { webhookId: id });
  return { ...toWebhookView(endpoint), secret };
}

/** GET /api/webhooks: the caller's endpoints, oldest first, without their secrets. */
export async function listWebhooks(deps: WebhookDeps, principal: Principal | null): Promise<WebhookView[]> {
  const account = await callerAccount(deps, principal);
  return (await deps.webhooks.list(account.id)).map(toWebhookView);
}

/** PATCH /api/webhooks/{id}: URL, events, active (switching it on clears why the server switched it off). */
export async function updateWebhook(
  deps: WebhookDeps,
  principal: Principal | null,
  id: string,
  body: UpdateWebhookBody,
): Promise<WebhookView> {
  const endpoint = await ownEndpoint(deps, principal, id);
  const url = body.url?.trim();
  if (url !== undefined) checkUrl(deps, url);
  const changes = {
    ...(url !== undefined ? { url } : {}),
    ...(body.events !== undefined ? { events: checkEvents(body.events) } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  };
  const updated = await deps.webhooks.update(endpoint.hostId, endpoint.id, changes);
  if (!updated) throw new NotFound(WEBHOOK_NOT_FOUND);
  return toWebhookView(updated);
}

/** DELETE /api/webhooks/{id}: the endpoint and its log; messages still queued for it are dropped when they come. */
export async function deleteWebhook(
  deps: WebhookDeps,
  principal: Principal | null,
  id: string,
): Promise<{ message: string }> {
  const endpoint = await ownEndpoint(deps, principal, id);
  if (!(await deps.webhooks.delete(endpoint.hostId, endpoint.id))) throw new NotFound(WEBHOOK_NOT_FOUND);
  deps.logger.info('Webhook deleted', { webhookId: id });
  return { message: 'Webhook deleted.' };
}

/**
 * POST /api/webhooks/{id}/test: queues a `ping` with an id of its own, signed and retried like any event (202). A
 * switched-off endpoint gets nothing (409: switch it on first).
 */
export async function testWebhook(
  deps: QueueWebhookDeps,
  principal: Principal | null,
  id: string,
): Promise<{ id: string; message: string }> {
  const endpoint = await ownEndpoint(deps, principal, id);
  if (!endpoint.active) throw new Conflict(SWITCHED_OFF);
  const now = deps.clock.now();
  const message: WebhookMessage = {
    id: randomMessageId(randomBytes(16)),
    hostId: endpoint.hostId,
    webhookId: endpoint.id,
    type: 'ping',
    body: pingPayloadBody(endpoint.id, now),
    attempt: 1,
    notBefore: now.toISOString(),
  };
  await deps.webhookQueue.send(message, now);
  return { id: message.id, message: 'Test event queued.' };
}

/** GET /api/webhooks/{id}/deliveries: the last 100 attempts, newest first. */
export async function listWebhookDeliveries(
  deps: WebhookDeps,
  principal: Principal | null,
  id: string,
): Promise<WebhookDeliveryView[]> {
  const endpoint = await ownEndpoint(deps, principal, id);
  return (await deps.webhooks.deliveries(endpoint.hostId, endpoint.id, WEBHOOK_DELIVERIES_SHOWN)).map(toDeliveryView);
}

/**
 * POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver: the logged attempt's event again, with the same
 * webhook-id and body, signed afresh: one more attempt (numbered after the one redelivered), not retried (202).
 */
export async function redeliverWebhook(
  deps: QueueWebhookDeps,
  principal: Principal | null,
  id: string,
  deliveryIdParam: string,
): Promise<{ id: string; message: string }> {
  const endpoint = await ownEndpoint(deps, principal, id);
  const logged = await deps.webhooks.delivery(endpoint.hostId, endpoint.id, deliveryIdParam);
  if (!logged) throw new NotFound(DELIVERY_NOT_FOUND);
  if (!endpoint.active) throw new Conflict(SWITCHED_OFF);
  const now = deps.clock.now();
  await deps.webhookQueue.send(
    {
      id: logged.messageId,
      hostId: endpoint.hostId,
      webhookId: endpoint.id,
      type: logged.type,
      body: logged.body,
      attempt: logged.attempt + 1,
      notBefore: now.toISOString(),
      manual: true,
    },
    now,
  );
  return { id: logged.messageId, message: 'Redelivery queued.' };
}
