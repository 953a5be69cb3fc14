import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { dynamoOneTimeItems } from '#functions/adapters/dynamodb/one-time-items';
import type { EmailProof, EmailProofs } from '#functions/ports/accounts';

/** Mailed e-mail proofs (verification, e-mail change): consumed by a conditional delete, so each works once. */
export function dynamoEmailProofs(db: DynamoDBDocumentClient, tableName: string): EmailProofs {
  const items = dynamoOneTimeItems<EmailProof & Record<string, unknown>>(db, tableName, {
    type: 'EmailProof',
    keyOf: keys.emailProof,
  });
  return {
    create: (tokenHash, proof, expiresAt) => items.create(tokenHash, { ...proof }, expiresAt),
    consume: async (tokenHash, userId, now) => {
      const proof = await items.consume(tokenHash, now, { field: 'userId', equals: userId });
      return proof ? { userId: proof.userId, email: proof.email, purpose: proof.purpose } : null;
    },
  };
}
