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
  /**
   * The table's change stream, with each item's old and new image: the outbox (docs/architecture.md). A booking write
   * stays one transaction and sends nothing itself; the stream jobs (shared/jobs.ts `streamJobs`) see the change and
   * send the e-mails and set the timers. In the cloud an event source mapping feeds them; on one machine the local
   * runner's stream poller (infra/local/stream-poller.ts) reads DynamoDB Local's stream.
   */
  stream: 'NEW_AND_OLD_IMAGES',
  globalSecondaryIndexes: [
    /** Generic inverted/listing index: gsi1pk groups items (e.g. "CONTACT"), gsi1sk orders them (e.g. a timestamp). */
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  ],
} as const;

export type TableDefinition = typeof tableDefinition;
