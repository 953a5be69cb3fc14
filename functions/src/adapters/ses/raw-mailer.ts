import { SendRawEmailCommand } from '@aws-sdk/client-ses';
import MailComposer from 'nodemailer/lib/mail-composer';

import { sesClient } from '#functions/adapters/ses/mailer';
import type { Config } from '#functions/config';
import { calendarFileFor } from '#functions/domain/mail/calendar-file';
import type { BookingMail, BookingMailer } from '#functions/ports/mail';

/**
 * Sends booking mail through SES (in the cloud) or the SES emulator (on one machine) as raw MIME, which the
 * simple SendEmail call cannot carry: a text and an HTML alternative, and for an invitation a
 * `text/calendar; method=…` alternative (what makes mail apps show "Add to calendar" or update the event) plus the
 * same calendar as an `invite.ics` attachment (for apps that only look at attachments).
 */
export function sesRawMailer(
  config: Pick<Config, 'region' | 'sesEndpoint' | 'mailFrom' | 'sesConfigurationSet'>,
): BookingMailer {
  const client = sesClient(config);
  return {
    async send(mail) {
      const raw = await rawMessage(mail, config.mailFrom);
      const result = await client.send(
        new SendRawEmailCommand({
          Source: config.mailFrom,
          RawMessage: { Data: raw },
          ...(config.sesConfigurationSet ? { ConfigurationSetName: config.sesConfigurationSet } : {}),
        }),
      );
      return result.MessageId ?? '';
    },
  };
}
/** The MIME message of a booking mail, from "{fromName}" <mailFrom> (the name encoded as headers need). */
export function rawMessage(mail: BookingMail, mailFrom: string): Promise<Buffer> {
  const calendar = mail.invite ? calendarFileFor(mail.invite) : null;
  const composer = new MailComposer({
    from: { name: mail.fromName, address: mailFrom },
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // Automated mail: out-of-office responders should not answer it (RFC 3834).
    headers: { 'Auto-Submitted': 'auto-generated' },
    // Nodemailer adds it twice: as the text/calendar alternative and as an invite.ics attachment.
    ...(calendar && mail.invite
      ? { icalEvent: { method: mail.invite.method, filename: 'invite.ics', content: calendar } }
      : {}),
  });
  return composer.compile().build();
}
