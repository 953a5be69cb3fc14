import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';

import { normalizeEmail } from '#shared/email-address';
import { normalizePromoCode, PLAN_TYPES, type PromoCode } from '#shared/rules/pricing';
import { keys } from '#functions/adapters/dynamodb/keys';
import { queryAll as queryAllPages } from '#functions/adapters/dynamodb/query-all';
import {
  PromoRedemptionRefused,
  statusRank,
  type BillingOwner,
  type PaymentRecord,
  type PaymentStatus,
  type PlanRecord,
  type PromoBuyer,
  type PromoRedemption,
} from '#functions/domain/billing';
import type { BillingStore, PendingPayment } from '#functions/ports/billing';

type Item = Record<string, unknown>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A pending payment is looked for when the browser comes back from paying: two days is plenty. */
const PENDING_TTL_SECONDS = 2 * 24 * 3600;
/** DynamoDB's limit of items in one transaction. */
const TRANSACTION_LIMIT = 100;

const PLAN_FIELDS = [
  'id',
  'planType',
  'status',
  'createdAt',
  'currentPeriodEnd',
  'cancelAtPeriodEnd',
  'customerId',
  'promoCode',
  'stateAt',
] as const;

const PAYMENT_FIELDS = [
  'id',
  'planId',
  'planType',
  'amount',
  'status',
  'createdAt',
  'description',
  'paymentIntentId',
  'stateAt',
] as const;

export function toPlan(item: Item): PlanRecord {
  return {
    id: String(item.id),
    planType: item.planType as PlanRecord['planType'],
    status: String(item.status),
    createdAt: String(item.createdAt),
    currentPeriodEnd: (item.currentPeriodEnd as string | null) ?? null,
    cancelAtPeriodEnd: item.cancelAtPeriodEnd === true,
    customerId: (item.customerId as string | null) ?? null,
    promoCode: (item.promoCode as string | null) ?? null,
    stateAt: Number(item.stateAt ?? 0),
  };
}

function toPayment(item: Item): PaymentRecord {
  return {
    id: String(item.id),
    planId: String(item.planId),
    planType: item.planType as PaymentRecord['planType'],
    amount: Number(item.amount),
    status: item.status as PaymentStatus,
    createdAt: String(item.createdAt),
    description: String(item.description ?? ''),
    paymentIntentId: (item.paymentIntentId as string | null) ?? null,
    stateAt: Number(item.stateAt ?? 0),
  };
}

const pick = <T extends object>(record: T, fields: readonly (keyof T)[]): Item =>
  Object.fromEntries(fields.map((field) => [field, record[field] ?? null]));

/** The item of a plan (also written by the hosts adapter's setPlan for the demo seed and tests). */
export const planItem = (partition: string, plan: PlanRecord): Item => ({
  ...keys.plan(partition, plan.id),
  type: 'Plan',
  ...pick(plan, PLAN_FIELDS),
});

/**
 * Plans and payments as items: a conditional Put that holds only when no item is there or the stored state is
 * not newer (the ordering of domain/billing.ts isNewer, written as a condition so two writers racing cannot
 * undo each other): a later second wins; in the same second, a status at least as far along.
 */
const NEWER_STATE_CONDITION =
  'attribute_not_exists(pk) OR stateAt < :at OR (stateAt = :at AND statusRank <= :rank) OR attribute_not_exists(statusRank)';

/**
 * A promo code's uses, in the code's own partition: `USE#ACCOUNT#{id}` and `USE#EMAIL#{normalised e-mail}` (once
 * each), and per plan the record of which of those a use wrote (`PROMOREDEMPTION#{planId}`), so a use whose payment
 * never happened can be given back exactly.
 */
const promoUseKey = (code: string, holder: string) => ({ pk: keys.promoCode(code).pk, sk: `USE#${holder}` });
const redemptionKey = (planId: string) => ({ pk: `PROMOREDEMPTION#${planId}`, sk: 'REDEMPTION' });
const holdersOf = (buyer: PromoBuyer): string[] => [
  ...(buyer.accountId ? [`ACCOUNT#${buyer.accountId}`] : []),
  `EMAIL#${normalizeEmail(buyer.email)}`,
];

/**
 * The code's count grows only while the code is active and below its maximum (an item written before codes had a
 * maximum has none, and may not be used until an operator gives it one: docs/self-hosting.md).
 */
const PROMO_COUNT_CONDITION =
  'attribute_exists(pk) AND (attribute_not_exists(active) OR active = :true) AND ' +
  '((attribute_not_exists(redemptions) AND maxRedemptions > :zero) OR redemptions < maxRedemptions)';

/** Two transactions on one item at once: DynamoDB cancels one (TransactionConflict); it is tried again. */
const CONFLICT_RETRIES = 5;

