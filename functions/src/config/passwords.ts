import * as z from 'zod/mini';

import type { secretVariables } from '#functions/config/secrets';
import { withDefault, type Values, type VariableCheck } from '#functions/config/variables';

/**
 * How much work a password hash costs (PASSWORD_HASH_COST): `standard`, OWASP's scrypt parameters
 * (adapters/passwords/scrypt.ts), everywhere but in the test suites' own stacks, which register and sign in hundreds
 * of accounts and set `low`. A hash records its parameters, so a password is always checked at the cost it was hashed
 * with.
 */
export type PasswordHashCost = 'standard' | 'low';

export const passwordVariables = {
  PASSWORD_HASH_COST: withDefault(z.enum(['standard', 'low'], { message: 'must be standard or low' }), 'standard'),
};

/**
 * `low` is for one machine's tests only: refused beside what the CDK stack sets on every function (CALENDAR_KMS_KEY_ID,
 * ORIGIN_SECRET), as WEBHOOKS_ALLOW_LOCAL is.
 */
export const passwordChecks: VariableCheck<
  typeof passwordVariables & Pick<typeof secretVariables, 'CALENDAR_KMS_KEY_ID' | 'ORIGIN_SECRET'>
> = (env, context) => {
  if (env.PASSWORD_HASH_COST === 'low' && (env.CALENDAR_KMS_KEY_ID || env.ORIGIN_SECRET)) {
    context.addIssue({
      code: 'custom',
      path: ['PASSWORD_HASH_COST'],
      message: 'may be low only for tests on one machine, never with CALENDAR_KMS_KEY_ID or ORIGIN_SECRET (the cloud)',
    });
  }
};

/** Config['passwordHashCost']. */
export const passwordHashCostOf = (env: Values<typeof passwordVariables>): PasswordHashCost => env.PASSWORD_HASH_COST;
