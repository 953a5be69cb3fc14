import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { conditionFailed, hostLimitedItems } from '#functions/adapters/dynamodb/host-limited-items';
import { keys } from '#functions/adapters/dynamodb/keys';
import type { ApiKeyRecord } from '#functions/domain/records';
import type { ApiKeyRepository } from '#functions/ports/api-keys';

/**
 * API keys (issue 29; the items are in README.md). A key is two items written and deleted in one transaction: its
 * record under its host (`USER#{hostId}` `APIKEY#{id}`: name, created, last used, and the hash, so that deleting the
 * record finds its lookup) and its lookup by hash (`APIKEYHASH#{sha256}`: host, key id, last used), which
 * authenticates a call with one strongly consistent GetItem, so a revoked key is refused at once. The host's key
 * count (`USER#{hostId}` `APIKEYS`) moves in the same transactions; its condition is the per-host maximum, so
 * parallel creations cannot pass it.
 */

const API_KEY = 'ApiKey';
const API_KEY_LOOKUP = 'ApiKeyLookup';
const API_KEY_COUNT = 'ApiKeyCount';

function toRecord(item: Record<string, unknown>): ApiKeyRecord {
  return {
    id: String(item.id),
    hostId: String(item.hostId),
    name: String(item.name),
    createdAt: String(item.createdAt),
    lastUsedAt: typeof item.lastUsedAt === 'string' ? item.lastUsedAt : null,
  };
}

export function dynamoApiKeys(db: DynamoDBDocumentClient, tableName: string): ApiKeyRepository {
  const perHost = hostLimitedItems(db, tableName, {
    prefix: keys.apiKeyPrefix,
    consistentList: true,
    counter: { key: keys.apiKeyCount, type: API_KEY_COUNT, attribute: 'keyCount' },
  });
  return {
    create: (key, keyHash, max) =>
      perHost.create(key.hostId, max, [
        {
          Put: {
            TableName: tableName,
            Item: {
              ...keys.apiKey(key.hostId, key.id),
              type: API_KEY,
              id: key.id,
              hostId: key.hostId,
              name: key.name,
              createdAt: key.createdAt,
              ...(key.lastUsedAt ? { lastUsedAt: key.lastUsedAt } : {}),
              keyHash,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: {
              ...keys.apiKeyLookup(keyHash),
              type: API_KEY_LOOKUP,
              keyId: key.id,
              hostId: key.hostId,
              ...(key.lastUsedAt ? { lastUsedAt: key.lastUsedAt } : {}),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]),

    async list(hostId) {
      return (await perHost.list(hostId)).map(toRecord);
    },

    async delete(hostId, id) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.apiKey(hostId, id), ConsistentRead: true }),
      );
      if (!Item || typeof Item.keyHash !== 'string') return false;
      // Revoked by a parallel request meanwhile (the first condition fails): gone all the same, but not by this one.
      return perHost.delete(hostId, [
        { Delete: { TableName: tableName, Key: keys.apiKey(hostId, id), ConditionExpression: 'attribute_exists(pk)' } },
        { Delete: { TableName: tableName, Key: keys.apiKeyLookup(Item.keyHash) } },
      ]);
    },

    async findByHash(keyHash) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.apiKeyLookup(keyHash), ConsistentRead: true }),
      );
      if (!Item) return null;
      return {
        id: String(Item.keyId),
        hostId: String(Item.hostId),
        lastUsedAt: typeof Item.lastUsedAt === 'string' ? Item.lastUsedAt : null,
      };
    },

    async recordUse(key, at, unlessSince) {
      const now = at.toISOString();
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.apiKeyLookup(key.keyHash),
                  UpdateExpression: 'SET lastUsedAt = :at',
                  // The gate: one write per key and minute, however many calls read the old time in parallel.
                  ConditionExpression:
                    'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt <= :since)',
                  ExpressionAttributeValues: { ':at': now, ':since': unlessSince.toISOString() },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.apiKey(key.hostId, key.id),
                  UpdateExpression: 'SET lastUsedAt = :at',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':at': now },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },
  };
}
