import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { tableQueue, type QueuedMessage, type TableQueue } from '#functions/adapters/dynamodb/table-queue';
import type { WebhookMessage, WebhookQueue } from '#functions/ports/webhooks';

export { DEFAULT_QUEUE_LEASE_MS } from '#functions/adapters/dynamodb/table-queue';

/**
 * The webhook delivery queue on one machine (no SQS there): the table's queue (adapters/dynamodb/table-queue.ts) of
 * `WebhookQueued` items (`WHQUEUE#{name}`, listed in the gsi1 partition `WEBHOOKQUEUE`), each due at its message's
 * `notBefore`; the local runner (infra/local/queue-runner.ts) hands them to the delivery job.
 */
export type TableWebhookQueue = WebhookQueue & Omit<TableQueue<WebhookMessage>, 'send'>;
export type QueuedWebhookMessage = QueuedMessage<WebhookMessage>;

export function tableWebhookQueue(db: DynamoDBDocumentClient, tableName: string): TableWebhookQueue {
  const queue = tableQueue<WebhookMessage>(db, tableName, {
    item: keys.webhookQueued,
    index: keys.webhookQueueIndex,
    type: 'WebhookQueued',
  });
  return {
    ...queue,
    async send(message) {
      const at = new Date(message.notBefore);
      if (Number.isNaN(at.getTime()))
        throw new RangeError(`Webhook message ${message.id}: no time: ${message.notBefore}`);
      await queue.send(message, at);
    },
  };
}
