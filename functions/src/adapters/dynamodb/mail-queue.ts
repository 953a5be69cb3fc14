import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { tableMessageQueue, type TableMessageQueueKind } from '#functions/adapters/dynamodb/table-message-queue';
import type { QueuedMessage, TableQueue } from '#functions/adapters/dynamodb/table-queue';
import type { MailQueue, QueuedMail } from '#functions/ports/mail';

/**
 * The booking mail queue on one machine (issue 30; no SQS there): the table's queue (adapters/dynamodb/table-queue.ts,
 * the same as the webhook delivery queue's) of `MailQueued` items (`MAILQUEUE#{name}`, listed in the gsi1 partition
 * `MAILQUEUE`), due when queued; the local runner (infra/local/queue-runner.ts) hands them to sendBookingMail, whose
 * `retryAfter` moves a message's lease as ChangeMessageVisibility moves an SQS message's visibility.
 */
export type TableMailQueue = MailQueue & Omit<TableQueue<QueuedMail>, 'send'>;
export type QueuedMailMessage = QueuedMessage<QueuedMail>;

const mailKind: TableMessageQueueKind<QueuedMail> = {
  keys: { item: keys.mailQueued, index: keys.mailQueueIndex, type: 'MailQueued' },
  dueAt: (_message, now) => now,
};

export function tableMailQueue(db: DynamoDBDocumentClient, tableName: string): TableMailQueue {
  const queue = tableMessageQueue(mailKind, db, tableName);
  return {
    ...queue,
    retryAfter: (receipt, seconds, now) => queue.retryAt(receipt, new Date(now.getTime() + seconds * 1000)),
  };
}
