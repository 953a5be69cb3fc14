import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';

/**
 * A queue on one machine (no SQS there), kept in the table as the booking timers are (adapters/dynamodb/
 * table-timers.ts): one item per message, listed in a gsi1 partition of its own by `{notBefore}#{name}`, so one Query
 * finds those due. The local runner (infra/local/queue-runner.ts) asks `due`, `claim`s each with a lease (the
 * visibility timeout: its receive count goes up by one), hands it to the queue's job and calls `done`. A message whose
 * job failed (or whose runner died) comes due again when its lease ends, as an SQS message after its visibility
 * timeout; `retryAt` moves that end (SQS ChangeMessageVisibility). Messages are items, so they survive a restart of
 * `npm start`. Waits are exact: no 15-minute cap as in SQS. The webhook delivery queue (issue 29) and the booking
 * mail queue (issue 30) are two of these.
 */
export interface TableQueue<M> {
  /** Queues `message`, due at `at`. */
  send(message: M, at: Date): Promise<void>;
  /** Up to `limit` messages due at `now`, earliest first, skipping those whose lease still runs. */
  due(now: Date, limit?: number): Promise<QueuedMessage<M>[]>;
  /** Leases the message until `now + leaseMs`; answers it, or null when it is gone or another lease still runs. */
  claim(name: string, now: Date, leaseMs?: number): Promise<QueuedMessage<M> | null>;
  /** Removes a message its job handled (a missing one is fine). */
  done(name: string): Promise<void>;
  /** The message's lease ends at `at` instead (a missing one is fine). */
  retryAt(name: string, at: Date): Promise<void>;
}

export interface QueuedMessage<M> {
  /** The queue item's own name (one per send, as an SQS message id). */
  name: string;
  message: M;
  /** How many times it was claimed, this time included (SQS's ApproximateReceiveCount). */
  receives: number;
}

/** Where one queue's items live. */
export interface TableQueueKeys {
  /** The item's key. */
  item: (name: string) => { pk: string; sk: string };
  /** Its place in gsi1: the queue's partition, sorted by due time. */
  index: (at: string, name: string) => { gsi1pk: string; gsi1sk: string };
  /** The items' `type`. */
  type: string;
}

/** How long a claimed message stays with its runner: longer than a job may take (its timeout) with room. */
export const DEFAULT_QUEUE_LEASE_MS = 2 * 60_000;
/** Sorts after every character of a name (a UUID), so `{now}#~` bounds every message due at `now`. */
const AFTER_EVERY_NAME = '~';

export function tableQueue<M>(db: DynamoDBDocumentClient, tableName: string, keys: TableQueueKeys): TableQueue<M> {
  const partition = keys.index('', '').gsi1pk;
  return {
    async send(message, at) {
      if (Number.isNaN(at.getTime())) throw new RangeError(`A ${keys.type} message has no time`);
      const name = randomUUID();
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.item(name), ...keys.index(at.toISOString(), name), type: keys.type, name, message },
        }),
      );
    },

    async due(now, limit = 100) {
      const found: QueuedMessage<M>[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :queue AND gsi1sk <= :upTo',
            FilterExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now',
            ExpressionAttributeValues: {
              ':queue': partition,
              ':upTo': `${now.toISOString()}#${AFTER_EVERY_NAME}`,
              ':now': now.getTime(),
            },
            Limit: limit,
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) found.push(queuedOf<M>(item));
        startKey = page.LastEvaluatedKey;
      } while (startKey && found.length < limit);
      return found.slice(0, limit);
    },

    async claim(name, now, leaseMs = DEFAULT_QUEUE_LEASE_MS) {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.item(name),
            UpdateExpression: 'SET leaseUntil = :until ADD receives :one',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
            ExpressionAttributeValues: { ':until': now.getTime() + leaseMs, ':now': now.getTime(), ':one': 1 },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? queuedOf<M>(Attributes) : null;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },

    async done(name) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.item(name) }));
    },

    async retryAt(name, at) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.item(name),
            UpdateExpression: 'SET leaseUntil = :until',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':until': at.getTime() },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },
  };
}

const queuedOf = <M>(item: Record<string, unknown>): QueuedMessage<M> => ({
  name: String(item.name),
  message: item.message as M,
  receives: typeof item.receives === 'number' ? item.receives : 1,
});
