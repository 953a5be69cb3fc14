import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { plansAndPayments } from '#functions/adapters/dynamodb/billing/plans-and-payments';
import { promoCodes } from '#functions/adapters/dynamodb/billing/promo-codes';
import { promoRedemptions } from '#functions/adapters/dynamodb/billing/promo-redemptions';
import { purchaseStart } from '#functions/adapters/dynamodb/billing/start-purchase';
import type { BillingStore } from '#functions/ports/billing';

/** The BillingStore in the table: plans and payments, promo codes, a purchase's start, a code's use given back. */
export function dynamoBilling(db: DynamoDBDocumentClient, tableName: string): BillingStore {
  return {
    ...plansAndPayments(db, tableName),
    ...promoCodes(db, tableName),
    ...purchaseStart(db, tableName),
    ...promoRedemptions(db, tableName),
  };
}
