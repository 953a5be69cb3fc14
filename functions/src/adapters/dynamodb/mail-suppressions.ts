import { BatchGetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { normalizeEmail } from '#shared/email-address';
import { keys } from '#functions/adapters/dynamodb/keys';
import type { MailSuppressions } from '#functions/ports/mail';

const PREFIX = keys.mailSuppression('').pk;
/** BatchGetItem reads at most this many keys per call. */
const BATCH_GET_LIMIT = 100;
/** How often keys DynamoDB left unprocessed (under throttling) are asked for again before giving up. */
const UNPROCESSED_RETRIES = 5;

/**
 * Addresses SES reported as bouncing or complaining, one item each (`SUPPRESSED#{normalised e-mail}`, trimmed and in
 * lower case: shared/email-address.ts): booking mail skips them, whatever the case it is written in. A later report
 * of the same address overwrites the item with its reason and time.
 */
export function dynamoMailSuppressions(db: DynamoDBDocumentClient, tableName: string): MailSuppressions {
  return {
    async suppressed(emails) {
      const unique = [...new Set(emails.map(normalizeEmail))];
      const found = new Set<string>();
      for (let from = 0; from < unique.length; from += BATCH_GET_LIMIT) {
        let pending: Record<string, unknown>[] = unique
          .slice(from, from + BATCH_GET_LIMIT)
          .map((email) => keys.mailSuppression(email));
        for (let attempt = 0; pending.length > 0; attempt += 1) {
          if (attempt > UNPROCESSED_RETRIES) throw new Error('DynamoDB left suppression reads unprocessed.');
          if (attempt > 0) await new Promise((done) => setTimeout(done, 50 * 2 ** attempt));
          const { Responses, UnprocessedKeys } = await db.send(
            new BatchGetCommand({
              RequestItems: { [tableName]: { Keys: pending, ProjectionExpression: 'pk' } },
            }),
          );
          for (const item of Responses?.[tableName] ?? []) {
            found.add(String(item.pk).slice(PREFIX.length));
          }
          pending = UnprocessedKeys?.[tableName]?.Keys ?? [];
        }
      }
      return found;
    },
    async suppress(email, reason, at) {
      const emailLower = normalizeEmail(email);
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.mailSuppression(emailLower),
            type: 'MailSuppression',
            email: emailLower,
            reason,
            at: at.toISOString(),
          },
        }),
      );
    },
  };
}
