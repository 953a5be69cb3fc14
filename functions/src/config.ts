import { existsSync } from 'node:fs';
import * as z from 'zod/mini';

import { loadEnglishMessages } from '#shared/api/zod-english';
import { DEFAULT_VIDEO_ROOM_BASE_URL } from '#shared/locations';

/**
 * The one configuration module. Every setting comes from the environment, is validated here, and is
 * read nowhere else (an ESLint rule forbids process.env outside this file). `.env.example` documents each one.
 */

loadEnglishMessages();

/** The local peers (DynamoDB Local, the SES emulator) accept any credentials; the cloud uses the Lambda role's. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

const blankToUndefined = z.transform((value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value,
);
const optional = <T extends z.core.$ZodType>(schema: T) => z.pipe(blankToUndefined, z.optional(schema));
const withDefault = <T extends z.core.$ZodType>(schema: T, fallback: z.input<T>) =>
  z.pipe(blankToUndefined, z._default(schema, fallback as never));

const configSchema = z
  .object({
    TABLE_NAME: withDefault(
      z.string().check(z.regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be 3–255 letters, digits, "_", "-" or "."')),
      'meetwise',
    ),
    AWS_REGION: withDefault(
      z.string().check(z.regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, 'must be an AWS region such as us-east-1')),
      'us-east-1',
    ),
    DYNAMODB_ENDPOINT: optional(
      z.url({ protocol: /^https?$/, message: 'must be a URL such as http://127.0.0.1:8000' }),
    ),
    SES_ENDPOINT: optional(z.url({ protocol: /^https?$/, message: 'must be a URL such as http://127.0.0.1:8005' })),
    MAIL_FROM: withDefault(z.email({ message: 'must be an e-mail address' }), 'no-reply@meetwise.app'),
    CONTACT_EMAIL: withDefault(z.email({ message: 'must be an e-mail address' }), 'hello@meetwise.app'),
    LOG_LEVEL: withDefault(z.enum(['debug', 'info', 'warn', 'error']), 'info'),
    LOG_FORMAT: withDefault(z.enum(['json', 'readable']), 'json'),
    PORT: withDefault(
      z.coerce.number({ message: 'must be a number' }).check(z.int('must be a whole number'), z.gte(1), z.lte(65535)),
      3000,
    ),
    DATA_DIR: withDefault(z.string().check(z.minLength(1)), '.data'),
    SITE_URL: optional(
      z.url({ protocol: /^https?$/, message: 'must be the site address, such as https://meetwise.example.com' }),
    ),
    VIDEO_ROOM_BASE_URL: withDefault(
      z.url({ protocol: /^https$/, message: 'must be an https:// address, such as https://meet.jit.si' }),
      DEFAULT_VIDEO_ROOM_BASE_URL,
    ),
    HOST: withDefault(
      z
        .string()
        .check(z.regex(/^[\w.:-]{1,253}$/, 'must be an interface address or host name, such as 127.0.0.1 or 0.0.0.0')),
      '127.0.0.1',
    ),
    PHOTO_BUCKET: optional(
      z.string().check(z.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')),
    ),
    SITE_BUCKET: optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name'))),
    SITE_DIR: withDefault(z.string().check(z.minLength(1)), 'frontend/dist'),
    SESSION_SECRET: optional(
      z
        .string()
        .check(z.regex(/^[A-Za-z0-9_-]{43,}$/, 'must be at least 32 random bytes, base64url-encoded (43+ characters)')),
    ),
    ORIGIN_SECRET: optional(
      z.string().check(z.regex(/^[A-Za-z0-9_-]{32,}$/, 'must be at least 32 letters, digits, "_" or "-"')),
    ),
    // A rotation's grace period (docs/operations.md "Rotating secrets"): the value before the current one, still accepted.
    SESSION_SECRET_PREVIOUS: optional(
      z
        .string()
        .check(z.regex(/^[A-Za-z0-9_-]{43,}$/, 'must be at least 32 random bytes, base64url-encoded (43+ characters)')),
    ),
    ORIGIN_SECRET_PREVIOUS: optional(
      z.string().check(z.regex(/^[A-Za-z0-9_-]{32,}$/, 'must be at least 32 letters, digits, "_" or "-"')),
    ),
    ADMIN_EMAILS: optional(
      z.pipe(
        z.pipe(
          z.string(),
          z.transform((value) =>
            value
              .split(',')
              .map((email) => email.trim().toLowerCase())
              .filter(Boolean),
          ),
        ),
        z.array(z.email({ message: 'must be a comma-separated list of e-mail addresses' })),
      ),
    ),
    GOOGLE_CLIENT_ID: optional(
      z
        .string()
        .check(z.regex(/^[\w.-]{3,200}$/, 'must be an OAuth client id such as 1234-abc.apps.googleusercontent.com')),
    ),
    GOOGLE_CLIENT_SECRET: optional(
      z.string().check(z.minLength(8, 'must be the OAuth client secret'), z.maxLength(200)),
    ),
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
    RATE_LIMIT_MULTIPLIER: withDefault(
      z.coerce.number({ message: 'must be a number' }).check(z.int('must be a whole number'), z.gte(1), z.lte(100_000)),
      1,
    ),
    // One machine only (issue 30): the local runner's job deadlines, shorter than the cloud's timeouts, in seconds.
    LOCAL_JOB_TIMEOUT_SECONDS: optional(
      z.coerce.number({ message: 'must be a number' }).check(z.int('must be a whole number'), z.gte(1), z.lte(900)),
    ),
    // One machine only: another SES stand-in for the local runner's mail than its emulator (the crash-recovery test's).
    LOCAL_SES_ENDPOINT: optional(
      z.url({ protocol: /^https?$/, message: 'must be a URL such as http://127.0.0.1:8005' }),
    ),
    GOOGLE_ROOT_URL: optional(z.url({ protocol: /^https?$/, message: 'must be a URL such as http://127.0.0.1:8100' })),
    SCHEDULER_GROUP: optional(
      z.string().check(z.regex(/^[0-9A-Za-z_.-]{1,64}$/, 'must be an EventBridge Scheduler group name')),
    ),
    SCHEDULER_ROLE_ARN: optional(
      z.string().check(z.regex(/^arn:aws[\w-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/, 'must be an IAM role ARN')),
    ),
    SCHEDULER_DLQ_ARN: optional(
      z.string().check(z.regex(/^arn:aws[\w-]*:sqs:[\w-]+:\d{12}:[\w-]+$/, 'must be an SQS queue ARN')),
    ),
    REMINDER_FUNCTION_ARN: optional(
      z
        .string()
        .check(z.regex(/^arn:aws[\w-]*:lambda:[\w-]+:\d{12}:function:[\w-]+$/, 'must be a Lambda function ARN')),
    ),
    EXPIRY_FUNCTION_ARN: optional(
      z
        .string()
        .check(z.regex(/^arn:aws[\w-]*:lambda:[\w-]+:\d{12}:function:[\w-]+$/, 'must be a Lambda function ARN')),
    ),
    SES_CONFIGURATION_SET: optional(
      z.string().check(z.regex(/^[\w-]{1,64}$/, 'must be an SES configuration set name')),
    ),
    STRIPE_PUBLISHABLE_KEY: optional(
      z
        .string()
        .check(
          z.regex(/^pk_(test|live)_[A-Za-z0-9]{8,255}$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)'),
        ),
    ),
    STRIPE_SECRET_KEY: optional(
      z
        .string()
        .check(
          z.regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,255}$/, 'must be a Stripe secret or restricted key (sk_test_…)'),
        ),
    ),
    STRIPE_WEBHOOK_SECRET: optional(
      z.string().check(z.regex(/^whsec_[A-Za-z0-9+/=_-]{8,255}$/, 'must be a Stripe webhook signing secret (whsec_…)')),
    ),
    STRIPE_SECRET_ARN: optional(
      z
        .string()
        .check(
          z.regex(/^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:[\w/+=.@-]+$/, 'must be a Secrets Manager ARN'),
        ),
    ),
    STRIPE_API_URL: optional(z.url({ protocol: /^https?$/, message: 'must be a URL such as http://127.0.0.1:12111' })),
    // `BILLING=demo npm start` (issue 30): the bundled fake Stripe on this machine, shown as demo payments.
    BILLING_DEMO: optional(z.enum(['true', 'false'], { message: 'must be true or false' })),
    MAIL_QUEUE_URL: optional(
      z
        .string()
        .check(
          z.regex(
            /^https:\/\/sqs\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/\d{12}\/[\w-]{1,80}$/,
            'must be an SQS queue URL (https://sqs.{region}.amazonaws.com/{account}/{name})',
          ),
        ),
    ),
    MAIL_RATE_PER_SECOND: withDefault(
      z.coerce.number({ message: 'must be a number' }).check(z.int('must be a whole number'), z.gte(1), z.lte(100_000)),
      14,
    ),
    WEBHOOKS_ALLOW_LOCAL: withDefault(z.enum(['true', 'false'], { message: 'must be true or false' }), 'false'),
    WEBHOOK_QUEUE_URL: optional(
      z
        .string()
        .check(
          z.regex(
            /^https:\/\/sqs\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/\d{12}\/[\w-]{1,80}$/,
            'must be an SQS queue URL (https://sqs.{region}.amazonaws.com/{account}/{name})',
          ),
        ),
    ),
  })
  .check(
    z.superRefine((env, context) => {
      for (const [previous, current] of [
        ['SESSION_SECRET_PREVIOUS', 'SESSION_SECRET'],
        ['ORIGIN_SECRET_PREVIOUS', 'ORIGIN_SECRET'],
      ] as const) {
        if (env[previous] && !env[current]) {
          context.addIssue({ code: 'custom', path: [previous], message: `is set but ${current} is not` });
        }
      }
      if (env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID) {
        context.addIssue({
          code: 'custom',
          path: ['GOOGLE_CLIENT_SECRET'],
          message: 'is set but GOOGLE_CLIENT_ID is not',
        });
      }
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_ARN'] as const) {
        if (env[name] && !env.STRIPE_PUBLISHABLE_KEY) {
          context.addIssue({ code: 'custom', path: [name], message: 'is set but STRIPE_PUBLISHABLE_KEY is not' });
        }
      }
      if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
        context.addIssue({
          code: 'custom',
          path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
          message: 'is needed with the other: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together',
        });
      }
      // Demo payments are the fake Stripe on this machine: never in the cloud, never with real keys.
      if (env.BILLING_DEMO === 'true') {
        const host = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL).hostname : '';
        if (env.CALENDAR_KMS_KEY_ID || env.STRIPE_SECRET_ARN || !['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
          context.addIssue({
            code: 'custom',
            path: ['BILLING_DEMO'],
            message:
              'is for one machine only (BILLING=demo npm start, with the bundled fake Stripe on 127.0.0.1), never in the cloud',
          });
        }
        if (env.STRIPE_PUBLISHABLE_KEY && !env.STRIPE_PUBLISHABLE_KEY.startsWith('pk_test_')) {
          context.addIssue({ code: 'custom', path: ['BILLING_DEMO'], message: 'never goes with live Stripe keys' });
        }
      }
      // One machine's setting only: in the cloud (a KMS key seals the tokens there) webhooks never reach local addresses.
      if (env.WEBHOOKS_ALLOW_LOCAL === 'true' && env.CALENDAR_KMS_KEY_ID) {
        context.addIssue({
          code: 'custom',
          path: ['WEBHOOKS_ALLOW_LOCAL'],
          message: 'is for one machine only (npm start), never with CALENDAR_KMS_KEY_ID (the cloud)',
        });
      }
      const keyMode = (key: string | undefined) => /_(test|live)_/.exec(key ?? '')?.[1];
      if (env.STRIPE_SECRET_KEY && keyMode(env.STRIPE_SECRET_KEY) !== keyMode(env.STRIPE_PUBLISHABLE_KEY)) {
        context.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message: 'is for another mode than STRIPE_PUBLISHABLE_KEY (test and live keys do not mix)',
        });
      }
      const scheduler = [
        'SCHEDULER_GROUP',
        'SCHEDULER_ROLE_ARN',
        'SCHEDULER_DLQ_ARN',
        'REMINDER_FUNCTION_ARN',
        'EXPIRY_FUNCTION_ARN',
      ] as const;
      const set = scheduler.filter((name) => env[name]);
      if (set.length > 0 && set.length < scheduler.length) {
        for (const name of scheduler.filter((missing) => !env[missing])) {
          context.addIssue({ code: 'custom', path: [name], message: `is needed with ${set.join(', ')}` });
        }
      }
    }),
  );

/** EventBridge Scheduler for the booking timers (the cloud; CDK sets all five variables). */
export interface SchedulerConfig {
  groupName: string;
  /** The role the scheduler assumes to invoke the targets (the only role the creator may pass). */
  roleArn: string;
  deadLetterArn: string;
  /** The job Lambda of each timer kind. */
  targets: { reminder: string; 'pending-expiry': string };
}

