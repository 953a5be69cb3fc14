import { createHash } from 'node:crypto';
import { CreateScheduleCommand, DeleteScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';

import type { SchedulerConfig } from '#functions/config';
import type { BookingTimers } from '#functions/ports/timers';

/**
 * The booking timers in the cloud: one EventBridge Scheduler one-time schedule per timer, in the configured group,
 * invoking the job Lambda of the timer's kind with the payload as its event. The schedule deletes itself once it
 * has run; a failed invocation is retried (10 times within an hour) and then goes to the dead-letter queue.
 * Timer names are deterministic, so creating one that exists already (a redelivered stream record) and deleting one
 * that is gone (it ran, or was never made) both count as done. The client token is derived from the name too, so
 * the SDK's own retries of one create are recognised as the same request.
 */
export function eventBridgeTimers(config: SchedulerConfig, region: string): BookingTimers {
  const client = new SchedulerClient({ region });
  return {
    async schedule(timer) {
      try {
        await client.send(
          new CreateScheduleCommand({
            Name: timer.name,
            GroupName: config.groupName,
            ScheduleExpression: atExpression(timer.at),
            ScheduleExpressionTimezone: 'UTC',
            FlexibleTimeWindow: { Mode: 'OFF' },
            ActionAfterCompletion: 'DELETE',
            Target: {
              Arn: config.targets[timer.payload.kind],
              RoleArn: config.roleArn,
              Input: JSON.stringify(timer.payload),
              RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 3600 },
              DeadLetterConfig: { Arn: config.deadLetterArn },
            },
            ClientToken: clientToken(timer.name),
          }),
        );
      } catch (error) {
        if (isAwsError(error, 'ConflictException')) return;
        throw error;
      }
    },
    async cancel(name) {
      try {
        await client.send(new DeleteScheduleCommand({ Name: name, GroupName: config.groupName }));
      } catch (error) {
        if (isAwsError(error, 'ResourceNotFoundException')) return;
        throw error;
      }
    },
  };
}

/**
 * A one-time schedule's expression for an instant: `at(yyyy-mm-ddThh:mm:ss)` in UTC (the schedule's time zone),
 * without milliseconds (dropped) or zone suffix.
 */
export function atExpression(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  return `at(${date.toISOString().slice(0, 19)})`;
}

/** At most 64 of [0-9a-f]: the hex SHA-256 of the name (names may hold '.', which a client token may not). */
const clientToken = (name: string): string => createHash('sha256').update(name).digest('hex');

const isAwsError = (error: unknown, name: string): boolean => error instanceof Error && error.name === name;
