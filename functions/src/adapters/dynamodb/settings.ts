import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';

import { settingsSchema, type Settings } from '#shared/api/schemas/settings';
import { keys } from '#functions/adapters/dynamodb/keys';
import type { SettingsRepository } from '#functions/ports/site';

const toItem = (settings: Settings) => ({ ...keys.settings(), type: 'Settings', ...settings });
/** The settings' fields out of an item: the schema's fields, any other attribute (keys, type) left out. */
const storedSettings = z.object(settingsSchema.shape);

/** The settings' fields saved in a settings item (read with other items, e.g. a team event's BatchGetItem). */
export function settingsFromItem(item: Record<string, unknown>): Partial<Settings> {
  return z.partial(storedSettings).parse(item);
}

export function dynamoSettings(db: DynamoDBDocumentClient, tableName: string): SettingsRepository {
  return {
    async get() {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.settings(), ConsistentRead: true }),
      );
      if (!Item) return null;
      // Keep only the fields the schema names; fields never saved are left to the caller's defaults.
      return z.partial(storedSettings).parse(Item);
    },
    async update(changes, defaults) {
      const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.settings(),
          UpdateExpression: `SET #type = :type, ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
          ExpressionAttributeNames: {
            '#type': 'type',
            ...Object.fromEntries(fields.map(([name], i) => [`#f${i}`, name])),
          },
          ExpressionAttributeValues: {
            ':type': 'Settings',
            ...Object.fromEntries(fields.map(([, value], i) => [`:v${i}`, value])),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return storedSettings.parse({ ...defaults, ...Attributes });
    },
    async putIfAbsent(settings) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: toItem(settings),
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
  };
}
