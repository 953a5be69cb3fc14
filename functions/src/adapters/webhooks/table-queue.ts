import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import type { WebhookMessage, WebhookQueue } from '#functions/ports';

/**
 * The webhook delivery queue on one machine (no SQS there), kept in the table as the booking timers are
 * (adapters/dynamodb/table-timers.ts): one `WebhookQueued` item per message (`WHQUEUE#{name}`), listed in the gsi1
 * partition `WEBHOOKQUEUE` by `{notBefore}#{name}`, so one Query finds those due; the local runner
 * (infra/local/webhook-queue.ts) asks `due`, `claim`s each with a lease, hands it to the delivery job and calls `done`.
 * Messages are items, so they survive a restart of `npm start`, and one whose job failed (or whose runner died) comes
 * due again when its lease ends, as an SQS message comes back after its visibility timeout. Waits are exact: no
 * 15-minute cap as in SQS.
 */
export interface TableWebhookQueue extends WebhookQueue {
  /** Up to `limit` messages due at `now`, earliest first, skipping those whose lease still runs. */
  due(now: Date, limit?: number): Promise<QueuedWebhookMessage[]>;
  /** Leases the message until `now + leaseMs`; answers it, or null when it is gone or another lease still runs. */
  claim(name: string, now: Date, leaseMs?: number): Promise<QueuedWebhookMessage | null>;
  /** Removes a message its job handled (a missing one is fine). */
  done(name: string): Promise<void>;
}

export interface QueuedWebhookMessage {
  /** The queue item's own name (one per send, as an SQS message id). */
  name: string;
  message: WebhookMessage;
}

/** How long a claimed message stays with its runner: longer than an attempt may take (10 s) with room. */
export const DEFAULT_QUEUE_LEASE_MS = 2 * 60_000;
/** Sorts after every character of a name (a UUID), so `{now}#~` bounds every message due at `now`. */
const AFTER_EVERY_NAME = '~';
const QUEUE_PARTITION = keys.webhookQueueIndex('', '').gsi1pk;

export function tableWebhookQueue(db: DynamoDBDocumentClient, tableName: string): TableWebhookQueue {
  return {
    async send(message) {
      const at = new Date(message.notBefore);
      if (Number.isNaN(at.getTime()))
        throw new RangeError(`Webhook message ${message.id}: no time: ${message.notBefore}`);
      const name = randomUUID();
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.webhookQueued(name),
            ...keys.webhookQueueIndex(at.toISOString(), name),
            type: 'WebhookQueued',
            name,
            message,
          },
        }),
      );
    },

    async due(now, limit = 100) {
      const found: QueuedWebhookMessage[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :queue AND gsi1sk <= :upTo',
            FilterExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now',
            ExpressionAttributeValues: {
              ':queue': QUEUE_PARTITION,
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
            Key: keys.webhookQueued(name),
            UpdateExpression: 'SET leaseUntil = :until',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
            ExpressionAttributeValues: { ':until': now.getTime() + leaseMs, ':now': now.getTime() },
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
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.webhookQueued(name) }));
    },
  };
}

const queuedOf = (item: Record<string, unknown>): QueuedWebhookMessage => ({
  name: String(item.name),
  message: item.message as WebhookMessage,
});
