import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import type { ContactMessage } from '#functions/domain/records';
import type { ContactMessageRepository } from '#functions/ports/site';

export function dynamoContactMessages(db: DynamoDBDocumentClient, tableName: string): ContactMessageRepository {
  return {
    async save(message) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.contactMessage(message.id),
            ...keys.contactMessageIndex(message.createdAt, message.id),
            type: 'ContactMessage',
            ...message,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
    async remove(id) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.contactMessage(id) }));
    },
    async get(id) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.contactMessage(id), ConsistentRead: true }),
      );
      if (!Item) return null;
      const { id: itemId, name, email, subject, message, createdAt } = Item as ContactMessage;
      return { id: itemId, name, email, subject, message, createdAt };
    },
  };
}
