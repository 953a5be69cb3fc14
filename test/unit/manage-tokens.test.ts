import { describe, expect, it } from 'vitest';

import { hmacManageTokens } from '#functions/adapters/sessions/manage-tokens';
import { calendarFileLink, manageLink, rescheduleLink } from '#functions/domain/booking-links';
import { linkTokenOf } from '#frontend/lib/link-token.ts';

/**
 * The secrets of a booking's links (issue 31): derived from the booking id, one HMAC purpose per kind, checked by
 * deriving them again under the current key or, during a rotation, the previous one; carried in the URL fragment.
 */

const OLD_KEY = new Uint8Array(32).fill(1);
const NEW_KEY = new Uint8Array(32).fill(2);
const ID = '6f1c2b9e-4d3a-4c5b-9a8e-1f2d3c4b5a69';
const OTHER_ID = '00000000-0000-4000-8000-000000000000';

describe('manage tokens', () => {
  it('derives a 43-character token per booking and kind, the same every time', () => {
    const tokens = hmacManageTokens(NEW_KEY);
    expect(tokens.tokenFor(ID)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.tokenFor(ID)).toBe(hmacManageTokens(NEW_KEY).tokenFor(ID));
    expect(tokens.tokenFor(OTHER_ID)).not.toBe(tokens.tokenFor(ID));
    expect(tokens.verify('manage', ID, tokens.tokenFor(ID))).toBe(true);
    expect(tokens.verify('manage', OTHER_ID, tokens.tokenFor(ID))).toBe(false);
  });

  it("gives the host a reschedule-only token that never passes for the guest's, nor the other way", () => {
    const tokens = hmacManageTokens(NEW_KEY);
    const host = tokens.hostRescheduleTokenFor(ID);
    expect(host).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(host).not.toBe(tokens.tokenFor(ID));
    expect(tokens.verify('host-reschedule', ID, host)).toBe(true);
    expect(tokens.verify('manage', ID, host)).toBe(false);
    expect(tokens.verify('host-reschedule', ID, tokens.tokenFor(ID))).toBe(false);
  });

  it('accepts tokens of the previous key while it is given, new tokens always of the current key', () => {
    const before = hmacManageTokens(OLD_KEY);
    const rotating = hmacManageTokens(NEW_KEY, OLD_KEY);
    const after = hmacManageTokens(NEW_KEY);
    const mailedBefore = before.tokenFor(ID);
    expect(rotating.verify('manage', ID, mailedBefore)).toBe(true);
    expect(rotating.verify('host-reschedule', ID, before.hostRescheduleTokenFor(ID))).toBe(true);
    expect(rotating.tokenFor(ID)).toBe(after.tokenFor(ID));
    expect(rotating.verify('manage', ID, rotating.tokenFor(ID))).toBe(true);
    // Once the previous key is dropped, its tokens end; the mails sent since carry the new ones.
    expect(after.verify('manage', ID, mailedBefore)).toBe(false);
    expect(after.verify('manage', ID, 'x'.repeat(43))).toBe(false);
    expect(after.verify('manage', ID, '')).toBe(false);
  });
});

describe('the links that carry a token', () => {
  const TOKEN = 'a'.repeat(43);

  it('put the token in the fragment, never in the query a server logs', () => {
    expect(manageLink('https://m.test', ID, TOKEN)).toBe(`https://m.test/booking/${ID}#token=${TOKEN}`);
    expect(rescheduleLink('https://m.test', 'intro call', ID, TOKEN)).toBe(
      `https://m.test/book/intro%20call?reschedule=${ID}#token=${TOKEN}`,
    );
    expect(calendarFileLink('https://m.test', ID, TOKEN)).toBe(
      `https://m.test/booking/${ID}#token=${TOKEN}&calendar=file`,
    );
    for (const link of [manageLink('s', ID, TOKEN), rescheduleLink('s', 'e', ID, TOKEN)]) {
      expect(new URL(link, 'https://m.test').search).not.toContain('token');
    }
  });

  it("are read by the pages from the fragment; an old link's ?token= is moved there", () => {
    expect(linkTokenOf('', `#token=${TOKEN}`)).toEqual({ token: TOKEN, moved: null });
    expect(linkTokenOf(`?reschedule=${ID}`, `#token=${TOKEN}`)).toEqual({ token: TOKEN, moved: null });
    expect(linkTokenOf(`?token=${TOKEN}&embed=1`, '')).toEqual({
      token: TOKEN,
      moved: { search: '?embed=1', hash: `#token=${TOKEN}` },
    });
    expect(linkTokenOf(`?reschedule=${ID}&token=${TOKEN}`, '')).toEqual({
      token: TOKEN,
      moved: { search: `?reschedule=${ID}`, hash: `#token=${TOKEN}` },
    });
    expect(linkTokenOf('', '')).toEqual({ token: null, moved: null });
  });
});
