import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';

import {
  NEWER_STATE_CONDITION,
  PAYMENT_FIELDS,
  pendingPaymentItem,
  pick,
  planItem,
  toPayment,
  toPlan,
  type Item,
  type TransactItem,
} from '#functions/adapters/dynamodb/billing/billing-items';
import { keys } from '#functions/adapters/dynamodb/keys';
import { queryAll as queryAllPages } from '#functions/adapters/dynamodb/query-all';
import { statusRank, type BillingOwner } from '#functions/domain/billing';
import type { BillingStore, PendingPayment } from '#functions/ports/billing';

/** DynamoDB's limit of items in one transaction. */
const TRANSACTION_LIMIT = 100;

/** An owner's plans, payments and Stripe customer, the pending payments, and a guest's plans moving to an account. */
export function plansAndPayments(
  db: DynamoDBDocumentClient,
  tableName: string,
): Pick<
  BillingStore,
  | 'plans'
  | 'payments'
  | 'getPlan'
  | 'savePlan'
  | 'savePayment'
  | 'customerOf'
  | 'setCustomer'
  | 'savePending'
  | 'findPending'
  | 'claimGuestPlans'
> {
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
          Item: pendingPaymentItem(pending),
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
  };
}
