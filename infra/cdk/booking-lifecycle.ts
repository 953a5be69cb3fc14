import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

import type { RouteNeeds } from '#shared/api/routes';
import {
  streamFilterPatterns,
  streamJobTable,
  timerJobTable,
  type StreamJobDefinition,
  type TimerJobDefinition,
} from '#shared/jobs';
import type { FunctionFactory } from '#infra/cdk/api';
import { deadLetterQueue, firstMessageAlarm } from '#infra/cdk/dead-letters';
import { acknowledgeNag } from '#infra/cdk/nag';
import { rootStackOf } from '#infra/cdk/stage';

/** What a stream job is given, for its function's description: "Booking inserts and changes; Event removals". */
function streamJobScope(job: StreamJobDefinition): string {
  return job.filters
    .map((filter) => `${filter.types.join(', ')} ${filter.changes.map((change) => change.toLowerCase()).join('/')}`)
    .join('; ');
}

/** The job SES's bounce and complaint events go to: functions/src/jobs/recordMailSuppression.ts (SNSEvent). */
export const mailSuppressionJob: { name: string; summary: string; needs: RouteNeeds } = {
  name: 'recordMailSuppression',
  summary: 'Records the addresses SES reports as bounced or complaining, so they get no more booking mail.',
  needs: { table: 'readwrite' },
};

export interface BookingLifecycleProps {
  /** The table, with its stream (NEW_AND_OLD_IMAGES): the stream jobs read it. */
  table: dynamodb.ITableV2;
  /** The route functions' factory (api.ts): same bundling, runtime, logs, tracing, environment and `needs` grants. */
  makeFunction: FunctionFactory;
  /** Folder of the job files, `{name}.ts` each exporting `handler`. */
  jobsDir: string;
  /** Default: every stream job of shared/jobs.ts. */
  streamJobs?: readonly StreamJobDefinition[];
  /** Default: every timer job of shared/jobs.ts. */
  timerJobs?: readonly TimerJobDefinition[];
}

/**
 * What happens to a booking after its write (docs/architecture.md, "the booking e-mails and reminders"): the write
 * is one transaction and sends nothing itself; the table's stream carries each change to the stream jobs.
 * - Stream jobs: one function each, fed by an event source mapping filtered to its record type (inserts and changes),
 *   with partial batch failures, bisection on error, 5 retries, records older than a day dropped, and what still
 *   fails kept 14 days in the job's SQS dead-letter queue.
 * - Timers: one-time EventBridge Scheduler schedules in one group, created and deleted by the stream jobs (the only
 *   creators: they alone may create schedules in the group and pass the scheduler its role). The role may invoke
 *   exactly the timer job functions and send to the scheduler's dead-letter queue, nothing else.
 * - Bounces and complaints: booking mail goes out with an SES configuration set whose BOUNCE and COMPLAINT events go
 *   to an SNS topic, and recordMailSuppression records those addresses.
 * - The timer jobs and recordMailSuppression are invoked asynchronously (by the scheduler, by SNS): an invocation
 *   that still fails after Lambda's two retries goes to a dead-letter queue (the scheduler's, and the mail events').
 * Each function gets the operator's errors-and-throttles alarm through `functions` (operations.ts); each dead-letter
 * queue has an alarm on its first message, notifying the operator topic once `notify` is called.
 */
export class BookingLifecycle extends Construct {
  /** Job name → its function (stream jobs, timer jobs, recordMailSuppression). */
  readonly functions: ReadonlyMap<string, lambda.Function>;
  readonly timerGroup: scheduler.CfnScheduleGroup;
  /** Assumed by EventBridge Scheduler to run the timers. */
  readonly timerRole: iam.Role;
  readonly timerDeadLetters: sqs.Queue;
  /** Stream job name → its dead-letter queue. */
  readonly streamDeadLetters: ReadonlyMap<string, sqs.Queue>;
  /** recordMailSuppression's failed invocations (bounces and complaints not recorded). */
  readonly mailEventDeadLetters: sqs.Queue;
  readonly configurationSet: ses.ConfigurationSet;
  /** Where SES publishes the configuration set's bounce and complaint events. */
  readonly mailEventsTopic: sns.Topic;
  /** One per dead-letter queue: a message is waiting in it. */
  readonly deadLetterAlarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: BookingLifecycleProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // Names are made from the deployed stack's name (a nested stack's own name is a token, and long).
    const root = rootStackOf(stack);
    const streamJobs = props.streamJobs ?? streamJobTable;
    const timerJobs = props.timerJobs ?? timerJobTable;
    const entry = (name: string) => path.join(props.jobsDir, `${name}.ts`);
    const functions = new Map<string, lambda.Function>();