/**
 * Stripe (issue 18). Billing is on when a publishable key is set; it is public, so every function gets it and
 * knows billing is on (the trial rule applies). The secret key and the webhook secret reach only the billing
 * functions: from the environment on one machine, from Secrets Manager in the cloud (`secretArn`, a JSON secret
 * `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }`, read at cold start through Powertools' parameters).
 */
/**
 * The Stripe API version every request of ours pins (the version the installed `stripe` SDK was written for; a
 * unit test keeps the two equal). GET /api/stripe-config reports it; nothing rewrites Stripe.js's own version.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface BillingConfig {
  publishableKey: string;
  mode: 'test' | 'live';
  /** Where the billing functions find the secrets; null in the other functions. */
  secrets: { secretKey: string; webhookSecret: string } | { secretArn: string } | null;
  /** The fake Stripe server of the tests; unset: api.stripe.com. */
  apiUrl: string | undefined;
  /** `BILLING=demo npm start`: the bundled fake Stripe, which the console shows as demo payments (issue 30). */
  demo: boolean;
}

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
    billing: c.STRIPE_PUBLISHABLE_KEY
      ? {
          publishableKey: c.STRIPE_PUBLISHABLE_KEY,
          mode: c.STRIPE_PUBLISHABLE_KEY.startsWith('pk_live_') ? 'live' : 'test',
          secrets:
            c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET
              ? { secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET }
              : c.STRIPE_SECRET_ARN
                ? { secretArn: c.STRIPE_SECRET_ARN }
                : null,
          apiUrl: c.STRIPE_API_URL?.replace(/\/+$/, ''),
          demo: c.BILLING_DEMO === 'true',
        }
      : null,
    scheduler:
      c.SCHEDULER_GROUP &&
      c.SCHEDULER_ROLE_ARN &&
      c.SCHEDULER_DLQ_ARN &&
      c.REMINDER_FUNCTION_ARN &&
      c.EXPIRY_FUNCTION_ARN
        ? {
            groupName: c.SCHEDULER_GROUP,
            roleArn: c.SCHEDULER_ROLE_ARN,
            deadLetterArn: c.SCHEDULER_DLQ_ARN,
            targets: { reminder: c.REMINDER_FUNCTION_ARN, 'pending-expiry': c.EXPIRY_FUNCTION_ARN },
          }
        : null,
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
    site: c.SITE_BUCKET ? { bucket: c.SITE_BUCKET } : { buildDir: c.SITE_DIR },
    siteUrl: (c.SITE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    videoRoomBaseUrl: c.VIDEO_ROOM_BASE_URL.replace(/\/+$/, ''),
    host: c.HOST,
    rateLimitMultiplier: c.RATE_LIMIT_MULTIPLIER,
    localRunner: { jobTimeoutSeconds: c.LOCAL_JOB_TIMEOUT_SECONDS, sesEndpoint: c.LOCAL_SES_ENDPOINT },
    tokenKey: c.CALENDAR_KMS_KEY_ID
      ? { kmsKeyId: c.CALENDAR_KMS_KEY_ID }
      : { localKey: c.CALENDAR_TOKEN_KEY ? new Uint8Array(Buffer.from(c.CALENDAR_TOKEN_KEY, 'base64url')) : null },
    webhooks: { allowLocal: c.WEBHOOKS_ALLOW_LOCAL === 'true', queueUrl: c.WEBHOOK_QUEUE_URL },
    mailQueue: { url: c.MAIL_QUEUE_URL, ratePerSecond: c.MAIL_RATE_PER_SECOND },
    google: c.GOOGLE_CLIENT_ID
      ? {
          clientId: c.GOOGLE_CLIENT_ID,
          clientSecret: c.GOOGLE_CLIENT_SECRET,
          rootUrl: c.GOOGLE_ROOT_URL?.replace(/\/+$/, ''),
        }
      : null,
  };
}

