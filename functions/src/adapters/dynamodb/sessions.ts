import { DeleteCommand, PutCommand, TransactGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import type { SessionStore, StoredSession } from '#functions/ports/sessions';

/** Session items, in their user's partition (keys.session); expired ones vanish by TTL and are refused before. */
export function dynamoSessionStore(db: DynamoDBDocumentClient, tableName: string): SessionStore {
  return {
    async create(userId: string, sessionId: string, expiresAt: number, createdAt: string): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.session(userId, sessionId), type: 'Session', userId, createdAt, expiresAt },
        }),
      );
    },

    /** The session with its account, read together (one TransactGet: never a partial answer); null when either is gone. */
    async find(userId: string, sessionId: string): Promise<StoredSession | null> {
      const { Responses } = await db.send(
        new TransactGetCommand({
          TransactItems: [
            { Get: { TableName: tableName, Key: keys.session(userId, sessionId) } },
            {
              Get: {
                TableName: tableName,
                Key: keys.userProfile(userId),
                ProjectionExpression: '#role, sessionsNotBefore',
                ExpressionAttributeNames: { '#role': 'role' },
              },
            },
          ],
        }),
      );
      const session = Responses?.[0]?.Item;
      const profile = Responses?.[1]?.Item;
      if (!session || !profile) return null;
      // Every session started before the account's address was claimed by its proven owner has ended.
      if (typeof profile.sessionsNotBefore === 'string' && String(session.createdAt) < profile.sessionsNotBefore)
        return null;
      return {
        userId,
        expiresAt: Number(session.expiresAt),
        role: profile.role === 'admin' ? 'admin' : null,
      };
    },

    async delete(userId: string, sessionId: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.session(userId, sessionId) }));
    },
  };
}
