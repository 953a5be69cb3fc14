import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { queryAll } from '#functions/adapters/dynamodb/query-all';

/**
 * Items a host may have a limited number of (API keys, webhook endpoints: issue 29). They are stored under the host
 * (`USER#{hostId}`, their sort keys sharing a prefix), and the host's count of them is an item of its own
 * (`USER#{hostId}` and a fixed sort key) moved by the same transactions that create and delete one: the creation's
 * condition is the per-host maximum, so parallel creations cannot pass it.
 */

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Whether a cancelled transaction failed the condition of its item at `index`, or of any item when no index is given
 * (false for any other error).
 */
export const conditionFailed = (error: unknown, index?: number): boolean =>
  error instanceof TransactionCanceledException &&
  (error.CancellationReasons ?? []).some(
    (reason, at) => (index === undefined || at === index) && reason.Code === 'ConditionalCheckFailed',
  );

export interface HostLimitedItems {
  /** Every item of the host under the prefix (all pages). */
  list(hostId: string): Promise<Record<string, unknown>[]>;
  /** Writes `items` with the count one up, unless the host has `max` already ('tooMany'). */
  create(hostId: string, max: number, items: TransactItem[]): Promise<'created' | 'tooMany'>;
  /**
   * Writes `items` (the first: the deletion of the item, on the condition that it exists) with the count one down;
   * false when the first item's condition failed (it was gone already).
   */
  delete(hostId: string, items: TransactItem[]): Promise<boolean>;
}

export function hostLimitedItems(
  db: DynamoDBDocumentClient,
  tableName: string,
  options: {
    /** The sort-key prefix of the items under `USER#{hostId}`. */
    prefix: string;
    /** Lists with strongly consistent reads. */
    consistentList?: boolean;
    /** The count's item (its key, its `type`) and the attribute that holds the number. */
    counter: { key: (hostId: string) => Record<string, string>; type: string; attribute: string };
  },
): HostLimitedItems {
  const { counter } = options;
  return {
    list: (hostId) =>
      queryAll(db, tableName, {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(hostId), ':prefix': options.prefix },
        ...(options.consistentList ? { ConsistentRead: true } : {}),
      }),

    async create(hostId, max, items) {
      const countUp: TransactItem = {
        Update: {
          TableName: tableName,
          Key: counter.key(hostId),
          UpdateExpression: 'SET #type = :type ADD #count :one',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#type': 'type', '#count': counter.attribute },
          ExpressionAttributeValues: { ':type': counter.type, ':one': 1, ':max': max },
        },
      };
      try {
        await db.send(new TransactWriteCommand({ TransactItems: [countUp, ...items] }));
        return 'created';
      } catch (error) {
        if (conditionFailed(error, 0)) return 'tooMany';
        throw error;
      }
    },

    async delete(hostId, items) {
      const countDown: TransactItem = {
        Update: {
          TableName: tableName,
          Key: counter.key(hostId),
          UpdateExpression: 'ADD #count :minusOne',
          ExpressionAttributeNames: { '#count': counter.attribute },
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      };
      try {
        await db.send(new TransactWriteCommand({ TransactItems: [...items, countDown] }));
        return true;
      } catch (error) {
        if (conditionFailed(error, 0)) return false;
        throw error;
      }
    },
  };
}
