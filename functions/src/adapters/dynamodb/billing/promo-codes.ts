import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { normalizeEmail } from '#shared/email-address';
import { normalizePromoCode, PLAN_TYPES, type PromoCode } from '#shared/rules/pricing';
import { keys } from '#functions/adapters/dynamodb/keys';
import type { BillingOwner, PromoBuyer } from '#functions/domain/billing';
import type { BillingStore } from '#functions/ports/billing';

/**
 * A promo code's uses, in the code's own partition: `USE#ACCOUNT#{id}` and `USE#EMAIL#{normalised e-mail}` (once
 * each), and per plan the record of which of those a use wrote (`PROMOREDEMPTION#{planId}`), so a use whose payment
 * never happened can be given back exactly.
 */
export const promoUseKey = (code: string, holder: string) => ({ pk: keys.promoCode(code).pk, sk: `USE#${holder}` });
export const redemptionKey = (planId: string) => ({ pk: `PROMOREDEMPTION#${planId}`, sk: 'REDEMPTION' });
export const holdersOf = (buyer: PromoBuyer): string[] => [
  ...(buyer.accountId ? [`ACCOUNT#${buyer.accountId}`] : []),
  `EMAIL#${normalizeEmail(buyer.email)}`,
];

/**
 * The code's count grows only while the code is active and below its maximum (an item written before codes had a
 * maximum has none, and may not be used until an operator gives it one: docs/self-hosting.md).
 */
export const PROMO_COUNT_CONDITION =
  'attribute_exists(pk) AND (attribute_not_exists(active) OR active = :true) AND ' +
  '((attribute_not_exists(redemptions) AND maxRedemptions > :zero) OR redemptions < maxRedemptions)';

const PROMO_FIELDS = [
  'code',
  'kind',
  'prices',
  'percent',
  'planTypes',
  'displayPercent',
  'active',
  'maxRedemptions',
] as const;

/** The promo codes and the uses an account or e-mail address has made of one. */
export function promoCodes(
  db: DynamoDBDocumentClient,
  tableName: string,
): Pick<BillingStore, 'promoCode' | 'savePromoCode' | 'promoUses'> {
  return {
    async promoCode(normalized) {
      const { Item: item } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.promoCode(normalized), ConsistentRead: true }),
      );
      if (!item) return null;
      return {
        code: String(item.code),
        kind: item.kind === 'percent' ? 'percent' : 'price',
        ...(item.prices ? { prices: item.prices as PromoCode['prices'] } : {}),
        ...(item.percent !== undefined && item.percent !== null ? { percent: Number(item.percent) } : {}),
        // Only the plans the item names (an item without the list applies to no plan).
        planTypes: Array.isArray(item.planTypes)
          ? (item.planTypes as unknown[]).filter((plan): plan is PromoCode['planTypes'][number] =>
              (PLAN_TYPES as readonly unknown[]).includes(plan),
            )
          : [],
        ...(item.displayPercent !== undefined && item.displayPercent !== null
          ? { displayPercent: Number(item.displayPercent) }
          : {}),
        active: item.active !== false,
        // An item without a maximum may not be used (see PROMO_COUNT_CONDITION).
        maxRedemptions: Number(item.maxRedemptions ?? 0) || 0,
        redemptions: Number(item.redemptions ?? 0) || 0,
      };
    },

    async savePromoCode(promo) {
      // An update, not a put: the count of uses already made stays as it is.
      const set = PROMO_FIELDS.filter((field) => promo[field] !== undefined);
      const remove = PROMO_FIELDS.filter((field) => promo[field] === undefined);
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.promoCode(normalizePromoCode(promo.code)),
          UpdateExpression:
            `SET #type = :type, ${set.map((field) => `#${field} = :${field}`).join(', ')}` +
            (remove.length ? ` REMOVE ${remove.map((field) => `#${field}`).join(', ')}` : ''),
          ExpressionAttributeNames: Object.fromEntries([
            ['#type', 'type'],
            ...PROMO_FIELDS.map((field) => [`#${field}`, field]),
          ]),
          ExpressionAttributeValues: Object.fromEntries([
            [':type', 'PromoCode'],
            ...set.map((field) => [`:${field}`, promo[field]]),
          ]),
        }),
      );
    },

    async promoUses(code, buyer) {
      const found = await Promise.all(
        holdersOf(buyer).map(async (holder) => {
          const { Item: item } = await db.send(
            new GetCommand({ TableName: tableName, Key: promoUseKey(code, holder), ConsistentRead: true }),
          );
          return item ? { planId: String(item.planId), owner: item.owner as BillingOwner } : null;
        }),
      );
      return found.filter((use) => use !== null);
    },
  };
}
