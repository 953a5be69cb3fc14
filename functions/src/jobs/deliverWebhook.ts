import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

import { deliverWebhook, type DeliveryDeps } from '#functions/app/integrations/webhook-delivery';
import {
  coreDeps,
  hostRepository,
  mailer,
  tokenCipher,
  webhookQueue,
  webhookRepository,
  webhookSender,
} from '#functions/composition';
import { eventJob } from '#functions/jobs/scheduled-job';
import type { WebhookMessage } from '#functions/ports/webhooks';

/** A queued message's body, read: a body that is not one goes to the dead-letter queue (after its receives). */
export function webhookMessageOf(body: string): WebhookMessage {
  const message = JSON.parse(body) as Partial<WebhookMessage>;
  if (
    typeof message.id !== 'string' ||
    typeof message.hostId !== 'string' ||
    typeof message.webhookId !== 'string' ||
    typeof message.type !== 'string' ||
    typeof message.body !== 'string' ||
    typeof message.notBefore !== 'string' ||
    !Number.isInteger(message.attempt)
  ) {
    throw new Error('Not a webhook message.');
  }
  return message as WebhookMessage;
}

/**
 * The webhook delivery queue's job (issue 29): each message of the batch is one attempt (app/integrations/webhook-delivery.ts),
 * the batch's messages in parallel (each waits 10 s at most). A message whose attempt could not even be made or
 * logged (the table, the key or the queue failed) is reported as failed (partial batch response), so SQS hands it over
 * again after its visibility timeout, and to the dead-letter queue after a few receives. A failed delivery is no
 * failure here: its retry is a new message. In the cloud an SQS event source mapping calls it; on one machine the
 * local runner's queue (infra/local/webhook-queue.ts), with the same event shape.
 */
export function deliverHandler(deps: () => DeliveryDeps) {
  const processor = new BatchProcessor(EventType.SQS);
  return eventJob<SQSEvent, SQSBatchResponse>('deliverWebhook', (event, context) => {
    const given = deps();
    const record = (message: SQSRecord) => deliverWebhook(given, webhookMessageOf(message.body));
    return processPartialResponse(event, record, processor, { context });
  });
}

export const handler = deliverHandler(() => ({
  ...coreDeps(),
  webhooks: webhookRepository(),
  webhookQueue: webhookQueue(),
  webhookSender: webhookSender(),
  tokenCipher: tokenCipher(),
  hosts: hostRepository(),
  mailer: mailer(),
}));
