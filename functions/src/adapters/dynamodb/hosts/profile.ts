import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { planItem } from '#functions/adapters/dynamodb/billing/billing-items';
import { keys } from '#functions/adapters/dynamodb/keys';
import type { HostRepository } from '#functions/ports/hosts';

/** A host's profile written once, and a plan written as is. */
export type HostProfileWrites = Pick<HostRepository, 'createIfAbsent' | 'setPlan'>;

export function dynamoHostProfileWrites(db: DynamoDBDocumentClient, tableName: string): HostProfileWrites {
  return {
    async setPlan(hostId, plan) {
      await db.send(new PutCommand({ TableName: tableName, Item: planItem(keys.userPartition(hostId), plan) }));
    },

    async createIfAbsent(host) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.userProfile(host.id), type: 'User', ...host },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
  };
}
