import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import {
  NEWER_STATE_CONDITION,
  pendingPaymentItem,
  planItem,
  type TransactItem,
} from '#functions/adapters/dynamodb/billing/billing-items';
import {
  holdersOf,
  PROMO_COUNT_CONDITION,
  promoUseKey,
  redemptionKey,
} from '#functions/adapters/dynamodb/billing/promo-codes';
import { transactUntilSettled } from '#functions/adapters/dynamodb/billing/transact-until-settled';
import { keys } from '#functions/adapters/dynamodb/keys';
import { PromoRedemptionRefused, statusRank, type PromoRedemption } from '#functions/domain/billing';
import type { BillingStore } from '#functions/ports/billing';

/** A purchase's plan, pending payment and promo code use, written in one transaction. */
export function purchaseStart(db: DynamoDBDocumentClient, tableName: string): Pick<BillingStore, 'startPurchase'> {
  return {
    async startPurchase({ owner, plan, pending, redemption }) {
      const partition = keys.billingPartition(owner);
      const planPut = (): TransactItem | null =>
        plan && {
          Put: {
            TableName: tableName,
            Item: { ...planItem(partition, plan), statusRank: statusRank(plan.status) },
            ConditionExpression: NEWER_STATE_CONDITION,
            ExpressionAttributeValues: { ':at': plan.stateAt, ':rank': statusRank(plan.status) },
          },
        };
      const pendingPut = (): TransactItem | null =>
        pending && {
          Put: {
            TableName: tableName,
            Item: pendingPaymentItem(pending),
          },
        };
      const redemptionWrites = (use: PromoRedemption): TransactItem[] => {
        const holders = holdersOf(use);
        const record = { planId: use.planId, owner: use.owner, at: use.at };
        return [
          {
            Update: {
              TableName: tableName,
              Key: keys.promoCode(use.code),
              UpdateExpression: 'SET redemptions = if_not_exists(redemptions, :zero) + :one',
              ConditionExpression: PROMO_COUNT_CONDITION,
              ExpressionAttributeValues: { ':true': true, ':zero': 0, ':one': 1 },
            },
          },
          ...holders.map((holder): TransactItem => ({
            Put: {
              TableName: tableName,
              Item: { ...promoUseKey(use.code, holder), type: 'PromoUse', code: use.code, ...record },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          })),
          {
            Put: {
              TableName: tableName,
              Item: {
                ...redemptionKey(use.planId),
                type: 'PromoRedemption',
                code: use.code,
                holders,
                ...record,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ];
      };

      let withPlan = true;
      let useStart = 0;
      await transactUntilSettled(
        db,
        () => {
          const head = [withPlan ? planPut() : null, pendingPut()].filter((item) => item !== null);
          useStart = head.length;
          return [...head, ...(redemption ? redemptionWrites(redemption) : [])];
        },
        undefined,
        (reasons) => {
          const failed = (index: number) => reasons[index] === 'ConditionalCheckFailed';
          if (redemption && failed(useStart)) throw new PromoRedemptionRefused('used-up');
          if (redemption && reasons.slice(useStart + 1).some((code) => code === 'ConditionalCheckFailed')) {
            throw new PromoRedemptionRefused('already-used');
          }
          if (withPlan && plan && failed(0)) {
            // The plan is already recorded in a newer state (Stripe answered first): the rest is still written.
            withPlan = false;
            return 'again';
          }
          return null;
        },
      );
    },
  };
}
