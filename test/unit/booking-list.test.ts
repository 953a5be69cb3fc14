import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { bookingListQuery } from '#shared/api/schemas/bookings';
import {
  CURSOR_INVALID,
  CURSOR_OTHER_RANGE,
  decodeListCursor,
  encodeListCursor,
  isAfter,
} from '#functions/domain/booking-list';

/** Issue 30: the opaque cursor of GET /api/bookings' pages, and the query's `limit` and `cursor`. */

const MARCH = { from: '2026-03-01T05:00:00.000Z', to: '2026-04-01T04:00:00.000Z' };
const position = { start: '2026-03-08T05:00:00.000Z', id: '5f0c1e9a-0000-4000-8000-000000000001' };

describe('the list cursor', () => {
  it('is URL-safe text that gives back the position it was made from, for its range', () => {
    const cursor = encodeListCursor(position, MARCH);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(cursor, MARCH)).toEqual({ position });
  });

  it('is refused for another range, or when its position lies outside the range', () => {
    const cursor = encodeListCursor(position, MARCH);
    expect(decodeListCursor(cursor, { ...MARCH, from: '2026-03-02T05:00:00.000Z' })).toEqual({
      problem: CURSOR_OTHER_RANGE,
    });
    const outside = encodeListCursor({ ...position, start: '2026-04-02T00:00:00.000Z' }, MARCH);
    expect(decodeListCursor(outside, MARCH)).toEqual({ problem: CURSOR_OTHER_RANGE });
  });

  it('is refused when it is not one of ours: malformed, altered, or of another shape', () => {
    const record = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const good = JSON.parse(Buffer.from(encodeListCursor(position, MARCH), 'base64url').toString()) as object;
    for (const bad of [
      'not a cursor',
      '',
      'a'.repeat(600),
      Buffer.from('{"v":1').toString('base64url'),
      record(null),
      record([1]),
      record({ ...good, v: 2 }),
      record({ ...good, s: '2026-03-08' }),
      record({ ...good, s: '2026-02-30T05:00:00.000Z' }),
      record({ ...good, i: 'x'.repeat(65) }),
      record({ ...good, i: '../other' }),
      record({ ...good, r: 7 }),
    ]) {
      expect(decodeListCursor(bad, MARCH), bad).toEqual({ problem: CURSOR_INVALID });
    }
  });

  it('orders by start, then id', () => {
    expect(isAfter(position, undefined)).toBe(true);
    expect(isAfter(position, position)).toBe(false);
    expect(isAfter({ ...position, id: `${position.id.slice(0, -1)}2` }, position)).toBe(true);
    expect(isAfter({ start: '2026-03-08T04:59:00.000Z', id: 'ffff' }, position)).toBe(false);
  });
});

describe('GET /api/bookings query: limit and cursor', () => {
  const base = { start: '2026-03-01', end: '2026-03-31' };
  it('takes limit 1 to 200 as a whole number, and a cursor as text', () => {
    expect(z.parse(bookingListQuery, { ...base, limit: '1' }).limit).toBe(1);
    expect(z.parse(bookingListQuery, { ...base, limit: '200', cursor: 'abc' })).toMatchObject({
      limit: 200,
      cursor: 'abc',
    });
    expect(z.parse(bookingListQuery, base).limit).toBeUndefined();
    for (const limit of ['0', '201', '2.5', 'many', '-1']) {
      const result = z.safeParse(bookingListQuery, { ...base, limit });
      expect(result.success, limit).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('limit must be a whole number from 1 to 200.');
    }
    expect(z.safeParse(bookingListQuery, { ...base, cursor: 'x'.repeat(513) }).success).toBe(false);
  });
});
