import { describe, expect, it } from 'vitest';

import type { BookingListItem } from '#shared/api/schemas/bookings';
import { bookingsCsv, exportFileName, wallClock } from '#frontend/lib/booking-export.ts';
import { csvBlob, csvField, toCsv } from '#frontend/lib/csv.ts';

/** Issue 30: the bookings export, RFC 4180 CSV in UTF-8 with its header row, times in the viewer's zone. */

const booking: BookingListItem = {
  id: 'b-1',
  firstName: 'Zoë',
  lastName: 'O"Brien, Jr.',
  email: 'zoe@example.com',
  startTime: '2026-03-08T06:30:00.000Z',
  endTime: '2026-03-08T07:00:00.000Z',
  meetingType: 'followup',
  status: 'confirmed',
  eventTitle: 'Intro Call',
  eventSlug: 'intro-call',
  hostName: 'Avery Host',
  guestTimeZone: 'Europe/Berlin',
  additionalInfo: 'Line one\nline two',
  guests: ['a@example.com', 'b@example.com'],
  noShow: false,
  rescheduled: true,
  teamSlug: null,
  teamName: null,
  assignmentReason: null,
  rescheduleUrl: null,
  source: { utm_source: 'news', utm_campaign: 'spring' },
};

describe('CSV (RFC 4180)', () => {
  it('quotes fields holding a comma, a quote, CR or LF, doubling the quotes; others stay as they are', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvField('')).toBe('');
  });

  it('guards values a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")', true)).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1 555', true)).toBe("'+1 555");
    expect(csvField('@x', true)).toBe("'@x");
    expect(csvField('-2', false)).toBe('-2');
  });

  it('writes the header row first and ends every record with CRLF', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (row: { name: string }) => row.name },
        { header: 'Len', value: (row: { name: string }) => String(row.name.length) },
      ],
      [{ name: 'Ada' }, { name: 'B, C' }],
    );
    expect(csv).toBe('Name,Len\r\nAda,3\r\n"B, C",4\r\n');
    expect(toCsv([{ header: 'Only', value: () => '' }], [])).toBe('Only\r\n');
  });

  it('is saved as UTF-8 with a byte order mark, as text/csv with a header', async () => {
    const blob = csvBlob('Name\r\nZoë\r\n');
    expect(blob.type).toBe('text/csv;charset=utf-8;header=present');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Name\r\nZoë\r\n');
  });
});

describe('the bookings export', () => {
  it("writes times on the viewer's wall clock (24-hour), naming the zone in the headers", () => {
    // 06:30 UTC on 8 March 2026: 01:30 EST in New York (the clocks go forward at 02:00), 07:30 in Berlin.
    expect(wallClock(booking.startTime, 'America/New_York')).toBe('2026-03-08 01:30');
    expect(wallClock('2026-03-08T07:30:00.000Z', 'America/New_York')).toBe('2026-03-08 03:30');
    expect(wallClock(booking.startTime, 'Europe/Berlin')).toBe('2026-03-08 07:30');
    expect(wallClock('2026-03-07T23:00:00.000Z', 'Asia/Tokyo')).toBe('2026-03-08 08:00');
  });

  it('has one record per booking under the header row, every field escaped', () => {
    const csv = bookingsCsv(
      [booking, { ...booking, id: 'b-2', firstName: '=cmd', status: 'cancelled' }],
      'Europe/Berlin',
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      "Start (Europe/Berlin),End (Europe/Berlin),Status,First name,Last name,Email,Other guests,Event,Meeting type,Host,Team,Guest's time zone,No-show,Rescheduled,Additional information,Source,Booking ID",
    );
    expect(lines[1]).toBe(
      '2026-03-08 07:30,2026-03-08 08:00,Confirmed,Zoë,"O""Brien, Jr.",zoe@example.com,"a@example.com, b@example.com",Intro Call,Follow-up Meeting,Avery Host,,Europe/Berlin,No,Yes,"Line one\nline two","utm_source=news, utm_campaign=spring",b-1',
    );
    expect(lines[2]).toMatch(/^2026-03-08 07:30,2026-03-08 08:00,Cancelled,'=cmd,/);
    expect(lines.length).toBe(4);
    expect(lines[3]).toBe('');
  });

  it('names the file by its range', () => {
    expect(exportFileName({ start: '2026-03-01', end: '2026-03-31' })).toBe(
      'meetwise-bookings-2026-03-01-to-2026-03-31.csv',
    );
    expect(exportFileName({ start: '2026-03-01', end: '2026-03-01' }, 'meetings')).toBe(
      'meetwise-meetings-2026-03-01.csv',
    );
  });
});
