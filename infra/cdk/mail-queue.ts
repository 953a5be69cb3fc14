import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

import type { RouteNeeds } from '#shared/api/routes';
import { queueJobs, type QueueJobDefinition } from '#shared/jobs';
import { DEFAULT_MAIL_RATE_PER_SECOND } from '#functions/domain/mail-pacing';
import type { FunctionFactory } from '#infra/cdk/api';
import { acknowledgeNag } from '#infra/cdk/nag';
import { notifyOnAlarms, workQueue } from '#infra/cdk/work-queue';

/** The consumer's timeout: a batch of 10 at the slowest rate (1 a second, shared by 2) with room. */
export const MAIL_TIMEOUT = Duration.seconds(30);
/**
 * Consumers at once: the rate is held by the table's tokens whatever runs, so this only has to keep up with it. One
 * sends about 25 mails a second when tokens are not the limit (a batch of 10 in ~0.4 s); at least 2 (the mapping's
 * least), more for a raised rate (200 a second: 8).
 */
export const consumersFor = (ratePerSecond: number): number => Math.max(2, Math.ceil(ratePerSecond / 25));
/**
 * How many times SQS hands a message over before it goes to the dead-letter queue. A throttled mail comes back after
 * 2 s, 4 s … 15 min (domain/mail-pacing.ts): 50 receives are about 11 hours of SES refusing every send.
 */
export const MAIL_MAX_RECEIVES = 50;
/** The backlog alarm: the oldest mail has waited this long (a 1-hour reminder is then late by as much). */
export const MAIL_BACKLOG_ALARM_MINUTES = 10;

export interface BookingMailQueueProps {
  /** The route functions' factory (api.ts): same bundling, runtime, logs, tracing, environment and `needs` grants. */
  makeFunction: FunctionFactory;
  /** Folder of the job files, `{name}.ts` each exporting `handler`. */
  jobsDir: string;
  /**
   * The SES configuration set booking mail goes out with (bounces and complaints: BookingLifecycle's), by name: a
   * reference would tie this nested stack and the lifecycle's both ways (its jobs name this queue).
   */
  configurationSetName: string;
  /** The stage's sending rate (MAIL_RATE_PER_SECOND); default 14, SES's default. */
  ratePerSecond?: number;
  /** Default: queueJobs.sendBookingMail. */
  job?: QueueJobDefinition;
}

/**
 * Booking mail at the pace SES allows (issue 30, docs/scale.md):
 * - the mail queue (SQS, encrypted, TLS only): one message per mail, queued by the stream job and the reminder job
 *   (`needs.mailQueue: 'send'`: sqs:SendMessage on this queue only, and its URL in MAIL_QUEUE_URL);
 * - the consumer (functions/src/jobs/sendBookingMail.ts) fed by an SQS event source mapping: batches of 10, partial
 *   batch failures, at most 2 invocations at once, more for a higher rate (the messages waiting stay in the queue, not
 *   in throttled invocations);
 *   it keeps to the lower of SES's MaxSendRate (ses:GetSendQuota, which has no resource to scope to) and the stage's
 *   MAIL_RATE_PER_SECOND through per-second tokens in the table, and backs throttled sends off with
 *   ChangeMessageVisibility (which the mapping's own grant includes);
 * - a message it failed on 50 times goes to the dead-letter queue (14 days), whose first message raises an alarm; the
 *   backlog alarm fires when the oldest mail has waited 10 minutes (reminders are late by that much).
 */
export class BookingMailQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;
  readonly deadLetterAlarm: cloudwatch.Alarm;
  readonly backlogAlarm: cloudwatch.Alarm;
  /** The consumer's function. */
  readonly worker: lambda.Function;

  constructor(scope: Construct, id: string, props: BookingMailQueueProps) {
    super(scope, id);
    const job = props.job ?? queueJobs.sendBookingMail;
    const rate = props.ratePerSecond ?? DEFAULT_MAIL_RATE_PER_SECOND;
    if (!Number.isInteger(rate) || rate < 1 || rate > 100_000) {
      throw new Error(`mailRatePerSecond must be a whole number from 1 to 100000, got ${rate}.`);
    }
    ({
      queue: this.queue,
      deadLetters: this.deadLetters,
      deadLetterAlarm: this.deadLetterAlarm,
      backlogAlarm: this.backlogAlarm,
    } = workQueue(this, {
      prefix: 'Mail',
      queueId: 'Mails',
      consumerTimeout: MAIL_TIMEOUT,
      maxReceives: MAIL_MAX_RECEIVES,
      backlogMinutes: MAIL_BACKLOG_ALARM_MINUTES,
      deadLetterNagReason: `This queue is itself a dead-letter queue: the booking mail queue's messages that ${job.name} failed on ${MAIL_MAX_RECEIVES} times.`,
      deadLetterAlarmDescription: `${job.name}: booking mails it failed on ${MAIL_MAX_RECEIVES} times (SES refusing or throttling for hours, or the table failing) are in its dead-letter queue; they were not sent. See docs/operations.md.`,
      backlogAlarmDescription: `${job.name}: the oldest booking mail has waited over ${MAIL_BACKLOG_ALARM_MINUTES} minutes in the mail queue (SES's rate is too low for the load, SES is throttling, or the job is failing); mails and reminders are late. See docs/operations.md.`,
    }));

    this.worker = props.makeFunction(
      job.name,
      path.join(props.jobsDir, `${job.name}.ts`),
      `Queue job ${job.name} (booking mail): ${job.summary}`,
      job.needs,
      MAIL_TIMEOUT,
      this,
    );
    this.worker.addEnvironment('MAIL_RATE_PER_SECOND', String(rate));
    this.worker.addEnvironment('SES_CONFIGURATION_SET', props.configurationSetName);
    const stack = Stack.of(this);
    this.worker.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendRawEmail'],
        resources: [
          stack.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: props.configurationSetName,
          }),
        ],
      }),
    );
    this.worker.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:GetSendQuota'], resources: ['*'] }));
    acknowledgeNag(this.worker.role!, {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "ses:GetSendQuota reads the account's sending rate and has no resource to scope to (IAM: resource type none); it is this function's only wildcard.",
    });
    this.worker.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 10,
        reportBatchItemFailures: true,
        maxConcurrency: consumersFor(rate),
      }),
    );
  }

  /** What `needs.mailQueue` asks of the queue: its URL and sqs:SendMessage on it (nothing when it asks nothing). */
  grant(fn: lambda.Function, needs: RouteNeeds): void {
    if (needs.mailQueue !== 'send') return;
    fn.addEnvironment('MAIL_QUEUE_URL', this.queue.queueUrl);
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
  }

  /** The alarms notify `topic` when they fire and when they recover (as operations.ts does). */
  notify(topic: sns.ITopic): void {
    notifyOnAlarms(topic, [this.deadLetterAlarm, this.backlogAlarm]);
  }
}
