import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LoginThrottle } from '#functions/ports';
import { keys } from './keys.ts';

/**
 * Failed sign-ins per key in a window that opens with the first failure: one item per key with the window's start
 * and its count, expiring (TTL) when the window ends. Counting is an atomic ADD while the window is open; a failure
 * after it closed starts a new window.
 */
export function dynamoLoginThrottle(db: DynamoDBDocumentClient, tableName: string, windowMs: number): LoginThrottle {
  return {
    async count(key, now) {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.loginThrottle(key), ConsistentRead: true }));
      const start = Number(Item?.windowStart ?? 0);
      if (!Item || start + windowMs <= now.getTime()) return { failures: 0, windowEndsAt: now.getTime() + windowMs };
      return { failures: Number(Item.failures ?? 0), windowEndsAt: start + windowMs };
    },

    async recordFailure(key, now) {
      const at = now.getTime();
      const cutoff = at - windowMs;
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: keys.loginThrottle(key),
              UpdateExpression: 'ADD failures :one',
              ConditionExpression: 'windowStart > :cutoff',
              ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff },
            }),
          );
          return;
        } catch (error) {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        }
        try {
          await db.send(
            new PutCommand({
              TableName: tableName,
              Item: { ...keys.loginThrottle(key), windowStart: at, failures: 1, expiresAt: Math.ceil((at + windowMs) / 1000) },
              ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
              ExpressionAttributeValues: { ':cutoff': cutoff },
            }),
          );
          return;
        } catch (error) {
          // Another failure opened the window meanwhile: count into it.
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        }
      }
    },

    async reset(key) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.loginThrottle(key) }));
    },
  };
}
