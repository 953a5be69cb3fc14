import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Items that are used once and expire: sign-in links, OAuth states. Stored by the hash of their secret with a TTL
 * (`expiresAt`, seconds) and consumed by a conditional delete, so two uses can never both succeed; an item past
 * `expiresAtMs` counts as absent even before DynamoDB's TTL removes it.
 */
export function dynamoOneTimeItems<T extends Record<string, unknown>>(
  db: DynamoDBDocumentClient,
  tableName: string,
  shape: { type: string; keyOf: (hash: string) => { pk: string; sk: string } },
) {
  return {
    async create(hash: string, value: T, expiresAt: number): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...shape.keyOf(hash),
            type: shape.type,
            value,
            expiresAtMs: expiresAt,
            expiresAt: Math.ceil(expiresAt / 1000),
          },
        }),
      );
    },
    /** `onlyIf`: used up only when the item's value has this field equal to this text (else as absent, kept). */
    async consume(hash: string, now: number, onlyIf?: { field: keyof T & string; equals: string }): Promise<T | null> {
      try {
        const { Attributes } = await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: shape.keyOf(hash),
            ConditionExpression: onlyIf ? 'attribute_exists(pk) AND #value.#field = :equals' : 'attribute_exists(pk)',
            ...(onlyIf
              ? {
                  ExpressionAttributeNames: { '#value': 'value', '#field': onlyIf.field },
                  ExpressionAttributeValues: { ':equals': onlyIf.equals },
                }
              : {}),
            ReturnValues: 'ALL_OLD',
          }),
        );
        if (!Attributes || Number(Attributes.expiresAtMs) <= now) return null;
        return Attributes.value as T;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },
  };
}
