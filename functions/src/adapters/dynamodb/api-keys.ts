import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { queryAll } from '#functions/adapters/dynamodb/query-all';
import type { ApiKeyRecord } from '#functions/domain/records';
import type { ApiKeyRepository } from '#functions/ports';

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

/** Which items of a cancelled transaction failed their condition (by position). */
const failedConditions = (error: TransactionCanceledException): boolean[] =>
  (error.CancellationReasons ?? []).map((reason) => reason.Code === 'ConditionalCheckFailed');

export function dynamoApiKeys(db: DynamoDBDocumentClient, tableName: string): ApiKeyRepository {
  return {
    async create(key, keyHash, max) {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.apiKeyCount(key.hostId),
                  UpdateExpression: 'SET #type = :type ADD keyCount :one',
                  ConditionExpression: 'attribute_not_exists(keyCount) OR keyCount < :max',
                  ExpressionAttributeNames: { '#type': 'type' },
                  ExpressionAttributeValues: { ':type': API_KEY_COUNT, ':one': 1, ':max': max },
                },
              },
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
            ],
          }),
        );
        return 'created';
      } catch (error) {
        if (error instanceof TransactionCanceledException && failedConditions(error)[0]) return 'tooMany';
        throw error;
      }
    },

    async list(hostId) {
      const items = await queryAll(db, tableName, {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(hostId), ':prefix': keys.apiKeyPrefix },
        ConsistentRead: true,
      });
      return items.map(toRecord);
    },

    async delete(hostId, id) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.apiKey(hostId, id), ConsistentRead: true }),
      );
      if (!Item || typeof Item.keyHash !== 'string') return false;
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: keys.apiKey(hostId, id),
                  ConditionExpression: 'attribute_exists(pk)',
                },
              },
              { Delete: { TableName: tableName, Key: keys.apiKeyLookup(Item.keyHash) } },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.apiKeyCount(hostId),
                  UpdateExpression: 'ADD keyCount :minusOne',
                  ExpressionAttributeValues: { ':minusOne': -1 },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        // Revoked by a parallel request meanwhile: gone all the same, but not by this one.
        if (error instanceof TransactionCanceledException && failedConditions(error)[0]) return false;
        throw error;
      }
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
        if (error instanceof TransactionCanceledException && failedConditions(error).some(Boolean)) return false;
        throw error;
      }
    },
  };
}
