import { describe, expect, it } from 'vitest';

import { enforceLimits } from '#functions/app/common/abuse-limits';
import { ABUSE_LIMITS, bookingLimits, limitAddress, overLimit, type RateRule } from '#functions/domain/abuse-limits';
import { TooManyRequests } from '#functions/errors';
import { clientAddress } from '#functions/http/request';
import type { RateLimiter } from '#functions/ports/rate-limits';
import { apiEvent } from '#test/support/api-event';

/**
 * Issue 31, item 2: one IPv6 /64 is one subscriber, so the per-address limits count an IPv6 client by its /64; an
 * IPv4 address counts as itself, an IPv4-mapped IPv6 address as its IPv4 address.
 */

const viewer = (address: string) =>
  clientAddress(apiEvent({ method: 'POST', path: '/api/bookings', headers: { 'x-viewer-address': address } }));

/** A rate limiter counting in memory, as the table does: per rule and subject, one window. */
function countingLimiter(): RateLimiter {
  const counts = new Map<string, number>();
  return {
    async hit(rule: RateRule, subject: string, now: Date) {
      const key = `${rule.name}#${subject}`;
      const failures = counts.get(key) ?? 0;
      counts.set(key, failures + 1);
      return overLimit(rule, { failures, windowEndsAt: now.getTime() + rule.windowMs }, now.getTime());
    },
  };
}

describe('limitAddress: the client as the per-address limits count it', () => {
  it('keeps an IPv4 address (and a missing one) as it is', () => {
    expect(limitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitAddress('unknown')).toBe('unknown');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:aa:bb::/64';
    for (const address of [
      '2001:db8:aa:bb::1',
      '2001:0db8:00aa:00bb:0000:0000:0000:0001',
      '2001:DB8:AA:BB:1234:5678:9abc:def0',
      '2001:db8:aa:bb:ffff::',
      '[2001:db8:aa:bb::7]',
      '2001:db8:aa:bb::7%eth0',
      '2001:db8:aa:bb::1.2.3.4',
    ]) {
      expect(limitAddress(address), address).toBe(network);
    }
    expect(limitAddress('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(limitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitAddress('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(limitAddress('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('leaves what is no address as it is', () => {
    for (const text of ['1:2:3', '1::2::3', 'g::1', '1:2:3:4:5:6:7:8:9', '::1.2.3.999', '1.2.3.4::']) {
      expect(limitAddress(text), text).toBe(text);
    }
  });
});

describe('clientAddress: the viewer address behind CloudFront', () => {
  it('names the /64 of an IPv6 viewer, and an IPv4 viewer as it is', () => {
    expect(viewer('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64');
    expect(viewer('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(viewer('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(viewer('198.51.100.4')).toBe('198.51.100.4');
  });

  it('reads the source address on one machine the same way', () => {
    const event = apiEvent({ method: 'POST', path: '/api/bookings' });
    event.requestContext.http.sourceIp = '2001:db8:9:9:1::5';
    expect(clientAddress(event)).toBe('2001:db8:9:9::/64');
  });

  it('stops a script spreading its bookings with one host over the addresses of one /64', async () => {
    const deps = { rateLimiter: countingLimiter(), clock: { now: () => new Date('2026-03-02T12:00:00Z') } };
    const limit = ABUSE_LIMITS.bookingsPerAddressAndHost.limit;
    const book = (n: number) =>
      enforceLimits(deps, bookingLimits(viewer(`2001:db8:1:2::${n.toString(16)}`), 'host-1', false));
    for (let n = 1; n <= limit; n++) await book(n);
    await expect(book(limit + 1)).rejects.toBeInstanceOf(TooManyRequests);
    // Another subscriber (another /64) and an IPv4 client still book.
    await expect(
      enforceLimits(deps, bookingLimits(viewer('2001:db8:1:3::1'), 'host-1', false)),
    ).resolves.toBeUndefined();
    await expect(enforceLimits(deps, bookingLimits(viewer('203.0.113.9'), 'host-1', false))).resolves.toBeUndefined();
  });
});
