import { randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';

import { builtinCalendar } from '#functions/adapters/calendar/builtin';
import { kmsDataKeys } from '#functions/adapters/crypto/kms';
import { envelopeTokenCipher, localTokenCipher } from '#functions/adapters/crypto/token-cipher';
import { googleEventFor, googleEventIdOf } from '#functions/adapters/google/calendar';
import { parseConfig } from '#functions/config';
import { newEvent } from '#functions/domain/event-defaults';
import type { BookingRecord, EventRecord } from '#functions/domain/records';

const REFRESH_TOKEN = '1//0g-fake-refresh-token-of-the-host';

describe('sealing tokens at rest (AES-256-GCM)', () => {
  it('opens what it sealed, for the same owner only, and never shows the token', async () => {
    const cipher = localTokenCipher(randomBytes(32));
    const sealed = await cipher.seal(REFRESH_TOKEN, 'host-1');
    expect(sealed).not.toContain(REFRESH_TOKEN);
    expect(sealed).not.toContain(Buffer.from(REFRESH_TOKEN).toString('base64url'));
    expect(await cipher.open(sealed, 'host-1')).toBe(REFRESH_TOKEN);
    // A fresh IV each time: two seals of one token differ.
    expect(await cipher.seal(REFRESH_TOKEN, 'host-1')).not.toBe(sealed);
    await expect(cipher.open(sealed, 'host-2')).rejects.toThrow();
    await expect(localTokenCipher(randomBytes(32)).open(sealed, 'host-1')).rejects.toThrow();
    const [scheme, keyPart, iv, tag, body] = sealed.split('.');
    const flipped = `${scheme}.${keyPart}.${iv}.${tag}.${body!.slice(0, -2)}${body!.endsWith('A') ? 'B' : 'A'}${body!.slice(-1)}`;
    await expect(cipher.open(flipped, 'host-1')).rejects.toThrow();
  });

  it('refuses a key that is not 32 bytes, and CALENDAR_TOKEN_KEY of another length', () => {
    expect(() => localTokenCipher(randomBytes(16))).toThrow('32 bytes');
    expect(() => parseConfig({ CALENDAR_TOKEN_KEY: 'too-short' })).toThrow(
      'CALENDAR_TOKEN_KEY must be 32 random bytes',
    );
    expect(parseConfig({ CALENDAR_KMS_KEY_ID: 'alias/meetwise-tokens' }).tokenKey).toEqual({
      kmsKeyId: 'alias/meetwise-tokens',
    });
  });

  it('uses a KMS data key per seal in the cloud, bound to the owner by the encryption context', async () => {
    const kms = mockClient(KMSClient);
    const dataKey = randomBytes(32);
    const encryptedKey = Buffer.from('encrypted-data-key');
    kms.on(GenerateDataKeyCommand).resolves({ Plaintext: dataKey, CiphertextBlob: encryptedKey });
    kms.on(DecryptCommand).resolves({ Plaintext: dataKey });
    const cipher = envelopeTokenCipher(kmsDataKeys('alias/meetwise-tokens', new KMSClient({ region: 'us-east-1' })));

    const sealed = await cipher.seal(REFRESH_TOKEN, 'host-1');
    expect(sealed.split('.')[1]).toBe(encryptedKey.toString('base64url'));
    expect(kms.commandCalls(GenerateDataKeyCommand)[0]!.args[0].input).toEqual({
      KeyId: 'alias/meetwise-tokens',
      KeySpec: 'AES_256',
      EncryptionContext: { purpose: 'meetwise-token', owner: 'host-1' },
    });
    expect(await cipher.open(sealed, 'host-1')).toBe(REFRESH_TOKEN);
    expect(await cipher.open(sealed, 'host-1')).toBe(REFRESH_TOKEN);
    // KMS decrypts the data key once per process.
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(1);
    expect(kms.commandCalls(DecryptCommand)[0]!.args[0].input.EncryptionContext).toEqual({
      purpose: 'meetwise-token',
      owner: 'host-1',
    });
    // A local seal is not a KMS seal.
    await expect(cipher.open(await localTokenCipher(dataKey).seal(REFRESH_TOKEN, 'host-1'), 'host-1')).rejects.toThrow(
      'k1',
    );
    kms.restore();
  });
});

const booking: BookingRecord = {
  id: '3f2b9c1e-7a44-4d0e-9b1a-2c3d4e5f6a7b',
  hostId: 'host-1',
  eventId: 1001,
  eventTitle: 'Design Review',
  eventSlug: 'design-review',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  additionalInfo: 'Bring the engine plans.',
  guests: ['charles@example.com'],
  start: '2026-03-03T14:00:00.000Z',
  end: '2026-03-03T14:30:00.000Z',
  blockedStart: '2026-03-03T14:00:00.000Z',
  blockedEnd: '2026-03-03T14:30:00.000Z',
  status: 'confirmed',
  guestTimeZone: 'Europe/London',
  calendarProvider: 'google',
  calendarEventId: null,
  createdAt: '2026-03-01T10:00:00.000Z',
};
const eventOf = (fields: Partial<EventRecord>): EventRecord => ({
  id: 1001,
  ...newEvent(
    { userId: 'host-1', slug: 'design-review', title: 'Design Review', timeZone: 'America/New_York', ...fields },
    new Date('2026-03-01T00:00:00Z'),
  ),
});

describe('the Google event of a booking', () => {
  it('has a deterministic base32hex id, so a retried insert names the same event', () => {
    const id = googleEventIdOf(booking.id);
    expect(id).toBe('mb3f2b9c1e7a444d0e9b1a2c3d4e5f6a7b');
    expect(id).toMatch(/^[a-v0-9]{5,1024}$/);
    expect(googleEventIdOf(booking.id)).toBe(id);
  });

  it('invites the guest and the other guests, describes the booking, and asks for a Meet link for google-meet events', () => {
    const meet = googleEventFor(booking, eventOf({ locationType: 'google-meet' }), 'https://meetwise.example');
    expect(meet).toMatchObject({
      summary: 'Design Review with Ada Lovelace',
      start: { dateTime: booking.start, timeZone: 'America/New_York' },
      end: { dateTime: booking.end, timeZone: 'America/New_York' },
      attendees: [{ email: 'ada@example.com', displayName: 'Ada Lovelace' }, { email: 'charles@example.com' }],
      conferenceData: { createRequest: { requestId: booking.id, conferenceSolutionKey: { type: 'hangoutsMeet' } } },
      extendedProperties: { private: { meetwise: 'booking', meetwiseBookingId: booking.id } },
      status: 'confirmed',
    });
    expect(meet.description).toContain('Guest: Ada Lovelace <ada@example.com>');
    expect(meet.description).toContain('Bring the engine plans.');
    expect(meet.description).toContain('https://meetwise.example/book/design-review');
    expect(meet.location).toBeUndefined();

    const phone = googleEventFor(
      { ...booking, status: 'pending' },
      eventOf({ locationType: 'phone', locationDetail: '+1 555 0100' }),
      undefined,
    );
    expect(phone.conferenceData).toBeUndefined();
    expect(phone.location).toBe('Phone call: call +1 555 0100');
    expect(phone.status).toBe('tentative');
  });
});

describe('the built-in calendar', () => {
  it('knows no other commitments and sends no invitation (the booking is its own event)', async () => {
    expect(await builtinCalendar.busyTimes({} as never, 0, 1)).toEqual([]);
    expect(builtinCalendar.plannedEventId({ id: 'b1' })).toBe('builtin-b1');
    expect(await builtinCalendar.createEvent({} as never, booking, eventOf({}))).toBe(false);
    expect(builtinCalendar.bookingEvents).toBeUndefined();
  });
});
