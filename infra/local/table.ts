import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';

import { tableDefinition as def } from '#infra/table-definition';

/**
 * Creates the table from the shared definition unless it exists, and turns its TTL and its stream on. Idempotent: an
 * existing table keeps its stream (and so its stream ARN, which the stream poller's checkpoint names); a table made
 * before the stream was part of the definition (a developer's `.data` from before) gets it enabled.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'existing'> {
  let outcome: 'created' | 'existing' = 'existing';
  let existing: TableDescription | undefined;
  try {
    existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
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
        StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream },
      }),
    );
    outcome = 'created';
  }
  if (existing) await ensureStream(client, tableName, existing);
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

/**
 * Turns the stream of an existing table on when it is off. A stream of another view type (never made by this code)
 * cannot be changed in place, so it is turned off and on again: a new stream, whose ARN starts the poller afresh.
 */
async function ensureStream(client: DynamoDBClient, tableName: string, table: TableDescription): Promise<void> {
  const stream = table.StreamSpecification;
  if (stream?.StreamEnabled && stream.StreamViewType === def.stream) return;
  if (stream?.StreamEnabled) {
    await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }));
  }
  await client.send(
    new UpdateTableCommand({
      TableName: tableName,
      StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream },
    }),
  );
}

/** The ARN of the table's current stream (DescribeTable's LatestStreamArn); fails when its stream is off. */
export async function tableStreamArn(client: DynamoDBClient, tableName: string): Promise<string> {
  const { Table: table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (!table?.StreamSpecification?.StreamEnabled || !table.LatestStreamArn) {
    throw new Error(`The table "${tableName}" has no stream; ensureTable (infra/local/table.ts) turns it on.`);
  }
  return table.LatestStreamArn;
}
