import * as z from 'zod/mini';

import { optional, type Values, type VariableCheck } from '#functions/config/variables';

/** Google sign-in and Google Calendar: one OAuth client. */

export interface GoogleConfig {
  /** Public: it appears in every authorization URL. */
  clientId: string;
  /** Only the functions that talk to Google's token endpoint get it (the CDK stack passes it to those alone). */
  clientSecret: string | undefined;
  /**
   * One address standing in for accounts.google.com, oauth2.googleapis.com and www.googleapis.com: the fake
   * Google server of the tests. Unset: Google's own addresses.
   */
  rootUrl: string | undefined;
}

export const googleVariables = {
  GOOGLE_CLIENT_ID: optional(
    z
      .string()
      .check(z.regex(/^[\w.-]{3,200}$/, 'must be an OAuth client id such as 1234-abc.apps.googleusercontent.com')),
  ),
  GOOGLE_CLIENT_SECRET: optional(z.string().check(z.minLength(8, 'must be the OAuth client secret'), z.maxLength(200))),
  GOOGLE_ROOT_URL: optional(z.url({ protocol: /^https?$/, message: 'must be a URL such as http://127.0.0.1:8100' })),
};

/** A client secret only with its client id. */
export const googleChecks: VariableCheck<typeof googleVariables> = (env, context) => {
  if (env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID) {
    context.addIssue({
      code: 'custom',
      path: ['GOOGLE_CLIENT_SECRET'],
      message: 'is set but GOOGLE_CLIENT_ID is not',
    });
  }
};

/** Google, configured when a client id is set (Config['google']). */
export const googleOf = (env: Values<typeof googleVariables>): GoogleConfig | null =>
  env.GOOGLE_CLIENT_ID
    ? {
        clientId: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        rootUrl: env.GOOGLE_ROOT_URL?.replace(/\/+$/, ''),
      }
    : null;
