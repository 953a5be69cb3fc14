import * as z from 'zod/mini';

import { optional, type Values, type VariableCheck } from '#functions/config/variables';

/**
 * The stage's secrets: the session key and CloudFront's origin secret (each with its predecessor during a rotation),
 * and the key that seals hosts' calendar tokens.
 */

const SESSION_KEY = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43,}$/, 'must be at least 32 random bytes, base64url-encoded (43+ characters)'));
const ORIGIN_SECRET = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{32,}$/, 'must be at least 32 letters, digits, "_" or "-"'));

export const secretVariables = {
  SESSION_SECRET: optional(SESSION_KEY),
  ORIGIN_SECRET: optional(ORIGIN_SECRET),
  // A rotation's grace period (docs/operations.md "Rotating secrets"): the value before the current one, still accepted.
  SESSION_SECRET_PREVIOUS: optional(SESSION_KEY),
  ORIGIN_SECRET_PREVIOUS: optional(ORIGIN_SECRET),
  CALENDAR_TOKEN_KEY: optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 random bytes, base64url-encoded (43 characters)')),
  ),
  CALENDAR_KMS_KEY_ID: optional(
    z
      .string()
      .check(
        z.regex(
          /^(arn:aws[\w-]*:kms:[\w-]+:\d{12}:(key|alias)\/[\w/+=,.@-]+|alias\/[\w/+=,.@-]+|[0-9a-f-]{36})$/,
          'must be a KMS key id, key ARN or alias',
        ),
      ),
  ),
};

/** A previous value only during a rotation of the current one. */
export const secretChecks: VariableCheck<typeof secretVariables> = (env, context) => {
  for (const [previous, current] of [
    ['SESSION_SECRET_PREVIOUS', 'SESSION_SECRET'],
    ['ORIGIN_SECRET_PREVIOUS', 'ORIGIN_SECRET'],
  ] as const) {
    if (env[previous] && !env[current]) {
      context.addIssue({ code: 'custom', path: [previous], message: `is set but ${current} is not` });
    }
  }
};

/** How calendar tokens are sealed (Config['tokenKey']): a KMS key, else CALENDAR_TOKEN_KEY, else one made locally. */
export const tokenKeyOf = (
  env: Values<typeof secretVariables>,
): { kmsKeyId: string } | { localKey: Uint8Array | null } =>
  env.CALENDAR_KMS_KEY_ID
    ? { kmsKeyId: env.CALENDAR_KMS_KEY_ID }
    : { localKey: env.CALENDAR_TOKEN_KEY ? new Uint8Array(Buffer.from(env.CALENDAR_TOKEN_KEY, 'base64url')) : null };
