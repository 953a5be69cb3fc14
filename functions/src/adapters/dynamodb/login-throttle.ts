import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { overLimit, type RateRule } from '#functions/domain/abuse-limits';
import type { LoginThrottle } from '#functions/ports/accounts';
import type { RateLimiter } from '#functions/ports/rate-limits';

/**
 * Counts one more request for `key` in a window that opens with the first request: one item per key with the
 * window's start and its count, expiring (TTL) when the window ends. Counting is an atomic ADD that answers the new
 * count, so concurrent requests each see a different number, on one machine and in the cloud alike; a request after
 * the window closed starts a new one (a conditional Put). One UpdateItem in the usual case. Answers how many came
 * before this one and when the window ends (ms).
 */
async function countInWindow(
  db: DynamoDBDocumentClient,
  tableName: string,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ failures: number; windowEndsAt: number }> {
  const at = now.getTime();
  const cutoff = at - windowMs;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.throttle(key),
          // One request opens a window or counts into the open one; only an ended window needs the Put below.
          UpdateExpression:
            'SET windowStart = if_not_exists(windowStart, :at), expiresAt = if_not_exists(expiresAt, :expires) ADD failures :one',
          ConditionExpression: 'attribute_not_exists(pk) OR windowStart > :cutoff',
          ExpressionAttributeValues: {
            ':one': 1,
            ':cutoff': cutoff,
            ':at': at,
            ':expires': Math.ceil((at + windowMs) / 1000),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return {
        failures: Number(Attributes?.failures ?? 1) - 1,
        windowEndsAt: Number(Attributes?.windowStart ?? at) + windowMs,
      };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    try {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.throttle(key), windowStart: at, failures: 1, expiresAt: Math.ceil((at + windowMs) / 1000) },
          ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
          ExpressionAttributeValues: { ':cutoff': cutoff },
        }),
      );
      return { failures: 0, windowEndsAt: at + windowMs };
    } catch (error) {
      // Another request opened the window meanwhile: count into it.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  throw new Error(`Could not count a request for ${key}: the window kept changing.`);
}

/** Sign-in attempts per key (an account, a client address, the pair) over a fixed-length window. */
export function dynamoLoginThrottle(db: DynamoDBDocumentClient, tableName: string, windowMs: number): LoginThrottle {
  return {
    reserve: (key, now) => countInWindow(db, tableName, key, now, windowMs),

    async release(key) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.throttle(key),
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
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.throttle(key) }));
    },
  };
}

/**
 * Abuse limits (docs/security.md): each rule counts under its own name, so rules never share a count.
 * `multiplier` raises every limit (RATE_LIMIT_MULTIPLIER; 1 in production).
 */
export function dynamoRateLimiter(db: DynamoDBDocumentClient, tableName: string, multiplier = 1): RateLimiter {
  return {
    async hit(rule: RateRule, subject: string, now: Date) {
      const counted = await countInWindow(db, tableName, `limit:${rule.name}:${subject}`, now, rule.windowMs);
      return overLimit({ ...rule, limit: rule.limit * multiplier }, counted, now.getTime());
    },
  };
}
