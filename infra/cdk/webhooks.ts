import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

import type { RouteDefinition, RouteNeeds } from '#shared/api/routes';
import { queueJobs, type QueueJobDefinition } from '#shared/jobs';
import type { FunctionFactory } from '#infra/cdk/api';
import { notifyOnAlarms, workQueue } from '#infra/cdk/work-queue';

/**
 * The integration routes (issue 29: /api/webhooks…, /api/api-keys…, /api/openapi.json) live in a nested stack of
 * their own ("Webhooks"), with the delivery path below: eleven routes of six resources each would take the main stack
 * past CloudFormation's 500 resources.
 */
export const isIntegrationRoute = (route: RouteDefinition): boolean =>
  /^\/api\/(?:webhooks|api-keys)(?:\/|$)/.test(route.path) || route.path === '/api/openapi.json';

/** How many times SQS hands a message to the job before it goes to the dead-letter queue. */
export const DELIVERY_MAX_RECEIVES = 5;
/** The backlog alarm: the oldest message of the delivery queue has waited this long (a delay is 15 minutes at most). */
export const BACKLOG_ALARM_MINUTES = 30;
/** The delivery job's timeout: an attempt waits 10 s at most (name resolution included), a batch's run in parallel. */
export const DELIVERY_TIMEOUT = Duration.seconds(30);

export interface WebhookDeliveryProps {
  /** The route functions' factory (api.ts): same bundling, runtime, logs, tracing, environment and `needs` grants. */
  makeFunction: FunctionFactory;
  /** Folder of the job files, `{name}.ts` each exporting `handler`. */
  jobsDir: string;
  /** The key that seals the signing secrets (the calendar token key, envelope encryption). */
  tokenKey: kms.IKey;
  /** Default: queueJobs.deliverWebhook. */
  job?: QueueJobDefinition;
}

/**
 * Webhook delivery in the cloud (issue 29, docs/architecture.md "After the write"):
 * - the delivery queue (SQS, encrypted, TLS only): one message per attempt, delayed until its time (15 minutes at
 *   most: a longer wait is sent on in hops by the job); a message its job failed on 5 times (the table, the key or the
 *   queue failing, never a receiver's answer, which is logged and retried as a new message) goes to the dead-letter
 *   queue (14 days), whose first message raises an alarm to the operator;
 * - the delivery job (functions/src/jobs/deliverWebhook.ts), fed by an SQS event source mapping (batches of 10,
 *   partial batch failures): it reads and writes the table (the endpoint, its log), opens signing secrets (kms:Decrypt
 *   on the token key only), sends on its own queue (retries and hops), and mails an endpoint's owner when it is
 *   switched off;
 * - `grant`: what each user of the queue may do, from its `needs.webhooks`: `enqueue` (the stream job, the test and
 *   redeliver routes) sqs:SendMessage on this queue and its URL in WEBHOOK_QUEUE_URL, `seal` (adding an endpoint)
 *   kms:GenerateDataKey on the token key; nothing else.
 */
export class WebhookDelivery extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;
  readonly deadLetterAlarm: cloudwatch.Alarm;
  /** The delivery queue is not being worked off: its oldest message has waited too long. */
  readonly backlogAlarm: cloudwatch.Alarm;
  /** The delivery job's function. */
  readonly worker: lambda.Function;
  private readonly tokenKey: kms.IKey;

  constructor(scope: Construct, id: string, props: WebhookDeliveryProps) {
    super(scope, id);
    this.tokenKey = props.tokenKey;
    const job = props.job ?? queueJobs.deliverWebhook;
    // Retention (4 days): longer than any wait of the schedule (10 h), hops included. A work queue, not a dead-letter
    // queue: messages wait in it by design (delays of 15 minutes at most), so its alarm is on the age of the oldest
    // one: past 30 minutes the job is not keeping up (failing, throttled, switched off).
    ({
      queue: this.queue,
      deadLetters: this.deadLetters,
      deadLetterAlarm: this.deadLetterAlarm,
      backlogAlarm: this.backlogAlarm,
    } = workQueue(this, {
      prefix: 'Delivery',
      queueId: 'Deliveries',
      consumerTimeout: DELIVERY_TIMEOUT,
      maxReceives: DELIVERY_MAX_RECEIVES,
      backlogMinutes: BACKLOG_ALARM_MINUTES,
      deadLetterNagReason: `This queue is itself a dead-letter queue: the webhook delivery queue's messages that ${job.name} failed on ${DELIVERY_MAX_RECEIVES} times.`,
      deadLetterAlarmDescription: `${job.name}: webhook messages it failed on ${DELIVERY_MAX_RECEIVES} times (the table, the key or the queue failing) are in its dead-letter queue; those events were not delivered. See docs/operations.md.`,
      backlogAlarmDescription: `${job.name}: the oldest webhook message has waited over ${BACKLOG_ALARM_MINUTES} minutes in the delivery queue (the job is failing or throttled); deliveries are late. See docs/operations.md.`,
    }));

    this.worker = props.makeFunction(
      job.name,
      path.join(props.jobsDir, `${job.name}.ts`),
      `Queue job ${job.name} (webhook deliveries): ${job.summary}`,
      job.needs,
      DELIVERY_TIMEOUT,
      this,
    );
    this.worker.addEventSource(new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }));
    this.grant(this.worker, job.needs);
  }

  /** What `needs.webhooks` asks of the delivery path (nothing when it asks nothing). */
  grant(fn: lambda.Function, needs: RouteNeeds): void {
    const use = needs.webhooks;
    if (!use) return;
    if (use === 'enqueue' || use === 'deliver') {
      fn.addEnvironment('WEBHOOK_QUEUE_URL', this.queue.queueUrl);
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
    }
    if (use === 'seal' || use === 'deliver') {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: [use === 'seal' ? 'kms:GenerateDataKey' : 'kms:Decrypt'],
          resources: [this.tokenKey.keyArn],
        }),
      );
    }
  }

  /** The alarms notify `topic` when they fire and when they recover (as operations.ts does). */
  notify(topic: sns.ITopic): void {
    notifyOnAlarms(topic, [this.deadLetterAlarm, this.backlogAlarm]);
  }
}
