import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';

import type { OnceGuard } from '#functions/ports';

/** How long a side effect's record keeps it from running again: beyond every redelivery (stream records live 24 h). */
const REMEMBER_SECONDS = 7 * 24 * 3600;

/**
 * The OnceGuard on AWS Lambda Powertools' idempotency utility with its DynamoDB store, in our one table: a record
 * per id (pk `NOTICES`, sk `notice#{hash of the id}`, expiring through the table's TTL attribute). The first caller
 * writes it "in progress" on the condition that none exists (or the one there expired), runs the work and stores
 * its answer; a later caller gets the stored answer without running the work; a caller while it is in progress
 * gets IdempotencyAlreadyInProgressError (its stream record or timer is retried later). Work that throws deletes
 * the record, so a failed send is tried again. With the Lambda context registered, an in-progress record left by a
 * function that timed out expires with that invocation.
 */
export function powertoolsOnce(
  client: DynamoDBClient,
  tableName: string,
): OnceGuard & { registerLambdaContext(context: Context): void } {
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName,
    keyAttr: 'pk',
    sortKeyAttr: 'sk',
    staticPkValue: 'NOTICES',
    expiryAttr: 'expiresAt',
    awsSdkV3Client: client,
  });
  const config = new IdempotencyConfig({ expiresAfterSeconds: REMEMBER_SECONDS });
  const guarded = makeIdempotent(
    async (_request: { id: string }, work: () => Promise<unknown>): Promise<unknown> => work(),
    { persistenceStore, config, keyPrefix: 'notice', dataIndexArgument: 0 },
  );
  return {
    run: async <T>(id: string, work: () => Promise<T>) => (await guarded({ id }, work)) as T,
    registerLambdaContext: (context) => config.registerLambdaContext(context),
  };
}
