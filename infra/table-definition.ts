/**
 * The one DynamoDB table, described once. The CDK stack (infra/cdk) and the local runner (infra/local)
 * both build their table from this, so keys, indexes and the TTL attribute cannot drift apart.
 * Item layout: functions/src/adapters/dynamodb/README.md.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Items carrying this attribute (epoch seconds) are deleted by DynamoDB after that time. */
  ttlAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    /** Generic inverted/listing index: gsi1pk groups items (e.g. "CONTACT"), gsi1sk orders them (e.g. a timestamp). */
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  ],
} as const;

export type TableDefinition = typeof tableDefinition;
