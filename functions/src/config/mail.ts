import * as z from 'zod/mini';

import { optional, sqsQueueUrl, withDefault, type Values } from '#functions/config/variables';

/** Mail: the addresses it comes from and goes to, SES's configuration set, and booking mail's queue and rate. */

export const mailVariables = {
  MAIL_FROM: withDefault(z.email({ message: 'must be an e-mail address' }), 'no-reply@meetwise.app'),
  CONTACT_EMAIL: withDefault(z.email({ message: 'must be an e-mail address' }), 'hello@meetwise.app'),
  SES_CONFIGURATION_SET: optional(z.string().check(z.regex(/^[\w-]{1,64}$/, 'must be an SES configuration set name'))),
  MAIL_QUEUE_URL: optional(sqsQueueUrl()),
  MAIL_RATE_PER_SECOND: withDefault(
    z.coerce.number({ message: 'must be a number' }).check(z.int('must be a whole number'), z.gte(1), z.lte(100_000)),
    14,
  ),
};

/** Booking mail's queue and the stage's sending rate (Config['mailQueue']). */
export const mailQueueOf = (env: Values<typeof mailVariables>) => ({
  url: env.MAIL_QUEUE_URL,
  ratePerSecond: env.MAIL_RATE_PER_SECOND,
});
