import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import type { TransactItem } from '#functions/adapters/dynamodb/billing/billing-items';
import { promoUseKey, redemptionKey } from '#functions/adapters/dynamodb/billing/promo-codes';
import { transactUntilSettled } from '#functions/adapters/dynamodb/billing/transact-until-settled';
import { keys } from '#functions/adapters/dynamodb/keys';
import type { BillingOwner } from '#functions/domain/billing';
import type { BillingStore } from '#functions/ports/billing';

/** A promo code's use given back (its payment never happened) and recorded again (it was paid after all). */
export function promoRedemptions(
  db: DynamoDBDocumentClient,
  tableName: string,
): Pick<BillingStore, 'releaseRedemption' | 'restoreRedemption'> {
  return {
    async releaseRedemption(planId) {
      const { Item: record } = await db.send(
        new GetCommand({ TableName: tableName, Key: redemptionKey(planId), ConsistentRead: true }),
      );
      if (!record || record.released) return false;
      const code = String(record.code);
      const holders = (record.holders as string[] | undefined) ?? [];
      let count = true;
      return transactUntilSettled(
        db,
        (): TransactItem[] => [
          {
            // Kept, marked given back, so a payment made after all records it again (restoreRedemption).
            Update: {
              TableName: tableName,
              Key: redemptionKey(planId),
              UpdateExpression: 'SET released = :true',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(released)',
              ExpressionAttributeValues: { ':true': true },
            },
          },
          ...holders.map((holder): TransactItem => ({
            Delete: {
              TableName: tableName,
              Key: promoUseKey(code, holder),
              ConditionExpression: 'attribute_not_exists(pk) OR planId = :planId',
              ExpressionAttributeValues: { ':planId': planId },
            },
          })),
          ...(count
            ? [
                {
                  Update: {
                    TableName: tableName,
                    Key: keys.promoCode(code),
                    UpdateExpression: 'SET redemptions = redemptions - :one',
                    ConditionExpression: 'redemptions > :zero',
                    ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
                  },
                },
              ]
            : []),
        ],
        true,
        (reasons) => {
          // Already given back by another caller: nothing to do.
          if (reasons[0] === 'ConditionalCheckFailed') return { result: false };
          // The count is already at zero (an operator reset it, or the code was written again): it stays there.
          if (count && reasons.at(-1) === 'ConditionalCheckFailed') {
            count = false;
            return 'again';
          }
          return null;
        },
      );
    },

    async restoreRedemption(planId) {
      const { Item: record } = await db.send(
        new GetCommand({ TableName: tableName, Key: redemptionKey(planId), ConsistentRead: true }),
      );
      if (!record?.released) return false;
      const code = String(record.code);
      const use = { planId, owner: record.owner as BillingOwner, at: String(record.at) };
      let holders = (record.holders as string[] | undefined) ?? [];
      return transactUntilSettled(
        db,
        (): TransactItem[] => [
          {
            Update: {
              TableName: tableName,
              Key: redemptionKey(planId),
              UpdateExpression: 'SET holders = :holders REMOVE released',
              ConditionExpression: 'released = :true',
              ExpressionAttributeValues: { ':holders': holders, ':true': true },
            },
          },
          {
            // The money was taken: counted even past the maximum, or on a code made inactive meanwhile.
            Update: {
              TableName: tableName,
              Key: keys.promoCode(code),
              UpdateExpression: 'SET redemptions = if_not_exists(redemptions, :zero) + :one',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
            },
          },
          ...holders.map((holder): TransactItem => ({
            Put: {
              TableName: tableName,
              Item: { ...promoUseKey(code, holder), type: 'PromoUse', code, ...use },
              ConditionExpression: 'attribute_not_exists(pk) OR planId = :planId',
              ExpressionAttributeValues: { ':planId': planId },
            },
          })),
        ],
        true,
        (reasons) => {
          // Already recorded again by another caller: nothing to do.
          if (reasons[0] === 'ConditionalCheckFailed') return { result: false };
          // An account's or address's use now held by another plan stays with it (that plan gives back only its own).
          const held = holders.filter((_, index) => reasons[index + 2] === 'ConditionalCheckFailed');
          if (held.length === 0) return null;
          holders = holders.filter((holder) => !held.includes(holder));
          return 'again';
        },
      );
    },
  };
}
