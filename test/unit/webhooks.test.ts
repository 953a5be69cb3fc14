import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { sqsWebhookQueue } from '#functions/adapters/webhooks/sqs-queue';
import { addressKind, parseIPv6, refusedAddress } from '#functions/domain/public-address';
import type { BookingRecord } from '#functions/domain/records';
import {
  bookingData,
  bookingMessageId,
  bookingPayloadBody,
  deliveryId,
  failingTooLong,
  HTTPS_ONLY,
  isDelivered,
  MAX_ATTEMPTS,
  newSigningSecret,
  NOT_PUBLIC,
  RETRY_DELAYS_SECONDS,
  retryDelayMs,
  signedHeaders,
  webhookEventFor,
  webhookSignature,
  webhookUrlProblem,
} from '#functions/domain/webhooks';
import { webhookMessageOf } from '#functions/jobs/deliverWebhook';
import type { WebhookMessage } from '#functions/ports/webhooks';

/**
 * Webhooks' pure rules (issue 29): which event a booking's change is (from the stream's two images), the payload,
 * Standard Webhooks signing, Svix's retry schedule with its jitter, the 3-day rule, the URL and address rules, and the
 * SQS adapter's 15-minute cap.
 */

const booking = (fields: Partial<BookingRecord> = {}): BookingRecord => ({
  id: 'b1',
  hostId: 'h1',
  eventId: 1001,
  eventTitle: 'Intro Call',
  eventSlug: 'intro-call',
  name: 'Ada',
  email: 'ada@example.com',
  additionalInfo: 'Notes',
  guests: ['bob@example.org'],
  start: '2026-03-10T14:00:00.000Z',
  end: '2026-03-10T14:30:00.000Z',
  blockedStart: '2026-03-10T14:00:00.000Z',
  blockedEnd: '2026-03-10T14:30:00.000Z',
  status: 'confirmed',
  guestTimeZone: 'Europe/Berlin',
  calendarProvider: 'builtin',
  calendarEventId: null,
  manageTokenHash: 'SECRET-HASH-never-sent',
  version: 1,
  createdAt: '2026-03-02T12:00:00.000Z',
  ...fields,
});

const cancellation = (by: 'guest' | 'host' | 'system', declined = false) => ({
  by,
  reason: 'Plans changed',
  declined,
  at: '2026-03-03T00:00:00.000Z',
});

describe('webhookEventFor: one event per change, from the two images', () => {
  const moved = { id: 'b0', start: '2026-03-09T14:00:00.000Z', end: '2026-03-09T14:30:00.000Z' };
  it.each([
    ['a new confirmed booking', null, booking(), 'booking.created'],
    ['a new pending booking', null, booking({ status: 'pending' }), 'booking.created'],
    ["a reschedule's new booking", null, booking({ rescheduledFrom: moved, version: 2 }), 'booking.rescheduled'],
    ['a pending reschedule', null, booking({ status: 'pending', rescheduledFrom: moved }), 'booking.rescheduled'],
    [
      "a reschedule's old booking, cancelled",
      booking(),
      booking({ status: 'cancelled', rescheduledTo: 'b2', version: 2, cancellation: cancellation('guest') }),
      null,
    ],
    ['pending → confirmed', booking({ status: 'pending' }), booking({ version: 2 }), 'booking.confirmed'],
    [
      'pending → declined by the host',
      booking({ status: 'pending' }),
      booking({ status: 'cancelled', version: 2, cancellation: cancellation('host', true) }),
      'booking.declined',
    ],
    [
      'pending → declined at its start (expiry)',
      booking({ status: 'pending' }),
      booking({ status: 'cancelled', version: 2, cancellation: cancellation('system', true) }),
      'booking.declined',
    ],
    [
      'pending → cancelled by the guest',
      booking({ status: 'pending' }),
      booking({ status: 'cancelled', version: 2, cancellation: cancellation('guest') }),
      'booking.cancelled',
    ],
    [
      'confirmed → cancelled',
      booking(),
      booking({ status: 'cancelled', version: 2, cancellation: cancellation('host') }),
      'booking.cancelled',
    ],
    ['no-show marked', booking(), booking({ noShow: true }), 'booking.no_show'],
    ['no-show unmarked', booking({ noShow: true }), booking({ noShow: false }), null],
    [
      'no-show kept, another field changed',
      booking({ noShow: true }),
      booking({ noShow: true, calendarPending: null }),
      null,
    ],
    ['a calendar mark', booking(), booking({ calendarPending: 'delete' }), null],
    ['a new booking stored cancelled', null, booking({ status: 'cancelled' }), null],
    [
      'moved to another member (reassigned)',
      null,
      booking({ assignment: { userId: 'h2', reason: 'reassigned' } }),
      null,
    ],
    ['handed over (its first host left)', null, booking({ handedOverFrom: 'h0' }), null],
    ['a removal', booking(), null, null],
  ])('%s', (_name, before, after, expected) => {
    expect(webhookEventFor(before, after)).toBe(expected);
  });

  it('makes a reschedule one booking.rescheduled: the new booking is, the old one is not', () => {
    const oldBefore = booking();
    const oldAfter = booking({
      status: 'cancelled',
      rescheduledTo: 'b2',
      version: 2,
      cancellation: cancellation('guest'),
    });
    const created = booking({ id: 'b2', rescheduledFrom: moved, version: 2 });
    const events = [webhookEventFor(oldBefore, oldAfter), webhookEventFor(null, created)].filter(Boolean);
    expect(events).toEqual(['booking.rescheduled']);
  });
});

