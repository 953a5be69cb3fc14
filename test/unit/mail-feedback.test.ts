import { describe, expect, it } from 'vitest';

import { recordMailFeedback } from '#functions/app/mail/mail-feedback';

/** SES bounce and complaint events (issue 16): which addresses stop getting booking mail. */

function deps() {
  const suppressed: { email: string; reason: string }[] = [];
  const warnings: string[] = [];
  return {
    suppressed,
    warnings,
    deps: {
      clock: { now: () => new Date('2026-03-02T12:00:00Z') },
      logger: { info: () => undefined, warn: (message: string) => warnings.push(message), error: () => undefined },
      mailSuppressions: {
        suppressed: async () => new Set<string>(),
        suppress: async (email: string, reason: 'bounce' | 'complaint') => void suppressed.push({ email, reason }),
      },
    },
  };
}

describe('recordMailFeedback', () => {
  it('suppresses every recipient of a permanent bounce (event publishing names it eventType)', async () => {
    const { deps: d, suppressed } = deps();
    const message = {
      eventType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bouncedRecipients: [{ emailAddress: 'gone@example.com' }, { emailAddress: 'nobody@example.org' }],
      },
    };
    expect(await recordMailFeedback(d, JSON.stringify(message))).toBe(2);
    expect(suppressed).toEqual([
      { email: 'gone@example.com', reason: 'bounce' },
      { email: 'nobody@example.org', reason: 'bounce' },
    ]);
  });

  it('suppresses a complaint (identity notifications name it notificationType)', async () => {
    const { deps: d, suppressed } = deps();
    const message = {
      notificationType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'x@y.com' }] },
    };
    expect(await recordMailFeedback(d, JSON.stringify(message))).toBe(1);
    expect(suppressed).toEqual([{ email: 'x@y.com', reason: 'complaint' }]);
  });

  it('keeps an address after a transient bounce (a full mailbox) and ignores other events and junk', async () => {
    const { deps: d, suppressed, warnings } = deps();
    const transient = {
      eventType: 'Bounce',
      bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'full@example.com' }] },
    };
    expect(await recordMailFeedback(d, JSON.stringify(transient))).toBe(0);
    expect(await recordMailFeedback(d, JSON.stringify({ eventType: 'Delivery' }))).toBe(0);
    expect(await recordMailFeedback(d, 'not json')).toBe(0);
    expect(suppressed).toEqual([]);
    expect(warnings).toHaveLength(1);
  });
});
