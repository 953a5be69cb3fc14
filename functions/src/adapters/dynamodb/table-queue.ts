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
 * A queue on one machine (no SQS there), kept in the table: one item per message, listed in a gsi1 partition of its
 * own by `{notBefore}#{name}`, so one Query finds those due. The local runner (infra/local/queue-runner.ts) asks
 * `due`, `claim`s each with a lease (the visibility timeout: its receive count goes up by one), hands it to the
 * queue's job and calls `done`. A message whose job failed (or whose runner died) comes due again when its lease
 * ends, as an SQS message after its visibility timeout; `retryAt` moves that end (SQS ChangeMessageVisibility).
 * Messages are items, so they survive a restart of `npm start`. Waits are exact: no 15-minute cap as in SQS. The
 * webhook delivery queue (issue 29), the booking mail queue (issue 30) and the booking timers
 * (adapters/dynamodb/table-timers.ts: named messages, due at their instant) are three of these.
 *
 * The order is claim, handle, remove, with the claim a lease rather than a removal: `claim` sets `leaseUntil` (ms
 * since epoch) on the condition that the item exists and holds no lease still running, so of two runners (or two
 * passes) claiming one message at once exactly one gets it; removing at the claim would lose a message whenever the
 * process died before its job finished. Leases compare instants of the callers' clocks (one machine, one clock).
 * `due` reads the index, which may lag the table in DynamoDB proper; the conditional `claim` is what decides.
 */
export interface TableQueue<M> {
  /**
   * Queues `message`, due at `at`. With a `name` (the caller's, unique to the message) the send is once only: the
   * item is written unless one of that name is queued already, which stays as it is.
   */
  send(message: M, at: Date, name?: string): Promise<void>;
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

/**
 * How a queue's message is kept in its item (besides the key, `type` and `name`), and whether a claim counts the
 * receives. By default the message is the item's `message` attribute and receives are counted.
 */
export interface TableQueueItems<M> {
  attributes: (message: M) => Record<string, unknown>;
  messageOf: (item: Record<string, unknown>) => M;
  countReceives: boolean;
}

const asMessage = <M>(): TableQueueItems<M> => ({
  attributes: (message) => ({ message }),
  messageOf: (item) => item.message as M,
  countReceives: true,
});

/** How long a claimed message stays with its runner: longer than a job may take (its timeout) with room. */
export const DEFAULT_QUEUE_LEASE_MS = 2 * 60_000;
/**
 * Sorts after every character of a name (a UUID; a timer's [0-9A-Za-z_.-]), so `{now}#~` bounds every message due
 * at `now`.
 */
const AFTER_EVERY_NAME = '~';

export function tableQueue<M>(
  db: DynamoDBDocumentClient,
  tableName: string,
  keys: TableQueueKeys,
  items: TableQueueItems<M> = asMessage<M>(),
): TableQueue<M> {
  const partition = keys.index('', '').gsi1pk;
  const queuedOf = (item: Record<string, unknown>): QueuedMessage<M> => ({
    name: String(item.name),
    message: items.messageOf(item),
    receives: typeof item.receives === 'number' ? item.receives : 1,
  });
  return {
    async send(message, at, named) {
      if (Number.isNaN(at.getTime())) throw new RangeError(`A ${keys.type} message has no time`);
      const name = named ?? randomUUID();
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.item(name),
              // Indexed by the normalised instant, so the text order is the time order.
              ...keys.index(at.toISOString(), name),
              type: keys.type,
              name,
              ...items.attributes(message),
            },
            ...(named === undefined ? {} : { ConditionExpression: 'attribute_not_exists(pk)' }),
          }),
        );
      } catch (error) {
        if (named !== undefined && error instanceof ConditionalCheckFailedException) return;
        throw error;
      }
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
        for (const item of page.Items ?? []) found.push(queuedOf(item));
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
            UpdateExpression: items.countReceives
              ? 'SET leaseUntil = :until ADD receives :one'
              : 'SET leaseUntil = :until',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
            ExpressionAttributeValues: {
              ':until': now.getTime() + leaseMs,
              ':now': now.getTime(),
              ...(items.countReceives ? { ':one': 1 } : {}),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? queuedOf(Attributes) : null;
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
