import { createRequire } from 'node:module';
import { SendEmailCommand, SendRawEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import ical, { type VEvent } from 'node-ical';
import { afterEach, describe, expect, it } from 'vitest';

import { sesMailer } from '#functions/adapters/ses/mailer';
import { sesRawMailer } from '#functions/adapters/ses/raw-mailer';
import { calendarFileFor } from '#functions/domain/mail/calendar-file';
import type { BookingMail, CalendarInvite } from '#functions/ports/mail';

/** The parts of mailparser's answer these tests read (mailparser ships no types; the SES emulator uses it too). */
interface ParsedAddress {
  value: { name: string; address: string }[];
}
interface ParsedMail {
  from?: ParsedAddress;
  to?: ParsedAddress;
  replyTo?: ParsedAddress;
  subject?: string;
  text?: string;
  html: string | false;
  headers: Map<string, unknown>;
  attachments: {
    contentType: string;
    filename?: string;
    contentDisposition?: string;
    content: Buffer;
    headers: Map<string, unknown>;
  }[];
}
const { simpleParser } = createRequire(import.meta.url)('mailparser') as {
  simpleParser(source: Buffer): Promise<ParsedMail>;
};

const INVITE: CalendarInvite = {
  method: 'REQUEST',
  uid: 'b-1@meetwise',
  sequence: 3,
  start: '2026-03-09T14:00:00.000Z',
  end: '2026-03-09T14:30:00.000Z',
  summary: 'Intro Call with Jordan Avery',
  description: 'A first conversation.\n\nAdditional information: About the engine',
  location: 'Café Müller, Berlin',
  url: 'https://meetwise.test/booking/b-1?token=secret&x=1',
  organizer: { name: 'Jordan Avery', email: 'jordan@meetwise.test' },
  attendees: [
    { name: 'Ada Lovelace', email: 'ada@example.com' },
    { name: null, email: 'bob@example.com' },
  ],
  status: 'CONFIRMED',
};

const MAIL: BookingMail = {
  to: ['ada@example.com'],
  replyTo: ['jordan@meetwise.test'],
  fromName: 'Jordan "JA" Ävery via Meetwise',
  subject: 'Confirmed: Intro Call with Jordan Avery on Mon, Mar 9, 2026 at 3:00 PM',
  text: 'Your booking is confirmed.\nWhen: Monday, March 9, 2026, 3:00 PM – 3:30 PM (Europe/Berlin)\n',
  html: '<!DOCTYPE html><html><body><p>Your booking is <b>confirmed</b>.</p></body></html>',
  invite: INVITE,
};

const CONFIG = {
  region: 'us-east-1',
  sesEndpoint: undefined,
  mailFrom: 'no-reply@meetwise.test',
  sesConfigurationSet: 'meetwise-mail',
};

const ses = mockClient(SESClient);
afterEach(() => ses.reset());

/** Sends `mail` through the mocked SES; answers the command's input, the raw message and the message id. */
async function send(mail: BookingMail, config: typeof CONFIG | Omit<typeof CONFIG, 'sesConfigurationSet'> = CONFIG) {
  ses.on(SendRawEmailCommand).resolves({ MessageId: 'message-1' });
  const id = await sesRawMailer({ sesConfigurationSet: undefined, ...config }).send(mail);
  const calls = ses.commandCalls(SendRawEmailCommand);
  expect(calls).toHaveLength(1);
  const input = calls[0]!.args[0].input;
  const raw = Buffer.from(input.RawMessage!.Data!);
  return { id, input, raw, parsed: await simpleParser(raw) };
}

const contentType = (headers: Map<string, unknown>) =>
  headers.get('content-type') as { value: string; params: Record<string, string> };

const eventOf = (ics: string): VEvent => {
  const event = Object.values(ical.sync.parseICS(ics)).find((component) => component?.type === 'VEVENT');
  expect(event).toBeDefined();
  return event as VEvent;
};

describe('sending a booking mail as raw MIME through SES', () => {
  it('sends From "{name}" <MAIL_FROM>, Reply-To, text, HTML and the configuration set; answers the id', async () => {
    const { id, input, raw, parsed } = await send({ ...MAIL, invite: undefined });
    expect(id).toBe('message-1');
    expect(input.Source).toBe('no-reply@meetwise.test');
    expect(input.ConfigurationSetName).toBe('meetwise-mail');
    const from = { name: 'Jordan "JA" Ävery via Meetwise', address: 'no-reply@meetwise.test' };
    expect(parsed.from?.value).toEqual([from]);
    expect(parsed.to?.value).toEqual([{ name: '', address: 'ada@example.com' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'jordan@meetwise.test' }]);
    expect(parsed.subject).toBe(MAIL.subject);
    expect(parsed.text).toBe(MAIL.text);
    expect(parsed.html).toBe(MAIL.html);
    expect(parsed.attachments).toEqual([]);
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    // The non-ASCII display name is encoded (RFC 2047), never sent raw in the header.
    const unfolded = raw.toString('latin1').replace(/\r\n[ \t]+/g, ' ');
    const fromHeader = /^From: (.*)$/m.exec(unfolded)![1]!;
    expect(fromHeader).toMatch(/=\?UTF-8\?[QB]\?/i);
    expect(fromHeader).toContain('<no-reply@meetwise.test>');
    expect(raw.toString('latin1')).toMatch(/Content-Type: multipart\/alternative/);
  });

  it('leaves ConfigurationSetName out when none is configured', async () => {
    const { input } = await send({ ...MAIL, invite: undefined }, { ...CONFIG, sesConfigurationSet: undefined });
    expect(input).not.toHaveProperty('ConfigurationSetName');
  });

  it.each(['REQUEST', 'CANCEL'] as const)(
    'carries a %s invitation inline (text/calendar; method=…) and as invite.ics',
    async (method) => {
      const invite: CalendarInvite = { ...INVITE, method, status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED' };
      const { raw, parsed } = await send({ ...MAIL, invite });
      expect(parsed.text).toBe(MAIL.text);
      expect(parsed.html).toBe(MAIL.html);
      expect(raw.toString('latin1')).toContain(`Content-Type: text/calendar; charset=utf-8; method=${method}`);

      const inline = parsed.attachments.find((part) => part.contentType === 'text/calendar');
      const file = parsed.attachments.find((part) => part.filename === 'invite.ics');
      expect(contentType(inline!.headers).params.method).toBe(method);
      expect(file).toMatchObject({ contentType: 'application/ics', contentDisposition: 'attachment' });
      expect(parsed.attachments).toHaveLength(2);

      for (const part of [inline!, file!]) {
        const ics = part.content.toString('utf8');
        expect(ics).toContain(`METHOD:${method}`);
        const event = eventOf(ics);
        expect(event.uid).toBe('b-1@meetwise');
        expect(Number(event.sequence)).toBe(3);
        expect(event.status).toBe(method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED');
        expect(event.start.toISOString()).toBe('2026-03-09T14:00:00.000Z');
        expect(event.end?.toISOString()).toBe('2026-03-09T14:30:00.000Z');
      }
    },
  );
});

describe('sending any other mail through SES', () => {
  it('sends its text and its HTML part, from MAIL_FROM, with Reply-To when given; answers the id', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'message-2' });
    const mail = {
      to: ['ada@example.com'],
      replyTo: ['bob@example.com'],
      subject: 'Your Meetwise sign-in link',
      text: 'Hello Ada,\n\nTo sign in, open this link:\nhttps://meetwise.test/sign-in-link?token=t',
      html: '<!DOCTYPE html><html><body><p>Hello Ada,</p></body></html>',
    };
    expect(await sesMailer(CONFIG).send(mail)).toBe('message-2');
    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      Source: 'no-reply@meetwise.test',
      Destination: { ToAddresses: ['ada@example.com'] },
      ReplyToAddresses: ['bob@example.com'],
      Message: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
      },
    });
  });
});