describe('the payload', () => {
  const hosts = new Map([['h1', { name: 'Jordan Avery', email: 'jordan@meetwise.test' }]]);

  it('is {type, timestamp, data} with the booking as the issue lists it, and never the manage secret', () => {
    const body = bookingPayloadBody(
      'booking.cancelled',
      booking({ status: 'cancelled', version: 3, cancellation: cancellation('guest') }),
      hosts,
      new Date('2026-03-03T00:00:01Z'),
    );
    expect(body).not.toContain('SECRET-HASH');
    expect(body).not.toMatch(/token/i);
    const payload = JSON.parse(body) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(Object.keys(payload)).toEqual(['type', 'timestamp', 'data']);
    expect(payload.type).toBe('booking.cancelled');
    expect(payload.timestamp).toBe('2026-03-03T00:00:01.000Z');
    expect(payload.data).toMatchObject({
      id: 'b1',
      status: 'cancelled',
      start: '2026-03-10T14:00:00.000Z',
      end: '2026-03-10T14:30:00.000Z',
      eventType: { id: 1001, slug: 'intro-call', title: 'Intro Call' },
      guest: { name: 'Ada', email: 'ada@example.com', timeZone: 'Europe/Berlin' },
      guests: ['bob@example.org'],
      additionalInfo: 'Notes',
      hosts: [{ id: 'h1', name: 'Jordan Avery', email: 'jordan@meetwise.test' }],
      cancellation: { by: 'guest', reason: 'Plans changed', declined: false },
      version: 3,
    });
  });

  it('names every host of a team booking, from their records or the names the booking keeps', () => {
    const data = bookingData(
      booking({
        hostIds: ['h1', 'h2'],
        hostNames: ['Jordan Avery', 'Sam Lee'],
        teamId: 't1',
        teamSlug: 'crew',
        teamName: 'Crew',
      }),
      hosts,
    );
    expect(data.hosts).toEqual([
      { id: 'h1', name: 'Jordan Avery', email: 'jordan@meetwise.test' },
      { id: 'h2', name: 'Sam Lee', email: null },
    ]);
    expect(data.team).toEqual({ id: 't1', slug: 'crew', name: 'Crew' });
  });

  it('has a webhook-id made of the booking, its version, the event and the endpoint', () => {
    const id = bookingMessageId(booking({ version: 2 }), 'booking.cancelled', 'e1');
    expect(id).toMatch(/^msg_[A-Za-z0-9_-]{27}$/);
    expect(bookingMessageId(booking({ version: 2 }), 'booking.cancelled', 'e1')).toBe(id);
    expect(
      new Set([
        id,
        bookingMessageId(booking({ version: 3 }), 'booking.cancelled', 'e1'),
        bookingMessageId(booking({ version: 2 }), 'booking.declined', 'e1'),
        bookingMessageId(booking({ version: 2 }), 'booking.cancelled', 'e2'),
        bookingMessageId(booking({ id: 'b9', version: 2 }), 'booking.cancelled', 'e1'),
      ]).size,
    ).toBe(5);
  });
});

