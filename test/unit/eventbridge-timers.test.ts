import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { atExpression, eventBridgeTimers } from '#functions/adapters/scheduler/eventbridge';
import type { SchedulerConfig } from '#functions/config';
import type { BookingTimer } from '#functions/ports/timers';

/** The cloud's booking timers: what each EventBridge Scheduler request carries, and which errors count as done. */

const scheduler = mockClient(SchedulerClient);
beforeEach(() => scheduler.reset());
afterAll(() => scheduler.restore());

const config: SchedulerConfig = {
  groupName: 'meetwise-booking-timers',
  roleArn: 'arn:aws:iam::123456789012:role/meetwise-scheduler',
  deadLetterArn: 'arn:aws:sqs:eu-west-1:123456789012:meetwise-timers-dlq',
  targets: {
    reminder: 'arn:aws:lambda:eu-west-1:123456789012:function:meetwise-sendReminder',
    'pending-expiry': 'arn:aws:lambda:eu-west-1:123456789012:function:meetwise-expirePendingBooking',
  },
};
const timers = eventBridgeTimers(config, 'eu-west-1');

const reminder: BookingTimer = {
  name: 'rem-b1-v1-60',
  at: '2026-03-09T13:00:00.000Z',
  payload: { kind: 'reminder', bookingId: 'b1', hostId: 'h1', start: '2026-03-09T14:00:00.000Z', offsetMinutes: 60 },
};
const expiry: BookingTimer = {
  name: 'exp-b2-v3',
  at: '2026-03-10T09:30:00.000Z',
  payload: { kind: 'pending-expiry', bookingId: 'b2', hostId: 'h1', start: '2026-03-10T09:30:00.000Z', version: 3 },
};

/** The options of a service error as the SDK builds it from an answer. */
const failure = (message: string) => ({ message, Message: message, $metadata: {} });

describe('EventBridge Scheduler timers', () => {
  it('creates a one-time UTC schedule that invokes the job of its kind with the payload, then deletes itself', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
    await timers.schedule(reminder);

    const calls = scheduler.commandCalls(CreateScheduleCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input).toEqual({
      Name: 'rem-b1-v1-60',
      GroupName: 'meetwise-booking-timers',
      ScheduleExpression: 'at(2026-03-09T13:00:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: config.targets.reminder,
        RoleArn: config.roleArn,
        Input: JSON.stringify(reminder.payload),
        RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: config.deadLetterArn },
      },
      ClientToken: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(JSON.parse(input.Target!.Input!)).toEqual(reminder.payload);
  });

  it('targets the job of the timer kind, with a client token fixed by the name', async () => {
    scheduler.on(CreateScheduleCommand).resolves({});
    await timers.schedule(expiry);
    await timers.schedule(expiry);
    await timers.schedule(reminder);

    const [first, again, other] = scheduler.commandCalls(CreateScheduleCommand).map((call) => call.args[0].input);
    expect(first!.Target!.Arn).toBe(config.targets['pending-expiry']);
    expect(first!.ScheduleExpression).toBe('at(2026-03-10T09:30:00)');
    expect(again!.ClientToken).toBe(first!.ClientToken);
    expect(other!.ClientToken).not.toBe(first!.ClientToken);
  });

  it('counts a schedule that exists already as created, and throws any other error', async () => {
    scheduler
      .on(CreateScheduleCommand)
      .rejects(new ConflictException(failure('Schedule rem-b1-v1-60 already exists.')));
    await expect(timers.schedule(reminder)).resolves.toBeUndefined();

    scheduler.on(CreateScheduleCommand).rejects(new ValidationException(failure('Invalid schedule expression')));
    await expect(timers.schedule(reminder)).rejects.toThrow('Invalid schedule expression');
  });

  it('deletes the schedule from its group; a missing one counts as deleted, other errors are thrown', async () => {
    scheduler.on(DeleteScheduleCommand).resolves({});
    await timers.cancel('exp-b2-v3');
    expect(scheduler.commandCalls(DeleteScheduleCommand)[0]!.args[0].input).toEqual({
      Name: 'exp-b2-v3',
      GroupName: 'meetwise-booking-timers',
    });

    scheduler.on(DeleteScheduleCommand).rejects(new ResourceNotFoundException(failure('Schedule not found.')));
    await expect(timers.cancel('exp-b2-v3')).resolves.toBeUndefined();

    scheduler.on(DeleteScheduleCommand).rejects(new ValidationException(failure('Group does not exist')));
    await expect(timers.cancel('exp-b2-v3')).rejects.toThrow('Group does not exist');
  });

  it('writes at() in UTC with whole seconds and no zone suffix', () => {
    expect(atExpression('2026-03-09T13:00:00.000Z')).toBe('at(2026-03-09T13:00:00)');
    expect(atExpression('2026-03-09T14:00:00+01:00')).toBe('at(2026-03-09T13:00:00)');
    expect(atExpression(new Date(Date.UTC(2026, 11, 31, 23, 59, 59, 999)))).toBe('at(2026-12-31T23:59:59)');
    expect(() => atExpression('tomorrow')).toThrow(RangeError);
  });
});
