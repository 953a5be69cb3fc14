import { BatchGetCommand, DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.ts';

export interface StoredSession {
  userId: string;
  expiresAt: number; // seconds since epoch (also the item's TTL)
  /** The account's e-mail and role, read with the session, for the administrator check. */
  email: string;
  role: 'admin' | null;
}

/** Session items, in their user's partition (keys.session); expired ones vanish by TTL and are refused before. */
export function dynamoSessionStore(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async create(userId: string, sessionId: string, expiresAt: number, createdAt: string): Promise<void> {
      await db.send(
        new PutCommand({ TableName: tableName, Item: { ...keys.session(userId, sessionId), type: 'Session', userId, createdAt, expiresAt } }),
      );
    },

    /** The session with its account (one BatchGet); null when either is gone. */
    async find(userId: string, sessionId: string): Promise<StoredSession | null> {
      const sessionKey = keys.session(userId, sessionId);
      const profileKey = keys.userProfile(userId);
      const { Responses } = await db.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: [sessionKey, profileKey], ConsistentRead: true } } }),
      );
      const items = Responses?.[tableName] ?? [];
      const session = items.find((item) => item.sk === sessionKey.sk);
      const profile = items.find((item) => item.sk === profileKey.sk);
      if (!session || !profile) return null;
      return {
        userId,
        expiresAt: Number(session.expiresAt),
        email: String(profile.email),
        role: profile.role === 'admin' ? 'admin' : null,
      };
    },

    async delete(userId: string, sessionId: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.session(userId, sessionId) }));
    },
  };
}

export type SessionStore = ReturnType<typeof dynamoSessionStore>;