    // ---- SES configuration set: bounces and complaints → SNS → recordMailSuppression --------------------------------
    const configurationSetName = `${root.stackName}-booking-mail`;
    if (!/^[\w-]{1,64}$/.test(configurationSetName)) {
      throw new Error(`The stack name is too long for the SES configuration set name "${configurationSetName}".`);
    }
    this.configurationSet = new ses.ConfigurationSet(this, 'MailConfigurationSet', { configurationSetName });
    this.mailEventsTopic = new sns.Topic(this, 'MailEvents', {
      displayName: 'Meetwise booking mail bounces and complaints',
      enforceSSL: true,
    });
    // The event destination also lets SES (for this account's configuration set only) publish to the topic.
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(this.mailEventsTopic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    const suppression = props.makeFunction(
      mailSuppressionJob.name,
      entry(mailSuppressionJob.name),
      `Mail events (SNS): ${mailSuppressionJob.summary}`,
      mailSuppressionJob.needs,
      Duration.seconds(30),
      this,
    );
    this.mailEventsTopic.addSubscription(new subscriptions.LambdaSubscription(suppression));
    this.mailEventDeadLetters = this.deadLetterQueue('MailEventDeadLetters');
    suppression.configureAsyncInvoke({ onFailure: new destinations.SqsDestination(this.mailEventDeadLetters) });
    this.alarmOnDeadLetters(
      'MailEventDeadLetterAlarm',
      this.mailEventDeadLetters,
      `${mailSuppressionJob.name}: a bounce or complaint it still failed to record after Lambda's retries is in its dead-letter queue; that address may get booking mail again. See docs/operations.md.`,
    );

    // Sending with a configuration set is authorized on the set as well as on the sender identity (needs.mail).
    const sendWithConfigurationSet = new iam.PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [
        stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSetName }),
      ],
    });
    const mailsBookings = (fn: lambda.Function, needs: RouteNeeds) => {
      if (!needs.mail) return;
      fn.addEnvironment('SES_CONFIGURATION_SET', this.configurationSet.configurationSetName);
      fn.addToRolePolicy(sendWithConfigurationSet);
    };

    // ---- Timers: the schedule group, the timer jobs, the scheduler's role and dead-letter queue ----------------------
    const timerGroupName = `${root.stackName}-booking-timers`;
    if (!/^[0-9A-Za-z_.-]{1,64}$/.test(timerGroupName)) {
      throw new Error(`The stack name is too long for the schedule group name "${timerGroupName}".`);
    }
    this.timerGroup = new scheduler.CfnScheduleGroup(this, 'TimerGroup', { name: timerGroupName });
    // Ref of a schedule group is its name; referring to it orders the group before its users.
    const groupName = this.timerGroup.ref;

    const timerFunctions = new Map<TimerJobDefinition['kind'], lambda.Function>();
    for (const job of timerJobs) {
      const fn = props.makeFunction(
        job.name,
        entry(job.name),
        `Timer job ${job.name} (${job.kind} timers): ${job.summary}`,
        job.needs,
        Duration.seconds(30),
        this,
      );
      mailsBookings(fn, job.needs);
      timerFunctions.set(job.kind, fn);
      functions.set(job.name, fn);
    }

    // Invocations the scheduler could not make (after the retry policy each timer sets) land here, and so do the
    // timer jobs' runs that still failed after Lambda's retries (the scheduler invokes them asynchronously).
    this.timerDeadLetters = this.deadLetterQueue('TimerDeadLetters');
    for (const fn of timerFunctions.values()) {
      fn.configureAsyncInvoke({ onFailure: new destinations.SqsDestination(this.timerDeadLetters) });
    }
    this.alarmOnDeadLetters(
      'TimerDeadLetterAlarm',
      this.timerDeadLetters,
      'Booking timers: EventBridge Scheduler could not invoke a timer job (a reminder or a pending booking expiry) after its retries, or the job failed after its own; the timer is in the scheduler dead-letter queue. See docs/operations.md.',
    );

    this.timerRole = new iam.Role(this, 'TimerRole', {
      description: 'Assumed by EventBridge Scheduler to run the booking timers: invokes the timer jobs only.',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });
    if (timerFunctions.size > 0) {
      this.timerRole.addToPolicy(
        new iam.PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: [...timerFunctions.values()].map((fn) => fn.functionArn),
        }),
      );
    }
    this.timerRole.addToPolicy(
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.timerDeadLetters.queueArn] }),
    );

    // ---- Stream jobs ---------------------------------------------------------------------------------------------
    const streamDeadLetters = new Map<string, sqs.Queue>();
    const reminder = timerFunctions.get('reminder');
    const expiry = timerFunctions.get('pending-expiry');
    for (const job of streamJobs) {
      const fn = props.makeFunction(
        job.name,
        entry(job.name),
        `Stream job ${job.name} (${streamJobScope(job)}): ${job.summary}`,
        job.needs,
        Duration.minutes(2),
        this,
      );
      mailsBookings(fn, job.needs);
      if (job.timers) this.setsTimers(fn, job, reminder, expiry, groupName);

      const deadLetters = this.deadLetterQueue(`${job.name}DeadLetters`);
      fn.addEventSource(
        new DynamoEventSource(props.table, {
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          batchSize: 25,
          filters: streamFilterPatterns(job).map((pattern) => lambda.FilterCriteria.filter(pattern)),
          reportBatchItemFailures: true,
          bisectBatchOnError: true,
          retryAttempts: 5,
          maxRecordAge: Duration.days(1),
          onFailure: new SqsDlq(deadLetters),
        }),
      );
      this.alarmOnDeadLetters(
        `${job.name}DeadLetterAlarm`,
        deadLetters,
        `${job.name}: stream records it still failed on after 5 retries (or older than a day) are in its dead-letter queue; what they called for (${job.timers ? 'booking e-mails or timers' : 'booking pages published or taken down'}) was not done. See docs/operations.md.`,
      );
      streamDeadLetters.set(job.name, deadLetters);
      functions.set(job.name, fn);
    }
    this.streamDeadLetters = streamDeadLetters;

    functions.set(mailSuppressionJob.name, suppression);
    this.functions = functions;
  }

  /** A stream job that sets the booking timers: the scheduler's settings, and creating schedules in the group only. */
  private setsTimers(
    fn: lambda.Function,
    job: StreamJobDefinition,
    reminder: lambda.Function | undefined,
    expiry: lambda.Function | undefined,
    groupName: string,
  ): void {
    if (!reminder || !expiry) {
      throw new Error(`Stream job "${job.name}" sets reminder and pending-expiry timers: both timer jobs are needed.`);
    }
    fn.addEnvironment('SCHEDULER_GROUP', groupName);
    fn.addEnvironment('SCHEDULER_ROLE_ARN', this.timerRole.roleArn);
    fn.addEnvironment('SCHEDULER_DLQ_ARN', this.timerDeadLetters.queueArn);
    fn.addEnvironment('REMINDER_FUNCTION_ARN', reminder.functionArn);
    fn.addEnvironment('EXPIRY_FUNCTION_ARN', expiry.functionArn);
    // The timer-setting stream jobs are the timers' only creators: schedules in the group, handed only the
    // scheduler's role.
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
        resources: [
          Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${groupName}/*` }),
        ],
      }),
    );
    acknowledgeNag(fn.role!, {
      id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/<ref>/*]',
      reason: "The booking timers' own schedule group only: one schedule per booking timer, named when it is set.",
    });
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.timerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
  }

  /** The dead-letter queue alarms notify `topic` when they fire and when they recover (as operations.ts does). */
  notify(topic: sns.ITopic): void {
    const action = new actions.SnsAction(topic);
    for (const alarm of this.deadLetterAlarms) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }
  }

  private deadLetterQueue(id: string): sqs.Queue {
    return deadLetterQueue(
      this,
      id,
      "This queue is itself a dead-letter queue (an event source mapping's or a function's on-failure destination, or the scheduler's): cdk-nag recognizes only SQS redrive.",
    );
  }

  private alarmOnDeadLetters(id: string, queue: sqs.IQueue, description: string): void {
    this.deadLetterAlarms.push(firstMessageAlarm(this, id, queue, description));
  }
}
