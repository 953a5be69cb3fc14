import * as z from 'zod/mini';

import { optional, type Values } from '#functions/config/variables';

/**
 * One machine: the local peers (DynamoDB Local, the SES emulator) the local runner starts, and its own settings. In
 * the cloud none is set: the SDK finds the regional endpoints.
 */

/** The local peers (DynamoDB Local, the SES emulator) accept any credentials; the cloud uses the Lambda role's. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

const sesEndpoint = () => z.url({ protocol: /^https?$/, message: 'must be a URL such as http://127.0.0.1:8005' });

export const localVariables = {
  DYNAMODB_ENDPOINT: optional(z.url({ protocol: /^https?$/, message: 'must be a URL such as http://127.0.0.1:8000' })),
  SES_ENDPOINT: optional(sesEndpoint()),
  // One machine only (issue 30): the local runner's job deadlines, shorter than the cloud's timeouts, in seconds.
  LOCAL_JOB_TIMEOUT_SECONDS: optional(
    z.coerce.number({ message: 'must be a number' }).check(z.int('must be a whole number'), z.gte(1), z.lte(900)),
  ),
  // One machine only: another SES stand-in for the local runner's mail than its emulator (the crash-recovery test's).
  LOCAL_SES_ENDPOINT: optional(sesEndpoint()),
};

/** The local runner's own settings (Config['localRunner']). */
export const localRunnerOf = (env: Values<typeof localVariables>) => ({
  jobTimeoutSeconds: env.LOCAL_JOB_TIMEOUT_SECONDS,
  sesEndpoint: env.LOCAL_SES_ENDPOINT,
});
