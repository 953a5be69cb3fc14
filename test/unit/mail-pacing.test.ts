import { ChangeMessageVisibilityCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';

import { sqsMailQueue } from '#functions/adapters/mail-queue/sqs-queue';
import { sesSendQuota } from '#functions/adapters/ses/send-quota';
import {
  backoffSeconds,
  isThrottling,
  MAX_BACKOFF_SECONDS,
  sendingRate,
  tokensGranted,
  untilNextSecond,
} from '#functions/domain/mail-pacing';

describe('the sending rate (issue 30)', () => {
  it("is the lower of the account's and the stage's, whole mails, at least 1", () => {
    expect(sendingRate(14, 50)).toBe(14);
    expect(sendingRate(200, 50)).toBe(50);
    expect(sendingRate(null, 14)).toBe(14);
    expect(sendingRate(0.5, 14)).toBe(1);
    expect(sendingRate(13.9, 100)).toBe(13);
  });

  it("a consumer's tokens are those its addition took under the rate", () => {
    // First to ask in the second: all it asked, up to the rate.
    expect(tokensGranted(10, 10, 14)).toBe(10);
    expect(tokensGranted(20, 20, 14)).toBe(14);
    // Second: what was left.
    expect(tokensGranted(20, 10, 14)).toBe(4);
    // Later ones: none, however many asked.
    expect(tokensGranted(30, 10, 14)).toBe(0);
    expect(tokensGranted(14, 4, 14)).toBe(4);
    // Consumers asking in any order never get more than the rate between them.
    let counter = 0;
    let granted = 0;
    for (const asked of [3, 7, 10, 1, 10, 2]) {
      counter += asked;
      granted += tokensGranted(counter, asked, 14);
    }
    expect(granted).toBe(14);
  });

  it('waits to the next second of the clock', () => {
    expect(untilNextSecond(1_700_000_000_250)).toBe(750);
    expect(untilNextSecond(1_700_000_000_000)).toBe(1000);
  });
});

describe('backing off (issue 30)', () => {
  it('doubles with each receive up to 15 minutes, jittered by up to half', () => {
    expect(backoffSeconds(1, 0)).toBe(2);
    expect(backoffSeconds(2, 0)).toBe(4);
    expect(backoffSeconds(5, 0)).toBe(32);
    expect(backoffSeconds(30, 0)).toBe(MAX_BACKOFF_SECONDS);
    expect(backoffSeconds(5, 0.999)).toBe(16);
    expect(backoffSeconds(1, 0.999)).toBe(1);
    for (let receives = 1; receives < 40; receives++) {
      const seconds = backoffSeconds(receives, Math.random());
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(MAX_BACKOFF_SECONDS);
    }
  });

  it("tells SES's throttling from other failures", () => {
    expect(isThrottling(Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'Throttling' }))).toBe(true);
    expect(isThrottling(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }))).toBe(true);
    expect(isThrottling(Object.assign(new Error('x'), { name: 'TooManyRequestsException' }))).toBe(true);
    expect(isThrottling(new Error('Daily message quota exceeded.'))).toBe(true);
    expect(isThrottling(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }))).toBe(
      false,
    );
    expect(isThrottling(undefined)).toBe(false);
  });
});

describe("the account's rate from SES (issue 30)", () => {
  it('is read once per 5 minutes, and null when SES cannot say', async () => {
    let calls = 0;
    let at = 0;
    let answer: unknown = { MaxSendRate: 14, Max24HourSend: 50_000 };
    const quota = sesSendQuota(
      { region: 'us-east-1', sesEndpoint: undefined },
      {
        now: () => at,
        client: {
          async send() {
            calls++;
            if (answer instanceof Error) throw answer;
            return answer;
          },
        },
      },
    );
    expect(await quota.maxSendRate()).toBe(14);
    at += 60_000;
    answer = { MaxSendRate: 50 };
    expect(await quota.maxSendRate()).toBe(14);
    expect(calls).toBe(1);
    at += 5 * 60_000;
    expect(await quota.maxSendRate()).toBe(50);
    at += 5 * 60_000;
    answer = new Error('AccessDenied');
    expect(await quota.maxSendRate()).toBeNull();
    expect(calls).toBe(3);
  });

  it('is not asked of the SES emulator (one machine): the stage rate alone holds', async () => {
    const quota = sesSendQuota({ region: 'us-east-1', sesEndpoint: 'http://127.0.0.1:8005' });
    expect(await quota.maxSendRate()).toBeNull();
  });
});

describe('the SQS mail queue (issue 30)', () => {
  it('sends the mail as JSON, and backs a message off with ChangeMessageVisibility', async () => {
    const sent: unknown[] = [];
    const queue = sqsMailQueue('https://sqs.us-east-1.amazonaws.com/123456789012/mail', {
      send: async (command: unknown) => {
        sent.push(command);
        return {};
      },
    } as never);
    const message = {
      id: 'b1:booked:guest',
      mail: { to: ['a@example.com'], replyTo: [], fromName: 'M', subject: 'S', text: 'T', html: '<p>T</p>' },
    };
    await queue.send(message, new Date());
    await queue.retryAfter('receipt-1', 32.4, new Date());
    expect(sent[0]).toBeInstanceOf(SendMessageCommand);
    expect(JSON.parse((sent[0] as SendMessageCommand).input.MessageBody!)).toEqual(message);
    expect(sent[1]).toBeInstanceOf(ChangeMessageVisibilityCommand);
    expect((sent[1] as ChangeMessageVisibilityCommand).input).toMatchObject({
      ReceiptHandle: 'receipt-1',
      VisibilityTimeout: 32,
    });
  });
});
