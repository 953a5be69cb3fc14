import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';

import { tableDefinition as def } from '#infra/table-definition';

/** Creates the table from the shared definition unless it exists, and turns its TTL on. Idempotent. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'existing'> {
  let outcome: 'created' | 'existing' = 'existing';
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    const attributes = new Set<string>([def.partitionKey, def.sortKey]);
    def.globalSecondaryIndexes.forEach((index) => {
      attributes.add(index.partitionKey);
      attributes.add(index.sortKey);
    });
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: def.partitionKey, KeyType: 'HASH' },
          { AttributeName: def.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: def.globalSecondaryIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    outcome = 'created';
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true },
      }),
    );
  }
  return outcome;
}
