import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { tableMessageQueue, type TableMessageQueueKind } from '#functions/adapters/dynamodb/table-message-queue';
import type { QueuedMessage, TableQueue } from '#functions/adapters/dynamodb/table-queue';
import type { WebhookMessage, WebhookQueue } from '#functions/ports/webhooks';

export { DEFAULT_QUEUE_LEASE_MS } from '#functions/adapters/dynamodb/table-queue';

/**
 * The webhook delivery queue on one machine (no SQS there): the table's queue (adapters/dynamodb/table-queue.ts) of
 * `WebhookQueued` items (`WHQUEUE#{name}`, listed in the gsi1 partition `WEBHOOKQUEUE`), each due at its message's
 * `notBefore`; the local runner (infra/local/queue-runner.ts) hands them to the delivery job.
 */
export type TableWebhookQueue = WebhookQueue & Omit<TableQueue<WebhookMessage>, 'send'>;
export type QueuedWebhookMessage = QueuedMessage<WebhookMessage>;

const webhookKind: TableMessageQueueKind<WebhookMessage> = {
  keys: { item: keys.webhookQueued, index: keys.webhookQueueIndex, type: 'WebhookQueued' },
  dueAt(message) {
    const at = new Date(message.notBefore);
    if (Number.isNaN(at.getTime()))
      throw new RangeError(`Webhook message ${message.id}: no time: ${message.notBefore}`);
    return at;
  },
};

export function tableWebhookQueue(db: DynamoDBDocumentClient, tableName: string): TableWebhookQueue {
  return tableMessageQueue(webhookKind, db, tableName);
}
