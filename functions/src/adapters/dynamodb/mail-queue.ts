import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { tableQueue, type QueuedMessage, type TableQueue } from '#functions/adapters/dynamodb/table-queue';
import type { MailQueue, QueuedMail } from '#functions/ports/mail';

/**
 * The booking mail queue on one machine (issue 30; no SQS there): the table's queue (adapters/dynamodb/table-queue.ts,
 * the same as the webhook delivery queue's) of `MailQueued` items (`MAILQUEUE#{name}`, listed in the gsi1 partition
 * `MAILQUEUE`), due when queued; the local runner (infra/local/queue-runner.ts) hands them to sendBookingMail, whose
 * `retryAfter` moves a message's lease as ChangeMessageVisibility moves an SQS message's visibility.
 */
export type TableMailQueue = MailQueue & Omit<TableQueue<QueuedMail>, 'send'>;
export type QueuedMailMessage = QueuedMessage<QueuedMail>;

export function tableMailQueue(db: DynamoDBDocumentClient, tableName: string): TableMailQueue {
  const queue = tableQueue<QueuedMail>(db, tableName, {
    item: keys.mailQueued,
    index: keys.mailQueueIndex,
    type: 'MailQueued',
  });
  return {
    ...queue,
    send: (message, now) => queue.send(message, now),
    retryAfter: (receipt, seconds, now) => queue.retryAt(receipt, new Date(now.getTime() + seconds * 1000)),
  };
}
