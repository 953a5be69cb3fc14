import { randomBytes } from 'node:crypto';

import { secretContext } from '#functions/app/integrations/webhooks';
import type { Config } from '#functions/config';
import { webhookDisabledMail } from '#functions/domain/mail/webhook-disabled';
import type { BookingRecord } from '#functions/domain/records';
import {
  bookingMessageId,
  bookingPayloadBody,
  deliveryId,
  DISABLED_FAILING,
  DISABLED_GONE,
  failingTooLong,
  isDelivered,
  retryDelayMs,
  signedHeaders,
  webhookEventFor,
} from '#functions/domain/webhooks';
import type { TokenCipher } from '#functions/ports/calendar';
import type { Clock, Logger, OnceGuard } from '#functions/ports/core';
import type { HostRepository } from '#functions/ports/hosts';
import type { Mailer } from '#functions/ports/mail';
import type { WebhookMessage, WebhookQueue, WebhookRepository, WebhookSender } from '#functions/ports/webhooks';

/**
 * Webhooks after the write (issue 29, docs/architecture.md "After the write"): a booking's change on the table's
 * stream becomes one message per subscribed endpoint (fanOutBookingChange, called by the notifyBookingChanges stream
 * job, so the stream keeps its two readers), and each message becomes signed attempts (deliverWebhook, the
 * deliverWebhook job), logged, retried on Svix's schedule, until delivered or given up.
 */

export type FanOutDeps = {
  webhooks: WebhookRepository;
  webhookQueue: WebhookQueue;
  hosts: HostRepository;
  clock: Clock;
  once: OnceGuard;
  logger: Logger;
};

/**
 * One change of a booking, as its item before and after it:
 * 1. the event it is (domain/webhooks.ts webhookEventFor), if any;
 * 2. every endpoint of every host it books (a team booking: each member's endpoints, once each) that is on and
 *    subscribed to that event;
 * 3. for each, one message with the payload (the booking as it is after the change, its hosts named) and a
 *    webhook-id made of the booking, its version, the event and the endpoint, queued once per id (the OnceGuard): a
 *    stream record delivered again queues nothing more.
 * Answers how many messages went out (0 for most changes: nobody listens, or nothing happened that is an event).
 */
export async function fanOutBookingChange(
  deps: FanOutDeps,
  before: BookingRecord | null,
  after: BookingRecord | null,
): Promise<number> {
  const type = webhookEventFor(before, after);
  if (!type || !after) return 0;
  const hostIds = [...new Set(after.hostIds?.length ? after.hostIds : [after.hostId])];
  const endpoints = (await Promise.all(hostIds.map((hostId) => deps.webhooks.list(hostId))))
    .flat()
    .filter((endpoint) => endpoint.active && endpoint.events.includes(type));
  if (endpoints.length === 0) return 0;
  const now = deps.clock.now();
  const body = bookingPayloadBody(type, after, await deps.hosts.getMany(hostIds), now);
  await Promise.all(
    endpoints.map((endpoint) => {
      const message: WebhookMessage = {
        id: bookingMessageId(after, type, endpoint.id),
        hostId: endpoint.hostId,
        webhookId: endpoint.id,
        type,
        body,
        attempt: 1,
        notBefore: now.toISOString(),
      };
      return deps.once.run(`webhook:${message.id}`, async () => {
        await deps.webhookQueue.send(message, now);
        return message.id;
      });
    }),
  );
  deps.logger.info('Webhook messages queued', { bookingId: after.id, type, endpoints: endpoints.length });
  return endpoints.length;
}

export type DeliveryDeps = {
  webhooks: WebhookRepository;
  webhookQueue: WebhookQueue;
  webhookSender: WebhookSender;
  tokenCipher: TokenCipher;
  hosts: HostRepository;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  config: Config;
};

export type DeliveryOutcome =
  /** The endpoint is gone or switched off: nothing sent, nothing logged. */
  | 'dropped'
  /** The queue handed the message over before its time (SQS waits 15 min at most): sent on with the rest. */
  | 'deferred'
  | 'delivered'
  /** Failed; the next attempt is queued. */
  | 'retrying'
  /** Failed, and it was the last attempt of the schedule (or a redelivery, which is one attempt). */
  | 'failed'
  /** 410 Gone, or failing for 3 days: the endpoint is now off. */
  | 'disabled';

/** A queue may hand a message over this much before its time and it is still attempted (clock differences). */
const EARLY_TOLERANCE_MS = 1_000;

