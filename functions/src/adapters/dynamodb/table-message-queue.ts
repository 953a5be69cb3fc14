import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { tableQueue, type TableQueue, type TableQueueKeys } from '#functions/adapters/dynamodb/table-queue';

/**
 * One kind of a port's message queue kept in the table (adapters/dynamodb/table-queue.ts): where its items live, and
 * when a message sent at `now` comes due. The booking mail queue (mail-queue.ts) and the webhook delivery queue
 * (webhook-queue.ts) are two kinds.
 */
export interface TableMessageQueueKind<M> {
  keys: TableQueueKeys;
  /** When `message`, sent at the caller's `now`, comes due; throws a RangeError when it has no time. */
  dueAt: (message: M, now: Date) => Date;
}

/** A port's `send(message, now)` over the table's queue, with the queue's own calls for the local runner. */
export type TableMessageQueue<M> = Omit<TableQueue<M>, 'send'> & {
  send(message: M, now: Date): Promise<void>;
};

export function tableMessageQueue<M>(
  kind: TableMessageQueueKind<M>,
  db: DynamoDBDocumentClient,
  tableName: string,
): TableMessageQueue<M> {
  const queue = tableQueue<M>(db, tableName, kind.keys);
  return {
    ...queue,
    async send(message, now) {
      await queue.send(message, kind.dueAt(message, now));
    },
  };
}
