import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

import { acknowledgeNag } from '#infra/cdk/nag';

/**
 * A dead-letter queue: encrypted (SQS-managed keys), TLS only, messages kept 14 days (SQS's most). cdk-nag's SQS3
 * (a queue without a dead-letter queue of its own) is acknowledged with `nagReason`, which says what lands in it.
 */
export function deadLetterQueue(scope: Construct, id: string, nagReason: string): sqs.Queue {
  const queue = new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  acknowledgeNag(queue, { id: 'AwsSolutions-SQS3', reason: nagReason });
  return queue;
}

/** Fires on the first message waiting in a dead-letter queue and stays in alarm until the queue is emptied. */
export function firstMessageAlarm(
  scope: Construct,
  id: string,
  queue: sqs.IQueue,
  description: string,
): cloudwatch.Alarm {
  return new cloudwatch.Alarm(scope, id, {
    alarmDescription: description,
    metric: queue.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(5),
      statistic: cloudwatch.Stats.MAXIMUM,
    }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
}
