import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { tokensGranted } from '#functions/domain/mail-pacing';
import type { MailPacer } from '#functions/ports/mail';

/** A second's counter is kept an hour (the table's TTL removes it; nothing reads it after its second). */
const KEEP_SECONDS = 3600;

/**
 * The sending tokens of each second of the clock, shared by every consumer of the mail queue however many run
 * (issue 30): one item per second (`MAILRATE#{epoch second}`, so each second's writes go to a partition of its own),
 * whose counter a consumer raises by the mails it wants to send with one UpdateItem (never refused, so never a wasted
 * conditional write); the tokens under the rate are its own (domain/mail-pacing.ts tokensGranted). One write per
 * batch of mails, not per mail.
 */
export function tableMailPacer(db: DynamoDBDocumentClient, tableName: string): MailPacer {
  return {
    async take(second, asked, rate) {
      if (asked <= 0) return 0;
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.mailTokens(second),
          UpdateExpression: 'ADD used :asked SET expiresAt = if_not_exists(expiresAt, :expires)',
          ExpressionAttributeValues: { ':asked': asked, ':expires': second + KEEP_SECONDS },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return tokensGranted(Number(Attributes?.used ?? asked), asked, rate);
    },
  };
}
