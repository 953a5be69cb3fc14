import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';

import { normalizePromoCode, type PromoCode } from '#shared/rules/pricing';
import { keys } from '#functions/adapters/dynamodb/keys';
import { queryAll as queryAllPages } from '#functions/adapters/dynamodb/query-all';
import {
  statusRank,
  type BillingOwner,
  type PaymentRecord,
  type PaymentStatus,
  type PlanRecord,
} from '#functions/domain/billing';
import type { BillingStore, PendingPayment } from '#functions/ports';

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
      const { Item: item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.promoCode(normalized) }));
      if (!item) return null;
      return {
        code: String(item.code),
        kind: item.kind === 'percent' ? 'percent' : 'price',
        ...(item.prices ? { prices: item.prices as PromoCode['prices'] } : {}),
        ...(item.percent !== undefined && item.percent !== null ? { percent: Number(item.percent) } : {}),
        ...(Array.isArray(item.planTypes) ? { planTypes: item.planTypes as PromoCode['planTypes'] } : {}),
        ...(item.displayPercent !== undefined && item.displayPercent !== null
          ? { displayPercent: Number(item.displayPercent) }
          : {}),
        active: item.active !== false,
      };
    },

    async savePromoCode(promo) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.promoCode(normalizePromoCode(promo.code)), type: 'PromoCode', ...promo },
        }),
      );
    },
  };
}
