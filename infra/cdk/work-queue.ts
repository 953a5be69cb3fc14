import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

import { deadLetterQueue, firstMessageAlarm } from '#infra/cdk/dead-letters';

export interface WorkQueue {
  queue: sqs.Queue;
  deadLetters: sqs.Queue;
  /** The first message in the dead-letter queue. */
  deadLetterAlarm: cloudwatch.Alarm;
  /** The queue is not being worked off: its oldest message has waited too long. */
  backlogAlarm: cloudwatch.Alarm;
}

export interface WorkQueueProps {
  /** The ids: `{prefix}DeadLetters`, `{prefix}DeadLetterAlarm`, `{prefix}BacklogAlarm`, and the queue's `queueId`. */
  prefix: string;
  queueId: string;
  /** The consuming function's timeout: the visibility timeout is six times it, as AWS advises. */
  consumerTimeout: Duration;
  /** How many times SQS hands a message over before it goes to the dead-letter queue. */
  maxReceives: number;
  /** The backlog alarm fires when the oldest message has waited this long. */
  backlogMinutes: number;
  /** What lands in the dead-letter queue (cdk-nag's SQS3 acknowledged with it: deadLetterQueue). */
  deadLetterNagReason: string;
  deadLetterAlarmDescription: string;
  backlogAlarmDescription: string;
}

/**
 * A queue a function works off (the webhook deliveries of issue 29, the booking mail of issue 30), in `scope`:
 * encrypted (SQS-managed keys), TLS only, messages kept 4 days; a message failed on `maxReceives` times goes to a
 * dead-letter queue (14 days), whose first message raises an alarm. Messages wait in the queue itself by design, so its
 * own alarm is on the age of the oldest one.
 */
export function workQueue(scope: Construct, props: WorkQueueProps): WorkQueue {
  const deadLetters = deadLetterQueue(scope, `${props.prefix}DeadLetters`, props.deadLetterNagReason);
  const queue = new sqs.Queue(scope, props.queueId, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: Duration.seconds(props.consumerTimeout.toSeconds() * 6),
    retentionPeriod: Duration.days(4),
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: props.maxReceives },
  });
  const deadLetterAlarm = firstMessageAlarm(
    scope,
    `${props.prefix}DeadLetterAlarm`,
    deadLetters,
    props.deadLetterAlarmDescription,
  );
  const backlogAlarm = new cloudwatch.Alarm(scope, `${props.prefix}BacklogAlarm`, {
    alarmDescription: props.backlogAlarmDescription,
    metric: queue.metricApproximateAgeOfOldestMessage({
      period: Duration.minutes(5),
      statistic: cloudwatch.Stats.MAXIMUM,
    }),
    threshold: props.backlogMinutes * 60,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  return { queue, deadLetters, deadLetterAlarm, backlogAlarm };
}

/** The alarms notify `topic` when they fire and when they recover (as operations.ts does). */
export function notifyOnAlarms(topic: sns.ITopic, alarms: readonly cloudwatch.Alarm[]): void {
  const action = new actions.SnsAction(topic);
  for (const alarm of alarms) {
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
  }
}