describe('Standard Webhooks signing', () => {
  // The known answer of Standard Webhooks' and Svix's own test suites.
  const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
  const TIMESTAMP = 1614265330;
  const BODY = '{"test": 2432232314}';

  it('signs the known answer: v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the key after whsec_', () => {
    expect(webhookSignature(SECRET, ID, TIMESTAMP, BODY)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs what the standardwebhooks package signs and verifies, and nothing else verifies', () => {
    const secret = newSigningSecret(new Uint8Array(32).map((_, index) => index * 7));
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const now = new Date('2026-03-02T12:00:00Z');
    const headers = signedHeaders(secret, 'msg_abc', now, BODY);
    expect(headers['webhook-id']).toBe('msg_abc');
    expect(headers['webhook-timestamp']).toBe(String(now.getTime() / 1000));
    const receiver = new Webhook(secret);
    expect(headers['webhook-signature']).toBe(receiver.sign('msg_abc', now, BODY));
    const realNow = Date.now;
    Date.now = () => now.getTime();
    try {
      expect(receiver.verify(BODY, headers)).toEqual({ test: 2432232314 });
      expect(() => receiver.verify(`${BODY} `, headers)).toThrow();
      expect(() => receiver.verify(BODY, { ...headers, 'webhook-id': 'msg_other' })).toThrow();
      expect(() => new Webhook(newSigningSecret(new Uint8Array(32))).verify(BODY, headers)).toThrow();
    } finally {
      Date.now = realNow;
    }
  });

  it('signs each attempt afresh: another time, another signature, the same id', () => {
    const secret = newSigningSecret(new Uint8Array(32).fill(1));
    const first = signedHeaders(secret, 'msg_abc', new Date('2026-03-02T12:00:00Z'), BODY);
    const second = signedHeaders(secret, 'msg_abc', new Date('2026-03-02T12:00:07Z'), BODY);
    expect(second['webhook-id']).toBe(first['webhook-id']);
    expect(second['webhook-timestamp']).not.toBe(first['webhook-timestamp']);
    expect(second['webhook-signature']).not.toBe(first['webhook-signature']);
  });

  it('refuses a secret that is not whsec_ and secrets of other sizes', () => {
    expect(() => webhookSignature('secret', ID, TIMESTAMP, BODY)).toThrow('Not a webhook signing secret');
    expect(() => newSigningSecret(new Uint8Array(16))).toThrow();
  });
});

describe("Svix's retry schedule, ±20%", () => {
  it('waits about 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up after the ninth attempt', () => {
    expect(RETRY_DELAYS_SECONDS).toEqual([5, 60, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(MAX_ATTEMPTS).toBe(9);
    RETRY_DELAYS_SECONDS.forEach((base, index) => {
      const attempt = index + 1;
      expect(retryDelayMs(attempt, 0.5)).toBe(base * 1000);
      expect(retryDelayMs(attempt, 0)).toBe(Math.round(base * 800));
      const top = retryDelayMs(attempt, 0.999999)!;
      expect(top).toBeLessThanOrEqual(base * 1200);
      expect(top).toBeGreaterThan(base * 1199.9);
      for (let i = 0; i < 200; i++) {
        const delay = retryDelayMs(attempt, Math.random())!;
        expect(delay).toBeGreaterThanOrEqual(base * 800);
        expect(delay).toBeLessThanOrEqual(base * 1200);
      }
    });
    expect(retryDelayMs(9, 0.5)).toBeNull();
    expect(() => retryDelayMs(0, 0.5)).toThrow();
    // The whole schedule: a day and a few hours (27 h 36 min 5 s at the middle of the jitter).
    expect(RETRY_DELAYS_SECONDS.reduce((sum, seconds) => sum + seconds, 0)).toBe(99_365);
  });

  it('spreads retries: different random draws give different waits', () => {
    expect(new Set([0.1, 0.4, 0.7, 0.9].map((random) => retryDelayMs(4, random))).size).toBe(4);
  });

  it('counts only 2xx as delivered (a redirect is a failure)', () => {
    expect([200, 201, 204, 299].every(isDelivered)).toBe(true);
    expect([null, 100, 301, 302, 304, 400, 410, 500].some(isDelivered)).toBe(false);
  });

  it('switches an endpoint off after 3 days of failures in a row', () => {
    const now = new Date('2026-03-05T12:00:00Z');
    expect(failingTooLong(null, now)).toBe(false);
    expect(failingTooLong('2026-03-02T12:00:01Z', now)).toBe(false);
    expect(failingTooLong('2026-03-02T12:00:00Z', now)).toBe(true);
  });
});

describe('delivery ids', () => {
  it('are UUIDs version 7 that sort by their time', () => {
    const random = new Uint8Array(10).fill(0xff);
    const early = deliveryId(Date.parse('2026-03-02T12:00:00Z'), random);
    const later = deliveryId(Date.parse('2026-03-02T12:00:00.001Z'), new Uint8Array(10));
    expect(early).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.safeParse(z.uuid(), early).success).toBe(true);
    expect(early < later).toBe(true);
  });
});

describe('which URLs an endpoint may have', () => {
  it.each([
    ['https://hooks.example.com/meetwise', false, null],
    ['https://93.184.216.34/hook', false, null],
    ['https://[2606:2800:220:1:248:1893:25c8:1946]/hook', false, null],
    ['http://hooks.example.com/meetwise', false, HTTPS_ONLY],
    ['http://localhost:4000/hook', false, HTTPS_ONLY],
    ['http://127.0.0.1:4000/hook', false, HTTPS_ONLY],
    ['https://localhost/hook', false, NOT_PUBLIC],
    ['https://api.localhost/hook', false, NOT_PUBLIC],
    ['https://127.0.0.1/hook', false, NOT_PUBLIC],
    ['https://169.254.169.254/latest/meta-data', false, NOT_PUBLIC],
    ['https://10.1.2.3/hook', false, NOT_PUBLIC],
    ['https://[::1]/hook', false, NOT_PUBLIC],
    ['https://[::ffff:127.0.0.1]/hook', false, NOT_PUBLIC],
    ['https://2130706433/hook', false, NOT_PUBLIC],
    ['ftp://hooks.example.com/', false, HTTPS_ONLY],
    ['http://localhost:4000/hook', true, null],
    ['http://127.0.0.1:4000/hook', true, null],
    ['https://127.0.0.1:4000/hook', true, null],
    ['http://hooks.example.com/', true, expect.stringContaining('https://')],
    ['http://10.0.0.1/', true, expect.stringContaining('https://')],
    ['https://10.0.0.1/', true, NOT_PUBLIC],
  ])('%s (local %s)', (url, allowLocal, expected) => {
    expect(webhookUrlProblem(url, allowLocal)).toEqual(expected);
  });
});

describe('which addresses a delivery may reach', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['100.128.0.1', 'public'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:93.184.216.34', 'public'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::5db8:d822', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00:ec2::254', 'private'],
    ['fc00::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['2606:2800:220:1:248:1893:25c8:1946', 'public'],
    ['[2606:4700::1111]', 'public'],
    ['not-an-address', 'invalid'],
    ['1.2.3', 'invalid'],
    ['01.2.3.4', 'invalid'],
    ['256.1.1.1', 'invalid'],
    ['1::2::3', 'invalid'],
    ['1:2:3:4:5:6:7:8:9', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('reads every IPv6 form into the same bytes', () => {
    expect(parseIPv6('::ffff:127.0.0.1')).toEqual(parseIPv6('0:0:0:0:0:ffff:7f00:0001'));
    expect(parseIPv6('fe80::1%25en0')).toEqual(parseIPv6('fe80:0:0:0:0:0:0:1'));
  });

  it('allows loopback only with the one-machine setting, and nothing else that is not public', () => {
    expect(refusedAddress('127.0.0.1', true)).toBeNull();
    expect(refusedAddress('::1', true)).toBeNull();
    expect(refusedAddress('127.0.0.1', false)).toBe('loopback');
    expect(refusedAddress('169.254.169.254', true)).toBe('link-local');
    expect(refusedAddress('10.0.0.1', true)).toBe('private');
    expect(refusedAddress('93.184.216.34', false)).toBeNull();
  });
});

describe('the delivery queue', () => {
  const message = (notBefore: string): WebhookMessage => ({
    id: 'msg_1',
    hostId: 'h1',
    webhookId: 'w1',
    type: 'ping',
    body: '{}',
    attempt: 2,
    notBefore,
  });

  it('delays an SQS message until its time, 15 minutes at most (longer waits are hops)', async () => {
    const sent: { DelaySeconds?: number; MessageBody?: string; QueueUrl?: string }[] = [];
    const queue = sqsWebhookQueue('https://sqs.us-east-1.amazonaws.com/123456789012/q', {
      send: async (command: { input: (typeof sent)[number] }) => {
        sent.push(command.input);
        return {};
      },
    } as never);
    const now = new Date('2026-03-02T12:00:00Z');
    await queue.send(message('2026-03-02T12:00:05.200Z'), now);
    await queue.send(message('2026-03-02T14:00:00Z'), now);
    await queue.send(message('2026-03-02T11:59:00Z'), now);
    expect(sent.map((input) => input.DelaySeconds)).toEqual([6, 900, 0]);
    expect(sent[0]!.QueueUrl).toBe('https://sqs.us-east-1.amazonaws.com/123456789012/q');
    expect(webhookMessageOf(sent[1]!.MessageBody!)).toEqual(message('2026-03-02T14:00:00Z'));
  });

  it('refuses a message body that is not a webhook message', () => {
    expect(() => webhookMessageOf('{"id":"msg_1"}')).toThrow('Not a webhook message.');
    expect(() => webhookMessageOf('not json')).toThrow();
  });
});
