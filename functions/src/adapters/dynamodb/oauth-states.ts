import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { dynamoOneTimeItems } from '#functions/adapters/dynamodb/one-time-items';
import type { OAuthState, OAuthStates } from '#functions/ports/accounts';

/** OAuth states in flight (Google sign-in, calendar connection): used once, expiring through the TTL attribute. */
export function dynamoOAuthStates(db: DynamoDBDocumentClient, tableName: string): OAuthStates {
  const items = dynamoOneTimeItems<OAuthState & Record<string, unknown>>(db, tableName, {
    type: 'OAuthState',
    keyOf: keys.oauthState,
  });
  return {
    create: (stateHash, state, expiresAt) => items.create(stateHash, { ...state }, expiresAt),
    consume: items.consume,
  };
}
