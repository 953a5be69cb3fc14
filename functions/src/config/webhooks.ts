import * as z from 'zod/mini';

import type { secretVariables } from '#functions/config/secrets';
import { optional, sqsQueueUrl, withDefault, type Values, type VariableCheck } from '#functions/config/variables';

/** Webhooks (issue 29). */
export interface WebhooksConfig {
  /**
   * One machine only (WEBHOOKS_ALLOW_LOCAL=true, which `npm start` sets and the cloud never does): endpoints may be
   * http://localhost and http://127.0.0.1, and deliveries may reach loopback addresses. Off: https:// only, and every
   * address a name resolves to must be public.
   */
  allowLocal: boolean;
  /** The SQS delivery queue (the cloud; set by CDK on the functions that send to it); unset: the table's queue. */
  queueUrl: string | undefined;
}

export const webhookVariables = {
  WEBHOOKS_ALLOW_LOCAL: withDefault(z.enum(['true', 'false'], { message: 'must be true or false' }), 'false'),
  WEBHOOK_QUEUE_URL: optional(sqsQueueUrl()),
};

/** One machine's setting only: in the cloud (a KMS key seals the tokens there) webhooks never reach local addresses. */
export const webhookChecks: VariableCheck<
  typeof webhookVariables & Pick<typeof secretVariables, 'CALENDAR_KMS_KEY_ID'>
> = (env, context) => {
  if (env.WEBHOOKS_ALLOW_LOCAL === 'true' && env.CALENDAR_KMS_KEY_ID) {
    context.addIssue({
      code: 'custom',
      path: ['WEBHOOKS_ALLOW_LOCAL'],
      message: 'is for one machine only (npm start), never with CALENDAR_KMS_KEY_ID (the cloud)',
    });
  }
};

/** Config['webhooks']. */
export const webhooksOf = (env: Values<typeof webhookVariables>): WebhooksConfig => ({
  allowLocal: env.WEBHOOKS_ALLOW_LOCAL === 'true',
  queueUrl: env.WEBHOOK_QUEUE_URL,
});
