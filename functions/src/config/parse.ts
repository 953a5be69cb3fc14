import * as z from 'zod/mini';

import { googleChecks, googleOf, googleVariables, type GoogleConfig } from '#functions/config/google';
import { localRunnerOf, localVariables } from '#functions/config/local';
import { mailQueueOf, mailVariables } from '#functions/config/mail';
import {
  passwordChecks,
  passwordHashCostOf,
  passwordVariables,
  type PasswordHashCost,
} from '#functions/config/passwords';
import { schedulerChecks, schedulerOf, schedulerVariables, type SchedulerConfig } from '#functions/config/scheduler';
import { secretChecks, secretVariables, tokenKeyOf } from '#functions/config/secrets';
import { siteOf, siteUrlOf, stageVariables } from '#functions/config/stage';
import {
  billingDemoChecks,
  billingOf,
  stripeKeyChecks,
  stripeModeChecks,
  stripeVariables,
  type BillingConfig,
} from '#functions/config/stripe';
import { webhookChecks, webhooksOf, webhookVariables, type WebhooksConfig } from '#functions/config/webhooks';

/** The configuration as the code reads it, and how an environment becomes it (parseConfig). */

const configSchema = z
  .object({
    ...stageVariables,
    ...localVariables,
    ...mailVariables,
    ...secretVariables,
    ...googleVariables,
    ...schedulerVariables,
    ...stripeVariables,
    ...webhookVariables,
    ...passwordVariables,
  })
  .check(
    z.superRefine((env, context) => {
      for (const check of [
        secretChecks,
        googleChecks,
        stripeKeyChecks,
        billingDemoChecks,
        webhookChecks,
        stripeModeChecks,
        schedulerChecks,
        passwordChecks,
      ]) {
        check(env, context);
      }
    }),
  );

