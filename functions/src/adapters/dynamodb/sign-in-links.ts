import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { dynamoOneTimeItems } from '#functions/adapters/dynamodb/one-time-items';
import type { SignInLinks } from '#functions/ports/accounts';

/** One-time sign-in links: consumed by a conditional delete, so two clicks can never both sign in. */
export function dynamoSignInLinks(db: DynamoDBDocumentClient, tableName: string): SignInLinks {
  const items = dynamoOneTimeItems<{ userId: string }>(db, tableName, { type: 'SignInLink', keyOf: keys.signInLink });
  return {
    create: (tokenHash, userId, expiresAt) => items.create(tokenHash, { userId }, expiresAt),
    consume: async (tokenHash, now) => (await items.consume(tokenHash, now))?.userId ?? null,
  };
}
