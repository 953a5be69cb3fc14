import { describe, expect, it } from 'vitest';

import { parseConfig } from '#functions/config';
import { JOB_TIMEOUT_MS, localJobTimeoutMs, localLambdaContext, localLeaseMs } from '#infra/local/lambda-context';

/** The local runner's Lambda-like context (issue 30 §6): a real deadline, the cloud's timeout per kind of job. */
describe('localLambdaContext', () => {
  it('counts down from the timeout to 0 at the deadline, as Lambda does', () => {
    let now = 1_000_000;
    const context = localLambdaContext('notifyBookingChanges', 120_000, () => now);
    expect(context.functionName).toBe('notifyBookingChanges');
    expect(context.invokedFunctionArn).toBe('arn:aws:lambda:local:000000000000:function:notifyBookingChanges');
    expect(context.awsRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(context.getRemainingTimeInMillis()).toBe(120_000);
    now += 119_000;
    expect(context.getRemainingTimeInMillis()).toBe(1_000);
    now += 5_000;
    expect(context.getRemainingTimeInMillis()).toBe(0);
    expect(localLambdaContext('x', 1).awsRequestId).not.toBe(localLambdaContext('x', 1).awsRequestId);
  });

  it('refuses a timeout that is not positive', () => {
    expect(() => localLambdaContext('sendReminder', 0)).toThrow(/positive/);
  });
});

describe('localJobTimeoutMs', () => {
  it("is the cloud's timeout of each kind of job", () => {
    expect(JOB_TIMEOUT_MS).toEqual({ stream: 120_000, timer: 30_000, queue: 30_000, scheduled: 300_000 });
    for (const kind of ['stream', 'timer', 'queue', 'scheduled'] as const) {
      expect(localJobTimeoutMs(kind, undefined)).toBe(JOB_TIMEOUT_MS[kind]);
      // A queue message's lease (visibility timeout), a timer's claim: six timeouts, as AWS advises.
      expect(localLeaseMs(kind, undefined)).toBe(6 * JOB_TIMEOUT_MS[kind]);
    }
  });

  it('is shortened, never lengthened, by LOCAL_JOB_TIMEOUT_SECONDS (whole seconds, 1 to 900)', () => {
    const limit = (value: string) => parseConfig({ LOCAL_JOB_TIMEOUT_SECONDS: value }).localRunner.jobTimeoutSeconds;
    expect(localJobTimeoutMs('stream', limit('3'))).toBe(3_000);
    expect(localLeaseMs('queue', limit('3'))).toBe(18_000);
    expect(localJobTimeoutMs('timer', limit('600'))).toBe(30_000);
    expect(localJobTimeoutMs('timer', limit(' '))).toBe(30_000);
    for (const bad of ['0', '-1', '1.5', 'soon', '901']) {
      expect(() => limit(bad)).toThrow(/LOCAL_JOB_TIMEOUT_SECONDS/);
    }
  });
});
