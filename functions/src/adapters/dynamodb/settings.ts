import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { settingsSchema, type Settings } from '#shared/api/schemas/settings';
import type { SettingsRepository } from '#functions/ports';
import { keys } from './keys.ts';

const toItem = (settings: Settings) => ({ ...keys.settings(), type: 'Settings', ...settings });

export function dynamoSettings(db: DynamoDBDocumentClient, tableName: string): SettingsRepository {
  return {
    async get() {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.settings(), ConsistentRead: true }));
      if (!Item) return null;
      // Keep only the fields the schema names; an item written by an older version still reads cleanly.
      return settingsSchema.strip().parse(Item);
    },
    async put(settings) {
      await db.send(new PutCommand({ TableName: tableName, Item: toItem(settings) }));
    },
    async putIfAbsent(settings) {
      try {
        await db.send(
          new PutCommand({ TableName: tableName, Item: toItem(settings), ConditionExpression: 'attribute_not_exists(pk)' }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
  };
}