/**
 * One attempt of a message:
 * 1. before its time (a hop of a long wait): queued again for what is left, nothing else;
 * 2. the endpoint is read again: gone or switched off, the message is dropped (the log says nothing more);
 * 3. its secret is opened and the body signed afresh, with this attempt's own timestamp and the message's id;
 * 4. the sender posts it behind the address guard (adapters/webhooks/http-sender.ts; a refused address is a failure);
 * 5. the result: any 2xx is delivered (and the endpoint no longer failing); 410 Gone switches the endpoint off; any
 *    other answer, a timeout or a refusal is a failure: the endpoint is failing since its first failure after its last
 *    success, and after 3 days of that it is switched off and its owner mailed; otherwise the next attempt is queued
 *    after the schedule's wait (±20%), until the ninth attempt;
 * 6. the attempt is logged (number, status, duration, time, next attempt, the answer's first 4 KB).
 * Throws only when the table, the key or the queue failed (the queue then hands the message over again).
 */
export async function deliverWebhook(deps: DeliveryDeps, message: WebhookMessage): Promise<DeliveryOutcome> {
  const now = deps.clock.now();
  if (Date.parse(message.notBefore) > now.getTime() + EARLY_TOLERANCE_MS) {
    await deps.webhookQueue.send(message, now);
    return 'deferred';
  }
  const endpoint = await deps.webhooks.get(message.hostId, message.webhookId);
  if (!endpoint || !endpoint.active) return 'dropped';
  const secret = await deps.tokenCipher.open(endpoint.sealedSecret, secretContext(endpoint));
  const response = await deps.webhookSender.post({
    url: endpoint.url,
    headers: signedHeaders(secret, message.id, now, message.body),
    body: message.body,
  });

  const delivered = isDelivered(response.status);
  let disabling: string | null = null;
  let failingSince: string | null = null;
  if (delivered) {
    if (endpoint.failingSince) await deps.webhooks.markDelivering(endpoint.hostId, endpoint.id);
  } else if (response.status === 410) {
    disabling = DISABLED_GONE;
  } else {
    const failing = await deps.webhooks.markFailing(endpoint.hostId, endpoint.id, now.toISOString());
    failingSince = failing?.failingSince ?? null;
    if (failingTooLong(failingSince, now)) disabling = DISABLED_FAILING;
  }
  const delay = delivered || disabling || message.manual ? null : retryDelayMs(message.attempt, Math.random());
  const nextAttemptAt = delay === null ? null : new Date(now.getTime() + delay).toISOString();

  await deps.webhooks.logAttempt({
    id: deliveryId(now.getTime(), randomBytes(10)),
    webhookId: endpoint.id,
    hostId: endpoint.hostId,
    messageId: message.id,
    type: message.type,
    attempt: message.attempt,
    status: response.status,
    durationMs: response.durationMs,
    at: now.toISOString(),
    nextAttemptAt,
    error: response.detail,
    body: message.body,
  });
  if (nextAttemptAt) {
    const next: WebhookMessage = { ...message, attempt: message.attempt + 1, notBefore: nextAttemptAt };
    delete next.manual;
    await deps.webhookQueue.send(next, now);
  }
  const fields = { webhookId: endpoint.id, messageId: message.id, attempt: message.attempt, status: response.status };
  if (delivered) {
    deps.logger.info('Webhook delivered', fields);
    return 'delivered';
  }
  if (disabling) {
    if (await deps.webhooks.disable(endpoint.hostId, endpoint.id, disabling)) {
      deps.logger.warn('Webhook switched off', { ...fields, reason: disabling });
      if (disabling === DISABLED_FAILING) await mailOwner(deps, endpoint, failingSince ?? now.toISOString());
    }
    return 'disabled';
  }
  deps.logger.warn(nextAttemptAt ? 'Webhook attempt failed; retrying' : 'Webhook attempt failed; giving up', {
    ...fields,
    nextAttemptAt,
  });
  return nextAttemptAt ? 'retrying' : 'failed';
}

/** Tells the owner their endpoint was switched off (a mail that cannot go out is logged: the endpoint is off anyway). */
async function mailOwner(
  deps: DeliveryDeps,
  endpoint: { hostId: string; id: string; url: string },
  failingSince: string,
): Promise<void> {
  try {
    const owner = await deps.hosts.get(endpoint.hostId);
    if (!owner) return;
    const mail = webhookDisabledMail({
      ownerName: owner.name,
      url: endpoint.url,
      failingSince,
      siteUrl: deps.config.siteUrl,
    });
    await deps.mailer.send({ to: [owner.email], ...mail });
  } catch (error) {
    deps.logger.error('Webhook switched off, but its owner could not be mailed', {
      webhookId: endpoint.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
