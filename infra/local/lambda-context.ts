import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

import { loadConfig } from '#functions/config';

/**
 * The context Lambda hands a function run, for the local runner's jobs (stream poller, timers, queue runner,
 * scheduled jobs): it names the function and the run, and has a real deadline. `getRemainingTimeInMillis()` counts
 * down from `timeoutMs` as Lambda's does from the function's timeout, and reaches 0 at the deadline.
 *
 * The jobs register it with the OnceGuard (functions/src/adapters/idempotency/powertools-once.ts), which writes the
 * deadline into each once-only record it marks "in progress". So a record left in progress by a run that never
 * finished (`kill -9`, a laptop's power cut, as a Lambda that timed out) expires at that deadline, and the runner's
 * retry of the work (the stream poller reads on from its checkpoint, a timer or queue message fires again after its
 * lease) does it then; a record whose deadline has not passed still keeps a second run away.
 *
 * Locally nothing stops a run at its deadline (Lambda would end it): a run that takes longer than its timeout only
 * lets a retry of the same work in early, which the local runners never start while a run holds its item (one
 * stream poller per job; timer and queue leases longer than the timeouts).
 */
export function localLambdaContext(functionName: string, timeoutMs: number, now: () => number = Date.now): Context {
  if (!(timeoutMs > 0)) throw new RangeError(`A job's timeout must be positive (${functionName}: ${timeoutMs} ms).`);
  const deadline = now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * Each kind of job's function timeout in the cloud (infra/cdk), which the local runner gives its runs:
 * - `stream`: the stream jobs (notifyBookingChanges, publishBookingPages), 2 minutes (infra/cdk/booking-lifecycle.ts);
 * - `timer`: the timer jobs (sendReminder, expirePendingBooking), 30 s (infra/cdk/booking-lifecycle.ts);
 * - `queue`: the queue jobs (deliverWebhook: DELIVERY_TIMEOUT in infra/cdk/webhooks.ts), 30 s;
 * - `scheduled`: the rate jobs (syncCalendars), 5 minutes (infra/cdk/api.ts).
 */
export const JOB_TIMEOUT_MS = {
  stream: 120_000,
  timer: 30_000,
  queue: 30_000,
  scheduled: 300_000,
} as const;

export type JobKind = keyof typeof JOB_TIMEOUT_MS;

/**
 * A kind of job's timeout on this machine: the cloud's ({@link JOB_TIMEOUT_MS}), or less when `limitSeconds`
 * (LOCAL_JOB_TIMEOUT_SECONDS) says so. A shorter timeout makes work interrupted by a crash come back sooner after a
 * restart (the crash-recovery test uses it); a run that really takes longer than it may then be repeated.
 */
export function localJobTimeoutMs(
  kind: JobKind,
  limitSeconds: number | undefined = loadConfig().localRunner.jobTimeoutSeconds,
): number {
  const cloud = JOB_TIMEOUT_MS[kind];
  return limitSeconds === undefined ? cloud : Math.min(cloud, limitSeconds * 1000);
}

/**
 * How long a local runner keeps an item it handed to a job (a queue message's lease, SQS's visibility timeout; a
 * timer's claim) before it hands it over again: six times the job's timeout, as AWS advises for a queue a function
 * consumes (and infra/cdk sets the queues' visibility timeouts). So work a killed runner had in hand comes back after
 * at most that long, when the once-only records it left "in progress" have long expired.
 */
export const localLeaseMs = (kind: JobKind, limitSeconds?: number): number =>
  6 * (limitSeconds === undefined ? localJobTimeoutMs(kind) : localJobTimeoutMs(kind, limitSeconds));
