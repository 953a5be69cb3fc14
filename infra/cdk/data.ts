import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';

import { tableDefinition } from '#infra/table-definition';

/**
 * The one DynamoDB table, built from infra/table-definition.ts (shared with the local runner).
 *
 * TableV2 (AWS::DynamoDB::GlobalTable) rather than Table: it is the construct AWS recommends for new tables,
 * and replicas in other regions can be added later without replacing the table (moving a Table to a global
 * table means a retain-and-import migration of live data).
 */
export class DataTable extends Construct {
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    const stringKey = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: stringKey(tableDefinition.partitionKey),
      sortKey: stringKey(tableDefinition.sortKey),
      globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      })),
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      // The outbox: the booking lifecycle's stream jobs read every change (booking-lifecycle.ts).
      dynamoStream: dynamodb.StreamViewType[tableDefinition.stream],
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      // Encrypted under the account's AWS managed key for DynamoDB (aws/dynamodb) rather than DynamoDB's default AWS
      // owned key: its use shows in the account's CloudTrail, at no monthly cost, and the functions need no grant.
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      // The data outlives the stack: deleting the stack must never delete bookings and accounts.
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
