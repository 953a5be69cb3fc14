import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';

import { LOCAL_CREDENTIALS, type Config } from '#functions/config';
import type { Mailer } from '#functions/ports/mail';

/** The SES client: the region's SES in the cloud, the SES emulator on one machine (same API, same code). */
export const sesClient = (config: Pick<Config, 'region' | 'sesEndpoint'>) =>
  new SESClient({
    region: config.region,
    ...(config.sesEndpoint ? { endpoint: config.sesEndpoint, credentials: LOCAL_CREDENTIALS } : {}),
    maxAttempts: 3,
  });

/**
 * Sends the mail that is not a booking's (sign-in links, address proofs, contact messages, team invitations, notices)
 * through SES: a text and an HTML part.
 */
export function sesMailer(config: Pick<Config, 'region' | 'sesEndpoint' | 'mailFrom'>): Mailer {
  const client = sesClient(config);
  return {
    async send(mail) {
      const result = await client.send(
        new SendEmailCommand({
          Source: config.mailFrom,
          Destination: { ToAddresses: mail.to },
          ReplyToAddresses: mail.replyTo,
          Message: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: mail.text, Charset: 'UTF-8' },
              Html: { Data: mail.html, Charset: 'UTF-8' },
            },
          },
        }),
      );
      return result.MessageId ?? '';
    },
  };
}
