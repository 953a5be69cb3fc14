import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';

import { WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookMessageType } from '#shared/api/schemas/integrations';
import { hostLimitedItems } from '#functions/adapters/dynamodb/host-limited-items';
import { keys } from '#functions/adapters/dynamodb/keys';
import { queryAll } from '#functions/adapters/dynamodb/query-all';
import type { WebhookDeliveryRecord, WebhookRecord } from '#functions/domain/records';
import type { WebhookRepository } from '#functions/ports/webhooks';

/**
 * Webhook endpoints and their delivery logs (issue 29; the items are in README.md). An endpoint is `Webhook`
 * (`USER#{hostId}` / `WEBHOOK#{id}`), the host's count of them `WebhookCount` (`WEBHOOKS`, moved by the same
 * transactions that create and delete one, on the condition that it stays at most the maximum, so two creations
 * racing for the tenth place cannot both win), each attempt a `WebhookDelivery` (`WHLOG#{webhookId}#{uuidv7}`)
 * expiring after 30 days. None of these types is read by a stream job.
 */

const WEBHOOK = 'Webhook';
const COUNT = 'WebhookCount';
const DELIVERY = 'WebhookDelivery';
/** How long an attempt stays in the log (the table's TTL removes it; the routes answer only the last 100 anyway). */
export const DELIVERY_LOG_DAYS = 30;

const EVENT_TYPES: readonly string[] = WEBHOOK_EVENT_TYPES;

function toWebhook(item: Record<string, unknown>): WebhookRecord {
  return {
    id: String(item.id),
    hostId: String(item.hostId),
    url: String(item.url),
    events: (Array.isArray(item.events) ? item.events : []).filter((event): event is WebhookEventType =>
      EVENT_TYPES.includes(String(event)),
    ),
    active: item.active === true,
    createdAt: String(item.createdAt),
    disabledReason: typeof item.disabledReason === 'string' ? item.disabledReason : null,
    failingSince: typeof item.failingSince === 'string' ? item.failingSince : null,
    sealedSecret: String(item.sealedSecret),
  };
}

function toDelivery(item: Record<string, unknown>): WebhookDeliveryRecord {
  return {
    id: String(item.id),
    webhookId: String(item.webhookId),
    hostId: String(item.hostId),
    messageId: String(item.messageId),
    type: String(item.eventType) as WebhookMessageType,
    attempt: Number(item.attempt),
    status: typeof item.status === 'number' ? item.status : null,
    durationMs: typeof item.durationMs === 'number' ? item.durationMs : null,
    at: String(item.at),
    nextAttemptAt: typeof item.nextAttemptAt === 'string' ? item.nextAttemptAt : null,
    error: typeof item.error === 'string' ? item.error : null,
    body: String(item.body ?? ''),
  };
}

/** The item's attributes without the null ones (an absent `failingSince` is what `if_not_exists` looks for). */
const withoutNulls = (record: WebhookRecord) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null && value !== undefined));

