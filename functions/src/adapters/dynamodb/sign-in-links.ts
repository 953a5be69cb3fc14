import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SignInLinks } from '#functions/ports';
import { keys } from './keys.ts';

/** One-time sign-in links: consumed by a conditional delete, so two clicks can never both sign in. */
export function dynamoSignInLinks(db: DynamoDBDocumentClient, tableName: string): SignInLinks {
  return {
    async create(tokenHash, userId, expiresAt) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.signInLink(tokenHash), type: 'SignInLink', userId, expiresAtMs: expiresAt, expiresAt: Math.ceil(expiresAt / 1000) },
        }),
      );
    },
    async consume(tokenHash, now) {
      try {
        const { Attributes } = await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.signInLink(tokenHash),
            ConditionExpression: 'attribute_exists(pk)',
            ReturnValues: 'ALL_OLD',
          }),
        );
        if (!Attributes || Number(Attributes.expiresAtMs) <= now) return null;
        return String(Attributes.userId);
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },
  };
}
