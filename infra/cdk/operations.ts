import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

import { firstMessageAlarm } from '#infra/cdk/dead-letters';
import { metricsNamespaceOf } from '#infra/cdk/stage';

export interface OperatorAlarmsProps {
  /** Function name in the route table or job table → its function. */
  functions: ReadonlyMap<string, lambda.IFunction>;
  /** The operator topic (OperatorAlarms.topicIn makes it): the alarms here and elsewhere notify it. */
  topic: sns.ITopic;
  /** Scheduled job name → its dead-letter queue (api.ts): an alarm on its first message each. */
  deadLetterQueues?: ReadonlyMap<string, sqs.IQueue>;
}

/**
 * What pages a person on call (docs/operations.md): one SNS topic, and alarms that notify it
 * - per function: any error or throttle in 5 minutes (one alarm over errors + throttles, so 46 functions cost 46
 *   alarms, not 92, within CloudFormation's 500 resources);
 * - bookings: any 5xx answer of the booking write (the ServerError metric the HTTP wrapper counts for createBooking);
 * - per scheduled job: a message in its dead-letter queue (a run that failed its retries).
 * An alarm also notifies when it returns to OK.
 */
export class OperatorAlarms extends Construct {
  readonly topic: sns.ITopic;
  readonly alarms: cloudwatch.Alarm[] = [];

  /**
   * The operator topic, made where every part of the stack can reach it (the main stack: the nested stacks of the
   * alarms and of the booking lifecycle both notify it); subscribed to `alarmEmail` when given (the address must
   * confirm the subscription).
   */
  static topicIn(scope: Construct, alarmEmail?: string): sns.Topic {
    const topic = new sns.Topic(scope, 'OperatorTopic', { displayName: 'Meetwise operator alerts', enforceSSL: true });
    if (alarmEmail) topic.addSubscription(new subscriptions.EmailSubscription(alarmEmail));
    return topic;
  }

  constructor(scope: Construct, id: string, props: OperatorAlarmsProps) {
    super(scope, id);
    this.topic = props.topic;
    const notify = new actions.SnsAction(this.topic);
    const period = Duration.minutes(5);

    for (const [name, fn] of props.functions) {
      const failures = new cloudwatch.MathExpression({
        expression: 'errors + throttles',
        usingMetrics: { errors: fn.metricErrors({ period }), throttles: fn.metricThrottles({ period }) },
        period,
        label: `${name} errors and throttles`,
      });
      this.add(
        new cloudwatch.Alarm(this, `${name}Failures`, {
          alarmDescription: `${name}: the function failed or was throttled (Lambda Errors + Throttles ≥ 1 in 5 minutes). Its logs: /aws/lambda/… ${name}Logs.`,
          metric: failures,
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
        notify,
      );
    }

    this.add(
      new cloudwatch.Alarm(this, 'BookingFailures', {
        alarmDescription:
          'Guests could not book: POST /api/bookings answered 5xx (ServerError, service createBooking ≥ 1 in 5 minutes). See the createBooking logs.',
        metric: new cloudwatch.Metric({
          namespace: metricsNamespaceOf(this),
          metricName: 'ServerError',
          dimensionsMap: { service: 'createBooking' },
          statistic: cloudwatch.Stats.SUM,
          period,
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
      notify,
    );

    for (const [name, queue] of props.deadLetterQueues ?? []) {
      this.add(
        firstMessageAlarm(
          this,
          `${name}DeadLetterAlarm`,
          queue,
          `${name}: a scheduled run still failed after Lambda's retries; its event is in the job's dead-letter queue. See docs/operations.md.`,
        ),
        notify,
      );
    }
  }

  private add(alarm: cloudwatch.Alarm, notify: actions.SnsAction): void {
    alarm.addAlarmAction(notify);
    alarm.addOkAction(notify);
    this.alarms.push(alarm);
  }
}
