import { createHash } from 'node:crypto';
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { AttributeValue, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';

import type { OnceGuard } from '#functions/ports/core';

/** How long a side effect's record keeps it from running again: beyond every redelivery (stream records live 24 h). */
const REMEMBER_SECONDS = 7 * 24 * 3600;

/** The longest a Lambda function runs (15 minutes): the deadline of work whose run registered no context. */
export const LONGEST_RUN_MS = 15 * 60_000;

/** A booking id (uuidIds: a UUID). */
const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The partition key of a once-only record: `NOTICE#{booking id}` when the id is a booking's (`{booking id}:…`, as
 * every booking mail's and reminder's is: domain/notices.ts, app/mail/booking-notices.ts), else `NOTICE#{hash of the
 * id}` (22 base64url characters of its SHA-256: team invitations, webhook messages, Stripe events). No key takes a
 * burst: 341 reminders due in one second are 341 bookings, so 341 partitions, not one.
 */
export function oncePartition(id: string): string {
  const first = id.slice(0, id.indexOf(':'));
  if (BOOKING_ID.test(first)) return `NOTICE#${first.toLowerCase()}`;
  return `NOTICE#${createHash('sha256').update(id).digest('base64url').slice(0, 22)}`;
}

/** Between the partition and Powertools' own key inside the key Powertools passes around (in neither of them). */
const SEPARATOR = ' ';

/**
 * Powertools' DynamoDB store with the partition key taken from the once id ({@link oncePartition}) instead of one
 * static value; the sort key stays Powertools' own (`notice#{hash of the id}`).
 */
class PartitionedPersistenceLayer extends DynamoDBPersistenceLayer {
  protected override getHashedIdempotencyKey(data: JSONValue): string {
    const id = (data as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') throw new TypeError('A once-only record needs its id.');
    return `${oncePartition(id)}${SEPARATOR}${super.getHashedIdempotencyKey(data)}`;
  }

  protected override getKey(idempotencyKey: string): Record<string, AttributeValue> {
    const at = idempotencyKey.indexOf(SEPARATOR);
    return { pk: { S: idempotencyKey.slice(0, at) }, sk: { S: idempotencyKey.slice(at + 1) } };
  }
}

/**
 * The OnceGuard on AWS Lambda Powertools' idempotency utility with its DynamoDB store, in our one table: a record
 * per id (pk {@link oncePartition}, sk `notice#{hash of the id}`, expiring through the table's TTL attribute). The
 * first caller writes it "in progress" on the condition that none exists (or the one there expired), runs the work
 * and stores its answer; a later caller gets the stored answer without running the work; a caller while it is in
 * progress gets IdempotencyAlreadyInProgressError (its stream record or timer is retried later). Work that throws
 * deletes the record, so a failed send is tried again.
 *
 * An "in progress" record carries the deadline of the run that wrote it (Powertools' in-progress expiry): a run that
 * never finished (a Lambda that timed out, a local runner killed) leaves a record that expires at that deadline, and
 * the work's retry then does it. The deadline is the registered Lambda context's; with several runs at once in one
 * process (the local runner's jobs), the latest of their deadlines, so no record expires while a run may still hold
 * it; with none registered (a route), Lambda's longest run ({@link LONGEST_RUN_MS}), never the record's 7 days; for
 * a run already past its deadline (which only the local runner lets go on), at once.
 */
export function powertoolsOnce(
  client: DynamoDBClient,
  tableName: string,
  now: () => number = Date.now,
): OnceGuard & { registerLambdaContext(context: Context): void } {
  const persistenceStore = new PartitionedPersistenceLayer({
    tableName,
    keyAttr: 'pk',
    sortKeyAttr: 'sk',
    expiryAttr: 'expiresAt',
    awsSdkV3Client: client,
  });
  const config = new IdempotencyConfig({ expiresAfterSeconds: REMEMBER_SECONDS });
  const deadlines = new Set<number>();
  let registered = false;
  config.registerLambdaContext({
    getRemainingTimeInMillis: () => {
      const at = now();
      for (const deadline of deadlines) if (deadline <= at) deadlines.delete(deadline);
      if (deadlines.size > 0) return Math.max(...deadlines) - at;
      // A run past its deadline (only the local runner lets one go on): its records expire at once, not never.
      return registered ? 1 : LONGEST_RUN_MS;
    },
  } as Context);
  const guarded = makeIdempotent(
    async (_request: { id: string }, work: () => Promise<unknown>): Promise<unknown> => work(),
    { persistenceStore, config, keyPrefix: 'notice', dataIndexArgument: 0 },
  );
  return {
    run: async <T>(id: string, work: () => Promise<T>) => (await guarded({ id }, work)) as T,
    registerLambdaContext: (context) => {
      registered = true;
      const at = now();
      for (const deadline of deadlines) if (deadline <= at) deadlines.delete(deadline);
      const remaining = context.getRemainingTimeInMillis();
      if (remaining > 0) deadlines.add(at + remaining);
    },
  };
}