export function dynamoWebhooks(db: DynamoDBDocumentClient, tableName: string): WebhookRepository {
  const get = async (hostId: string, id: string) => {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: keys.webhook(hostId, id), ConsistentRead: true }),
    );
    return Item && Item.type === WEBHOOK ? toWebhook(Item) : null;
  };

  /** An update of an endpoint that still exists; null when it is gone. */
  const updateExisting = async (
    hostId: string,
    id: string,
    expression: string,
    values: Record<string, unknown> = {},
    condition = 'attribute_exists(pk)',
  ): Promise<WebhookRecord | null> => {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.webhook(hostId, id),
          UpdateExpression: expression,
          ConditionExpression: condition,
          ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? toWebhook(Attributes) : null;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  };

  const perHost = hostLimitedItems(db, tableName, {
    prefix: keys.webhookPrefix,
    counter: { key: keys.webhookCount, type: COUNT, attribute: 'count' },
  });

  return {
    async list(hostId) {
      return (await perHost.list(hostId))
        .filter((item) => item.type === WEBHOOK)
        .map(toWebhook)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },

    get,

    create: (record, max) =>
      perHost.create(record.hostId, max, [
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.webhook(record.hostId, record.id), type: WEBHOOK, ...withoutNulls(record) },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]),

    async update(hostId, id, changes) {
      const sets: string[] = [];
      const values: Record<string, unknown> = {};
      if (changes.url !== undefined) {
        sets.push('#url = :url');
        values[':url'] = changes.url;
      }
      if (changes.events !== undefined) {
        sets.push('events = :events');
        values[':events'] = changes.events;
      }
      if (changes.active !== undefined) {
        sets.push('active = :active');
        values[':active'] = changes.active;
      }
      if (sets.length === 0) return get(hostId, id);
      // Switched on (again): why the server switched it off and since when it failed no longer hold (removed, not set
      // to null: markFailing's if_not_exists must find no failingSince).
      const removed = changes.active ? ' REMOVE disabledReason, failingSince' : '';
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.webhook(hostId, id),
            UpdateExpression: `SET ${sets.join(', ')}${removed}`,
            ConditionExpression: 'attribute_exists(pk)',
            ...(changes.url !== undefined ? { ExpressionAttributeNames: { '#url': 'url' } } : {}),
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? toWebhook(Attributes) : null;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },

    async delete(hostId, id) {
      const deleted = await perHost.delete(hostId, [
        {
          Delete: { TableName: tableName, Key: keys.webhook(hostId, id), ConditionExpression: 'attribute_exists(pk)' },
        },
      ]);
      if (!deleted) return false;
      // Then its log (the endpoint is gone, so no attempt adds to it any more: the delivery job drops its messages).
      const logged = await queryAll(db, tableName, {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(hostId), ':prefix': keys.webhookDeliveryPrefix(id) },
        ProjectionExpression: 'pk, sk',
      });
      for (let index = 0; index < logged.length; index += 25) {
        let requests = logged
          .slice(index, index + 25)
          .map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } }));
        for (let attempt = 0; requests.length > 0; attempt++) {
          if (attempt > 8) throw new Error('DynamoDB kept items unprocessed while deleting a delivery log.');
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
          const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
          requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
        }
      }
      return true;
    },

    markFailing(hostId, id, at) {
      return updateExisting(hostId, id, 'SET failingSince = if_not_exists(failingSince, :at)', { ':at': at });
    },

    async markDelivering(hostId, id) {
      await updateExisting(
        hostId,
        id,
        'REMOVE failingSince',
        {},
        'attribute_exists(pk) AND attribute_exists(failingSince)',
      );
    },

    async disable(hostId, id, reason) {
      const done = await updateExisting(
        hostId,
        id,
        'SET active = :off, disabledReason = :reason',
        { ':off': false, ':reason': reason, ':on': true },
        'attribute_exists(pk) AND active = :on',
      );
      return done !== null;
    },

    async logAttempt(entry) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.webhookDelivery(entry.hostId, entry.webhookId, entry.id),
            type: DELIVERY,
            id: entry.id,
            webhookId: entry.webhookId,
            hostId: entry.hostId,
            messageId: entry.messageId,
            eventType: entry.type,
            attempt: entry.attempt,
            status: entry.status,
            durationMs: entry.durationMs,
            at: entry.at,
            nextAttemptAt: entry.nextAttemptAt,
            error: entry.error,
            body: entry.body,
            expiresAt: Math.floor(Date.parse(entry.at) / 1000) + DELIVERY_LOG_DAYS * 86_400,
          },
        }),
      );
    },

    async deliveries(hostId, webhookId, limit) {
      const { Items } = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: {
            ':pk': keys.userPartition(hostId),
            ':prefix': keys.webhookDeliveryPrefix(webhookId),
          },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (Items ?? []).filter((item) => item.type === DELIVERY).map(toDelivery);
    },

    async delivery(hostId, webhookId, deliveryId) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.webhookDelivery(hostId, webhookId, deliveryId) }),
      );
      return Item && Item.type === DELIVERY ? toDelivery(Item) : null;
    },
  };
}
