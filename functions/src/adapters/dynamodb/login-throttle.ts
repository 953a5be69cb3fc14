import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LoginThrottle } from '#functions/ports';
import { keys } from './keys.ts';

/**
 * Sign-in attempts per key in a window that opens with the first attempt: one item per key with the window's start
 * and its count, expiring (TTL) when the window ends. Counting is an atomic ADD that answers the new count, so
 * concurrent attempts each see a different number; an attempt after the window closed starts a new one.
 */
export function dynamoLoginThrottle(db: DynamoDBDocumentClient, tableName: string, windowMs: number): LoginThrottle {
  return {
    async reserve(key, now) {
      const at = now.getTime();
      const cutoff = at - windowMs;
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          const { Attributes } = await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: keys.loginThrottle(key),
              UpdateExpression: 'ADD failures :one',
              ConditionExpression: 'windowStart > :cutoff',
              ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff },
              ReturnValues: 'ALL_NEW',
            }),
          );
          return { failures: Number(Attributes?.failures ?? 1) - 1, windowEndsAt: Number(Attributes?.windowStart ?? at) + windowMs };
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
          return { failures: 0, windowEndsAt: at + windowMs };
        } catch (error) {
          // Another attempt opened the window meanwhile: count into it.
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        }
      }
      throw new Error(`Could not count a sign-in attempt for ${key}: the window kept changing.`);
    },

    async release(key) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.loginThrottle(key),
            UpdateExpression: 'ADD failures :minusOne',
            ConditionExpression: 'failures > :zero',
            ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
          }),
        );
      } catch (error) {
        // The window ended (the item expired or was reset) meanwhile: nothing to take back.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },

    async reset(key) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.loginThrottle(key) }));
    },
  };
}
