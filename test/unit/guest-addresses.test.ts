import { describe, expect, it } from 'vitest';

import { createBookingBody } from '#shared/api/schemas/bookings';
import { feedbackAddress, isBareMailbox, normalizeEmail } from '#shared/email-address';
import { recordMailFeedback } from '#functions/app/mail/mail-feedback';
import { guestList } from '#functions/domain/guest-addresses';
import { GUEST_TEXTS, guestProblem, guestsFromList } from '#frontend/features/booking/lib/guests.ts';
import { prefilledForm } from '#frontend/features/booking/lib/prefill.ts';

/**
 * Issue 31, item 1: a guest list names each inbox once. Only bare addresses are taken, they are compared trimmed and
 * in lower case, repeats and the booker and host are dropped, and suppression is recorded on the same form.
 */

const body = (fields: Record<string, unknown>) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  date: '2026-03-03',
  startTime: '2026-03-03T09:00:00Z',
  endTime: '2026-03-03T09:30:00Z',
  eventId: 7,
  ...fields,
});
const messages = (fields: Record<string, unknown>) => {
  const parsed = createBookingBody.safeParse(body(fields));
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('isBareMailbox: an RFC 5321 mailbox, nothing else', () => {
  it('takes a dot-atom local part at a domain of two labels or more', () => {
    for (const address of [
      'v@x.example',
      'V@X.EXAMPLE',
      'first.last+tag@mail.example.co.uk',
      "o'brien@example.ie",
      'a_b-c!#$%&*/=?^`{|}~@sub-domain.example',
      `${'l'.repeat(64)}@example.com`,
    ]) {
      expect(isBareMailbox(address), address).toBe(true);
    }
  });

  it('refuses a display name, angle brackets, quotes, spaces and malformed parts', () => {
    for (const address of [
      'Foo<v@x.example>',
      'Foo <v@x.example>',
      '<v@x.example>',
      '"Foo" v@x.example',
      '"a b"@x.example',
      'v@x',
      'v@@x.example',
      '.v@x.example',
      'v.@x.example',
      'v..w@x.example',
      'v@-x.example',
      'v@x..example',
      'v w@x.example',
      'v@x.example,w@y.example',
      `${'l'.repeat(65)}@example.com`,
      `v@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(63)}.example`,
    ]) {
      expect(isBareMailbox(address), address).toBe(false);
    }
  });
});

describe('createBookingBody: bare addresses only', () => {
  it('refuses a named guest address with a message that says why', () => {
    expect(messages({ guests: ['Foo<v@x.example>'] })).toEqual([
      'Please enter each guest as just an email address, without a name.',
    ]);
    expect(messages({ guests: ['v@x.example', 'Bar <v@x.example>'] })).toEqual([
      'Please enter each guest as just an email address, without a name.',
    ]);
    expect(messages({ guests: ['"a b"@x.example'] })).toEqual(['Invalid guest email address']);
  });

  it("refuses a named address as the booker's own", () => {
    expect(messages({ email: 'Ada <ada@example.com>' })).toEqual([
      'Please enter just your email address, without a name.',
    ]);
    expect(messages({ email: 'ada@example' })).toEqual(['Invalid email address']);
  });

  it('takes bare addresses, trimmed', () => {
    const parsed = createBookingBody.parse(body({ email: ' ada@example.com ', guests: [' V@X.example '] }));
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.guests).toEqual(['V@X.example']);
  });
});

describe('guestList: what the booking stores', () => {
  it('keeps three spellings of one address as one guest, normalised', () => {
    expect(guestList(['v@x.example', 'V@X.EXAMPLE', 'V@x.example'], 'ada@example.com', ['host@example.com'])).toEqual([
      'v@x.example',
    ]);
  });

  it('drops the booker and the host(s), in any case, and keeps the order given', () => {
    expect(
      guestList(
        ['Host@Example.com', 'b@example.com', 'ADA@example.com', 'member@example.org', 'a@example.com'],
        'ada@example.com',
        ['host@example.com', 'MEMBER@example.org'],
      ),
    ).toEqual(['b@example.com', 'a@example.com']);
  });

  it('is empty for none', () => {
    expect(guestList([], 'ada@example.com', [])).toEqual([]);
  });
});

describe('suppression: recorded on the normalised address', () => {
  it('normalises what SES reports', () => {
    expect(normalizeEmail('  V@X.Example ')).toBe('v@x.example');
    expect(feedbackAddress('V@X.example')).toBe('v@x.example');
    expect(feedbackAddress('"Vee" <V@X.example>')).toBe('v@x.example');
    expect(feedbackAddress('rfc822; V@X.example')).toBe('v@x.example');
  });

  it('suppresses a bounced V@X as v@x', async () => {
    const suppressed: string[] = [];
    const deps = {
      clock: { now: () => new Date('2026-03-02T12:00:00Z') },
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      mailSuppressions: {
        suppressed: async () => new Set<string>(),
        suppress: async (email: string) => void suppressed.push(email),
      },
    };
    const bounce = {
      eventType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bouncedRecipients: [{ emailAddress: 'V@X.example' }, { emailAddress: 'Wim <W@Y.example>' }],
      },
    };
    expect(await recordMailFeedback(deps as never, JSON.stringify(bounce))).toBe(2);
    expect(suppressed).toEqual(['v@x.example', 'w@y.example']);
  });
});

describe("the booking form's guest field", () => {
  const values = { email: 'ada@example.com', guests: ['v@x.example'] };

  it('says why an address cannot be added', () => {
    expect(guestProblem('Foo <b@example.com>', values)).toBe(GUEST_TEXTS.named);
    expect(guestProblem('b@example', values)).toBe(GUEST_TEXTS.invalid);
    expect(guestProblem(' V@X.EXAMPLE ', values)).toBe(GUEST_TEXTS.repeated);
    expect(guestProblem('Ada@Example.com', values)).toBe(GUEST_TEXTS.yourself);
    const full = { email: 'ada@example.com', guests: Array.from({ length: 10 }, (_, i) => `g${i}@example.com`) };
    expect(guestProblem('b@example.com', full)).toBe(GUEST_TEXTS.full);
  });

  it('adds a new bare address', () => {
    expect(guestProblem(' b@example.com ', values)).toBeNull();
  });

  it("keeps the page address's guests bare and once, whatever their case", () => {
    expect(guestsFromList('Foo<v@x.example>,v@x.example, V@X.EXAMPLE ,b@example.com')).toEqual([
      'v@x.example',
      'b@example.com',
    ]);
    expect(prefilledForm(new URLSearchParams({ guests: 'Foo<v@x.example>' }))).toBeNull();
  });
});