/** What the caller makes of a cancelled transaction: write again (what `build` makes changed), a result, or neither. */
type Refusal<T> = 'again' | { result: T } | null;

/**
 * Writes one transaction, its items built anew for each attempt (none: nothing to write, `written` at once). A
 * cancellation goes to `refused` with each item's reason code ('None' for an item that was fine), which may throw;
 * when it answers neither another attempt nor a result, a TransactionConflict is tried again up to CONFLICT_RETRIES
 * times and anything else is thrown.
 */
async function transactUntilSettled<T>(
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

export function dynamoBilling(db: DynamoDBDocumentClient, tableName: string): BillingStore {
  const queryAll = (input: Omit<QueryCommandInput, 'TableName'>) => queryAllPages(db, tableName, input);

  const prefixed = (partition: string, prefix: string) =>
    queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
      ConsistentRead: true,
    });

  async function putIfNewer(item: Item, stateAt: number, status: string): Promise<boolean> {
    try {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...item, statusRank: statusRank(status) },
          ConditionExpression: NEWER_STATE_CONDITION,
          ExpressionAttributeValues: { ':at': stateAt, ':rank': statusRank(status) },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  return {
    async plans(owner) {
      return (await prefixed(keys.billingPartition(owner), keys.planPrefix)).map(toPlan);
    },

    async payments(owner) {
      return (await prefixed(keys.billingPartition(owner), keys.paymentPrefix)).map(toPayment);
    },

    async getPlan(owner, planId) {
      const { Item: item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.plan(keys.billingPartition(owner), planId),
          ConsistentRead: true,
        }),
      );
      return item ? toPlan(item) : null;
    },

    async savePlan(owner, plan) {
      return putIfNewer(planItem(keys.billingPartition(owner), plan), plan.stateAt, plan.status);
    },

    async savePayment(owner, payment) {
      const partition = keys.billingPartition(owner);
      return putIfNewer(
        { ...keys.payment(partition, payment.planId, payment.id), type: 'Payment', ...pick(payment, PAYMENT_FIELDS) },
        payment.stateAt,
        payment.status,
      );
    },

    async customerOf(owner) {
      const { Item: item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.billingCustomer(keys.billingPartition(owner)),
          ConsistentRead: true,
        }),
      );
      return item ? String(item.customerId) : null;
    },

    async setCustomer(owner, customerId) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.billingCustomer(keys.billingPartition(owner)), type: 'BillingCustomer', customerId },
        }),
      );
    },

    async savePending(pending) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.pendingPayment(pending.paymentIntentId),
            type: 'PendingPayment',
            ...pending,
            expiresAt: Math.floor(Date.now() / 1000) + PENDING_TTL_SECONDS,
          },
        }),
      );
    },

    async findPending(paymentIntentId) {
      const { Item: item } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.pendingPayment(paymentIntentId), ConsistentRead: true }),
      );
      if (!item) return null;
      return {
        paymentIntentId: String(item.paymentIntentId),
        owner: item.owner as PendingPayment['owner'],
        planId: String(item.planId),
        planType: item.planType as PendingPayment['planType'],
      };
    },

    async claimGuestPlans(email, accountId) {
      const guest: BillingOwner = { kind: 'guest', email };
      const account: BillingOwner = { kind: 'account', accountId };
      const from = keys.billingPartition(guest);
      const to = keys.billingPartition(account);
      const items = await queryAll({
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': from },
        ConsistentRead: true,
      });
      if (items.length === 0) return 0;
      const hasCustomer = (await this.customerOf(account)) !== null;
      // Each item moves in one transaction with its deletion, so a move interrupted halfway can be run again: what
      // moved is gone from the guest's partition, what did not is still there.
      const writes: TransactItem[][] = [];
      for (const item of items) {
        const sk = String(item.sk);
        const pair: TransactItem[] = [
          { Delete: { TableName: tableName, Key: { pk: from, sk } } },
          ...(sk === keys.billingCustomer('').sk && hasCustomer
            ? []
            : [{ Put: { TableName: tableName, Item: { ...item, pk: to } } }]),
        ];
        const last = writes.at(-1);
        if (last && last.length + pair.length <= TRANSACTION_LIMIT) last.push(...pair);
        else writes.push(pair);
      }
      for (const transactItems of writes) {
        await db.send(new TransactWriteCommand({ TransactItems: transactItems }));
      }
      return items.filter((item) => String(item.sk).startsWith(keys.planPrefix)).length;
    },

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
            Item: {
              ...keys.pendingPayment(pending.paymentIntentId),
              type: 'PendingPayment',
              ...pending,
              expiresAt: Math.floor(Date.now() / 1000) + PENDING_TTL_SECONDS,
            },
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
