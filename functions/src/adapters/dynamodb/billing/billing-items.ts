import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import type { PaymentRecord, PaymentStatus, PlanRecord } from '#functions/domain/billing';
import type { PendingPayment } from '#functions/ports/billing';

/** The billing items of the table (plans, payments, pending payments) and the condition that orders their writes. */

export type Item = Record<string, unknown>;
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A pending payment is looked for when the browser comes back from paying: two days is plenty. */
export const PENDING_TTL_SECONDS = 2 * 24 * 3600;

/** The item of a pending payment (written by savePending, and by startPurchase in the purchase's transaction). */
export const pendingPaymentItem = (pending: PendingPayment): Item => ({
  ...keys.pendingPayment(pending.paymentIntentId),
  type: 'PendingPayment',
  ...pending,
  expiresAt: Math.floor(Date.now() / 1000) + PENDING_TTL_SECONDS,
});

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

export const PAYMENT_FIELDS = [
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

export function toPayment(item: Item): PaymentRecord {
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

export const pick = <T extends object>(record: T, fields: readonly (keyof T)[]): Item =>
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
export const NEWER_STATE_CONDITION =
  'attribute_not_exists(pk) OR stateAt < :at OR (stateAt = :at AND statusRank <= :rank) OR attribute_not_exists(statusRank)';