describe('the calendar file', () => {
  it('is one event in UTC with the invitation’s UID, SEQUENCE, STATUS, people, URL and texts', () => {
    const ics = calendarFileFor(INVITE);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART:20260309T140000Z');
    expect(ics).toContain('DTEND:20260309T143000Z');
    expect(ics).toMatch(/^ORGANIZER;CN="Jordan Avery":mailto:jordan@meetwise\.test\r?$/m);
    expect(ics).toMatch(/^ATTENDEE;.*CN="Ada Lovelace".*:MAILTO:ada@example\.com\r?$/im);
    expect(ics).toMatch(/^ATTENDEE;.*:MAILTO:bob@example\.com\r?$/im);

    const parsed = ical.sync.parseICS(ics);
    expect(parsed.vcalendar).toMatchObject({ method: 'REQUEST' });
    const event = eventOf(ics);
    expect(event).toMatchObject({
      uid: 'b-1@meetwise',
      summary: 'Intro Call with Jordan Avery',
      description: INVITE.description,
      location: 'Café Müller, Berlin',
      status: 'CONFIRMED',
    });
    expect(Number(event.sequence)).toBe(3);
    expect(event.start.toISOString()).toBe(INVITE.start);
    expect(event.end?.toISOString()).toBe(INVITE.end);
    const url = event.url as unknown as string | { val: string };
    expect(typeof url === 'string' ? url : url.val).toBe(INVITE.url);
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED, and leaves out what the invitation lacks', () => {
    const ics = calendarFileFor({
      ...INVITE,
      method: 'CANCEL',
      status: 'CANCELLED',
      sequence: 4,
      location: null,
      url: null,
      description: '',
    });
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:4');
    expect(ics).not.toMatch(/^(LOCATION|URL|DESCRIPTION)[;:]/m);
    expect(eventOf(ics)).toMatchObject({ uid: 'b-1@meetwise', method: 'CANCEL' });
  });
});
