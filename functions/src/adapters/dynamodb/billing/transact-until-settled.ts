import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import type { TransactItem } from '#functions/adapters/dynamodb/billing/billing-items';

/** Two transactions on one item at once: DynamoDB cancels one (TransactionConflict); it is tried again. */
const CONFLICT_RETRIES = 5;

/** What the caller makes of a cancelled transaction: write again (what `build` makes changed), a result, or neither. */
export type Refusal<T> = 'again' | { result: T } | null;

/**
 * Writes one transaction, its items built anew for each attempt (none: nothing to write, `written` at once). A
 * cancellation goes to `refused` with each item's reason code ('None' for an item that was fine), which may throw;
 * when it answers neither another attempt nor a result, a TransactionConflict is tried again up to CONFLICT_RETRIES
 * times and anything else is thrown.
 */
export async function transactUntilSettled<T>(
  db: DynamoDBDocumentClient,
  build: () => TransactItem[],
  written: T,
  refused: (reasons: string[]) => Refusal<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const items = build();
    if (items.length === 0) return written;
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return written;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
      const decision = refused(reasons);
      if (decision === 'again') continue;
      if (decision) return decision.result;
      if (reasons.includes('TransactionConflict') && attempt < CONFLICT_RETRIES) continue;
      throw error;
    }
  }
}