export interface Config {
  /** Null when no Stripe keys are configured: billing off, every feature available, no trial rule. */
  billing: BillingConfig | null;
  /** Set in the cloud; unset on one machine, where timers are kept in the table and fired by the local runner. */
  scheduler: SchedulerConfig | null;
  /** The SES configuration set booking mail is sent with (bounce and complaint events); unset on one machine. */
  sesConfigurationSet: string | undefined;
  tableName: string;
  region: string;
  /** Set only on one machine (DynamoDB Local); in the cloud the SDK finds the regional endpoint. */
  dynamoEndpoint: string | undefined;
  /** Set only on one machine (the SES emulator). */
  sesEndpoint: string | undefined;
  mailFrom: string;
  contactEmail: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** JSON lines through Powertools (the cloud), or one readable line per entry (the local runner's terminal). */
  logFormat: 'json' | 'readable';
  port: number;
  dataDir: string;
  /**
   * The key that signs session tokens (base64url). Unset on one machine: a key is generated once under dataDir.
   * The CDK stack sets it from a generated secret.
   */
  sessionSecret: string | undefined;
  /**
   * The cloud: the value CloudFront adds to every /api request (X-Origin-Verify). A request without it came to the
   * API directly, past the distribution's headers, and is refused. Unset on one machine.
   */
  originSecret: string | undefined;
  /**
   * A rotation's grace period: the session key and origin secret before the current ones, still accepted (sessions
   * signed and guest links derived with the previous key; requests CloudFront sends with the previous origin secret).
   * New sessions and links always use the current key. Unset outside a rotation.
   */
  sessionSecretPrevious: string | undefined;
  originSecretPrevious: string | undefined;
  /** E-mail addresses (lower-case) whose accounts are administrators. */
  adminEmails: string[];
  /**
   * The site's address as browsers use it (the cloud: the CloudFront URL, set by CDK; one machine: SITE_URL, else
   * http://localhost:{PORT}). Every absolute URL the server builds (links in e-mails, OAuth redirects, feed URLs)
   * and the same-site check use it; never a request header (docs/security.md, "One site address").
   */
  siteUrl: string;
  /**
   * Issue 30: where the built-in video call's rooms are (VIDEO_ROOM_BASE_URL, default https://meet.jit.si): each
   * booking's room is `{base}/Meetwise-{32 random hex digits}`.
   */
  videoRoomBaseUrl: string;
  /**
   * Multiplies every abuse limit (functions/src/domain/abuse-limits.ts): 1 in production; test suites and load tests
   * that book or register hundreds of times from one address raise it, and the limits' own tests run at 1.
   */
  rateLimitMultiplier: number;
  /** The cost of new password hashes: `standard` but in the test suites' own stacks (config/passwords.ts). */
  passwordHashCost: PasswordHashCost;
  /**
   * The local runner only (issue 30): its jobs' deadline when shorter than the cloud's timeouts (LOCAL_JOB_TIMEOUT_SECONDS,
   * infra/local/lambda-context.ts), and the SES endpoint its mail goes to instead of its emulator (LOCAL_SES_ENDPOINT).
   */
  localRunner: { jobTimeoutSeconds: number | undefined; sesEndpoint: string | undefined };
  /** The interface the local server listens on (one machine only): 127.0.0.1 unless HOST says otherwise. */
  host: string;
  /** The S3 bucket for uploaded photos (the cloud); unset on one machine, where they go under dataDir/photos. */
  photoBucket: string | undefined;
  /**
   * Where the booking page publisher finds the built page shells (book.html, team.html) and puts the pages it renders: the site
   * bucket in the cloud (SITE_BUCKET); on one machine the build folder (SITE_DIR, default frontend/dist), the pages
   * going under dataDir/site.
   */
  site: { bucket: string } | { buildDir: string };
  /** Google sign-in and Google Calendar: configured when a client id is set. */
  google: GoogleConfig | null;
  /**
   * How hosts' Google refresh tokens and feed tokens are sealed at rest: a KMS key (the cloud; envelope encryption),
   * else a 32-byte key from CALENDAR_TOKEN_KEY, else one generated under dataDir.
   */
  tokenKey: { kmsKeyId: string } | { localKey: Uint8Array | null };
  webhooks: WebhooksConfig;
  /**
   * Booking mail's queue (issue 30): the SQS queue (the cloud; MAIL_QUEUE_URL, set by CDK on the functions that queue
   * mail), else the table's queue; and the stage's sending rate (MAIL_RATE_PER_SECOND, default 14, SES's default):
   * the consumer keeps to the lower of it and the account's rate as SES reports it.
   */
  mailQueue: { url: string | undefined; ratePerSecond: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates an environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}. See .env.example.`);
  }
  const c = parsed.data;
  return {
    billing: billingOf(c),
    scheduler: schedulerOf(c),
    sesConfigurationSet: c.SES_CONFIGURATION_SET,
    tableName: c.TABLE_NAME,
    region: c.AWS_REGION,
    dynamoEndpoint: c.DYNAMODB_ENDPOINT,
    sesEndpoint: c.SES_ENDPOINT,
    mailFrom: c.MAIL_FROM,
    contactEmail: c.CONTACT_EMAIL,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    port: c.PORT,
    dataDir: c.DATA_DIR,
    sessionSecret: c.SESSION_SECRET,
    originSecret: c.ORIGIN_SECRET,
    sessionSecretPrevious: c.SESSION_SECRET_PREVIOUS,
    originSecretPrevious: c.ORIGIN_SECRET_PREVIOUS,
    adminEmails: c.ADMIN_EMAILS ?? [],
    photoBucket: c.PHOTO_BUCKET,
    site: siteOf(c),
    siteUrl: siteUrlOf(c),
    videoRoomBaseUrl: c.VIDEO_ROOM_BASE_URL.replace(/\/+$/, ''),
    host: c.HOST,
    rateLimitMultiplier: c.RATE_LIMIT_MULTIPLIER,
    passwordHashCost: passwordHashCostOf(c),
    localRunner: localRunnerOf(c),
    tokenKey: tokenKeyOf(c),
    webhooks: webhooksOf(c),
    mailQueue: mailQueueOf(c),
    google: googleOf(c),
  };
}
