import { describe, expect, it } from 'vitest';

import { workLane } from '#functions/adapters/passwords/work-lane';
import { ABUSE_LIMITS, limitMessage, overLimit, retryAfterText } from '#functions/domain/abuse-limits';
import { Overloaded } from '#functions/errors';
import { errorToResponse } from '#functions/http/errors';

describe('abuse limits', () => {
  it('allows up to the limit in a window and then names the wait until the window ends', () => {
    const rule = ABUSE_LIMITS.registrationsPerAddress;
    expect(overLimit(rule, { failures: 4, windowEndsAt: 60_000 }, 0)).toEqual({ allowed: true });
    expect(overLimit(rule, { failures: 5, windowEndsAt: 60_000 }, 0)).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    });
    expect(overLimit(rule, { failures: 9, windowEndsAt: 100 }, 0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('has the bounds the issue note explains', () => {
    expect(
      Object.fromEntries(
        Object.entries(ABUSE_LIMITS).map(([name, rule]) => [name, [rule.limit, rule.windowMs / 60_000]]),
      ),
    ).toEqual({
      bookingsPerAddress: [30, 60],
      bookingsPerAddressAndHost: [6, 1440],
      registrationsPerAddress: [5, 60],
      contactMessagesPerAddress: [5, 60],
      signInLinksPerAddress: [20, 15],
      signInLinksPerAddressAndEmail: [3, 15],
      signInLinksPerEmail: [10, 15],
      confirmationMailsPerAccount: [3, 15],
      confirmationMailsPerAddress: [10, 15],
      paymentStartsPerAddress: [20, 60],
      paymentChecksPerAddress: [60, 60],
      invitationsPerAccount: [50, 1440],
      invitationsPerEmail: [5, 1440],
    });
  });

  it('tells the wait in words a person reads', () => {
    expect(retryAfterText(1)).toBe('1 second');
    expect(retryAfterText(45)).toBe('45 seconds');
    expect(retryAfterText(600)).toBe('10 minutes');
    expect(retryAfterText(86_400)).toBe('24 hours');
    expect(limitMessage(ABUSE_LIMITS.contactMessagesPerAddress, 3000)).toBe(
      'Too many messages from your network. Please try again in 50 minutes.',
    );
  });
});

describe('work lane (bounded password hashing)', () => {
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  };

  it('runs at most `concurrency` tasks, queues up to `queue`, and refuses the next at once with 503 + Retry-After', async () => {
    const run = workLane({ concurrency: 2, queue: 1, retryAfterSeconds: 5 });
    const g = gate();
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await g.opened;
      running--;
      return 'done';
    };
    const accepted = [run(task), run(task), run(task)];
    const refused = await run(task).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Overloaded);
    const answer = errorToResponse(refused, 'r', console) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['Retry-After']).toBe('5');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'OVERLOADED', retryAfterSeconds: 5 });
    g.open();
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
    // Everything finished: the lane takes work again.
    expect(await run(async () => 'again')).toBe('again');
  });

  it('frees the slot when a task fails', async () => {
    const run = workLane({ concurrency: 1, queue: 0, retryAfterSeconds: 1 });
    await expect(run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await run(async () => 'ok')).toBe('ok');
  });
});