/** The process's configuration, from its environment (and `.env` in the working directory, if present). */
export function loadConfig(): Config {
  if (!loadedDotEnv && existsSync('.env')) process.loadEnvFile('.env');
  loadedDotEnv = true;
  return parseConfig(process.env);
}
let loadedDotEnv = false;

/**
 * The namespace of the service's own metrics: METRICS_NAMESPACE (the stage's, set by the stack) or the default. Read
 * apart from loadConfig because the process's metrics buffer exists before any use case is composed.
 */
export function metricsNamespace(): string {
  return process.env.METRICS_NAMESPACE || DEFAULT_METRICS_NAMESPACE;
}
/** The namespace on one machine and in tests. */
export const DEFAULT_METRICS_NAMESPACE = 'Meetwise';

/**
 * The local runner starts its peers on free ports and hands their addresses to the handlers it runs in-process
 * the same way the cloud does: through the environment.
 */
export function setEnvironment(values: Record<string, string>): void {
  Object.assign(process.env, values);
}

/** Sets each of `values` that the environment does not set already (the local runner's defaults). */
export function setEnvironmentDefaults(values: Record<string, string>): void {
  for (const [key, value] of Object.entries(values)) if (!process.env[key]) process.env[key] = value;
}

/** This process's environment plus `extra`, for a child process the local runner starts. */
export function childEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
