import { describe, expect, it } from 'vitest';

import { activationBlocked, freeTrial, isSubscribed, mayActivateEvents } from '#shared/rules/trial';

/** The events dashboard's trial rules (the free trial, and activating events after it). */

const CREATED = '2026-03-01T10:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('free trial', () => {
  it('ends 7 days after the account was created', () => {
    expect(freeTrial(CREATED, at(CREATED)).endsAt.toISOString()).toBe('2026-03-08T10:00:00.000Z');
  });

  it('counts 7 days remaining at creation and a started day as a whole one', () => {
    expect(freeTrial(CREATED, at(CREATED))).toMatchObject({ daysRemaining: 7, expired: false });
    expect(freeTrial(CREATED, at('2026-03-01T10:00:01.000Z')).daysRemaining).toBe(7);
    expect(freeTrial(CREATED, at('2026-03-02T10:00:00.000Z')).daysRemaining).toBe(6);
    expect(freeTrial(CREATED, at('2026-03-08T09:59:59.000Z'))).toMatchObject({ daysRemaining: 1, expired: false });
  });

  it('has expired once the count is zero or less', () => {
    expect(freeTrial(CREATED, at('2026-03-08T10:00:00.000Z'))).toMatchObject({ daysRemaining: 0, expired: true });
    expect(freeTrial(CREATED, at('2026-03-20T10:00:00.000Z'))).toMatchObject({ daysRemaining: -12, expired: true });
  });
});

describe('activation after the trial', () => {
  const running = freeTrial(CREATED, at('2026-03-03T00:00:00.000Z'));
  const ended = freeTrial(CREATED, at('2026-04-01T00:00:00.000Z'));

  it('is blocked only when the trial has expired and the subscription is not active', () => {
    expect(activationBlocked(ended, 'none')).toBe(true);
    expect(activationBlocked(ended, 'canceled')).toBe(true);
    expect(activationBlocked(ended, 'active')).toBe(false);
    expect(activationBlocked(running, 'none')).toBe(false);
  });

  it("treats only the status 'active' as subscribed", () => {
    expect(isSubscribed('active')).toBe(true);
    expect(isSubscribed('none')).toBe(false);
    expect(isSubscribed('past_due')).toBe(false);
  });
});

describe('an account whose creation date cannot be read', () => {
  it('has no trial left, on the dashboard and on the server alike', () => {
    expect(freeTrial('undefined', new Date('2026-03-01T10:00:00.000Z')).expired).toBe(true);
    expect(mayActivateEvents({ createdAt: 'undefined' }, false, new Date('2026-03-01T10:00:00.000Z'))).toBe(false);
    expect(mayActivateEvents({ createdAt: 'undefined' }, true, new Date('2026-03-01T10:00:00.000Z'))).toBe(true);
  });
});
