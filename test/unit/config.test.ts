import { describe, expect, it } from 'vitest';

import { SCRYPT_PARAMS } from '#functions/adapters/passwords/scrypt';
import { ConfigError, parseConfig } from '#functions/config';

describe('config', () => {
  it('runs the embedded default with no variables at all', () => {
    expect(parseConfig({})).toEqual({
      billing: null,
      scheduler: null,
      sesConfigurationSet: undefined,
      tableName: 'meetwise',
      region: 'us-east-1',
      dynamoEndpoint: undefined,
      sesEndpoint: undefined,
      mailFrom: 'no-reply@meetwise.app',
      contactEmail: 'hello@meetwise.app',
      logLevel: 'info',
      logFormat: 'json',
      port: 3000,
      dataDir: '.data',
      sessionSecret: undefined,
      originSecret: undefined,
      adminEmails: [],
      photoBucket: undefined,
      // Booking pages rendered into the local build and kept under dataDir/site (issue 19).
      site: { buildDir: 'frontend/dist' },
      // Every absolute URL comes from here, never from a request's Host (issue 13, item 7).
      siteUrl: 'http://localhost:3000',
      host: '127.0.0.1',
      rateLimitMultiplier: 1,
      passwordHashCost: 'standard',
      // The local runner's own settings (issue 30): the cloud's job timeouts, its own SES emulator.
      localRunner: { jobTimeoutSeconds: undefined, sesEndpoint: undefined },
      google: null,
      tokenKey: { localKey: null },
      // The built-in video call's rooms (issue 30).
      videoRoomBaseUrl: 'https://meet.jit.si',
      // Webhooks: https:// to public addresses only; the table's queue (issue 29).
      webhooks: { allowLocal: false, queueUrl: undefined },
      mailQueue: { url: undefined, ratePerSecond: 14 },
    });
  });

  it('allows local webhook endpoints only when WEBHOOKS_ALLOW_LOCAL is true, and never beside a KMS key (the cloud)', () => {
    expect(parseConfig({ WEBHOOKS_ALLOW_LOCAL: 'true' }).webhooks.allowLocal).toBe(true);
    expect(parseConfig({ WEBHOOKS_ALLOW_LOCAL: 'false' }).webhooks.allowLocal).toBe(false);
    expect(() => parseConfig({ WEBHOOKS_ALLOW_LOCAL: 'yes' })).toThrow('WEBHOOKS_ALLOW_LOCAL must be true or false');
    expect(() => parseConfig({ WEBHOOKS_ALLOW_LOCAL: 'true', CALENDAR_KMS_KEY_ID: 'alias/meetwise-tokens' })).toThrow(
      'WEBHOOKS_ALLOW_LOCAL is for one machine only',
    );
    expect(
      parseConfig({ WEBHOOK_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/Meetwise-Deliveries-1' })
        .webhooks.queueUrl,
    ).toBe('https://sqs.eu-west-1.amazonaws.com/123456789012/Meetwise-Deliveries-1');
    expect(() => parseConfig({ WEBHOOK_QUEUE_URL: 'http://example.com/queue' })).toThrow(
      'WEBHOOK_QUEUE_URL must be an SQS queue URL',
    );
  });

  it('hashes passwords at the standard cost unless a test stack on one machine asks for the low one', () => {
    expect(parseConfig({}).passwordHashCost).toBe('standard');
    expect(parseConfig({ PASSWORD_HASH_COST: 'low' }).passwordHashCost).toBe('low');
    expect(parseConfig({ PASSWORD_HASH_COST: 'standard' }).passwordHashCost).toBe('standard');
    for (const cloud of [{ CALENDAR_KMS_KEY_ID: 'alias/meetwise-tokens' }, { ORIGIN_SECRET: 'o'.repeat(32) }]) {
      expect(() => parseConfig({ ...cloud, PASSWORD_HASH_COST: 'low' })).toThrow(
        'PASSWORD_HASH_COST may be low only for tests on one machine',
      );
      expect(parseConfig({ ...cloud, PASSWORD_HASH_COST: 'standard' }).passwordHashCost).toBe('standard');
    }
    expect(() => parseConfig({ PASSWORD_HASH_COST: 'cheap' })).toThrow('PASSWORD_HASH_COST must be standard or low');
    expect(SCRYPT_PARAMS.standard).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('publishes booking pages to the site bucket when SITE_BUCKET is set, and refuses a name that is no bucket', () => {
    expect(parseConfig({ SITE_BUCKET: 'meetwise-site-abc123' }).site).toEqual({ bucket: 'meetwise-site-abc123' });
    expect(parseConfig({ SITE_DIR: '/srv/meetwise/dist' }).site).toEqual({ buildDir: '/srv/meetwise/dist' });
    expect(() => parseConfig({ SITE_BUCKET: 'Not A Bucket' })).toThrow('SITE_BUCKET must be an S3 bucket name');
  });

  it('defaults the site address to localhost on PORT and the listening interface to loopback', () => {
    expect(parseConfig({ PORT: '3100' })).toMatchObject({ siteUrl: 'http://localhost:3100', host: '127.0.0.1' });
    expect(parseConfig({ SITE_URL: 'https://meet.example.com/', HOST: '0.0.0.0' })).toMatchObject({
      siteUrl: 'https://meet.example.com',
      host: '0.0.0.0',
    });
    expect(() => parseConfig({ RATE_LIMIT_MULTIPLIER: '0' })).toThrow(ConfigError);
  });

  it('treats blank values as unset', () => {
    expect(parseConfig({ PORT: '', DYNAMODB_ENDPOINT: ' ' })).toMatchObject({ port: 3000, dynamoEndpoint: undefined });
  });

  it('reads every variable', () => {
    const config = parseConfig({
      TABLE_NAME: 'prod-table',
      AWS_REGION: 'eu-west-1',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
      SES_ENDPOINT: 'http://127.0.0.1:8005',
      MAIL_FROM: 'bookings@example.com',
      CONTACT_EMAIL: 'support@example.com',
      LOG_LEVEL: 'debug',
      PORT: '8080',
      DATA_DIR: '/var/lib/meetwise',
      SESSION_SECRET: 'a'.repeat(43),
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,',
    });
    expect(config).toMatchObject({ tableName: 'prod-table', region: 'eu-west-1', port: 8080, logLevel: 'debug' });
    expect(config).toMatchObject({
      sessionSecret: 'a'.repeat(43),
      adminEmails: ['boss@example.com', 'ops@example.com'],
    });
  });

  it('configures EventBridge Scheduler for the booking timers only when all five variables are set', () => {
    const scheduler = parseConfig({
      SCHEDULER_GROUP: 'Meetwise-booking-timers',
      SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/Meetwise-SchedulerRole',
      SCHEDULER_DLQ_ARN: 'arn:aws:sqs:us-east-1:123456789012:Meetwise-TimerDlq',
      REMINDER_FUNCTION_ARN: 'arn:aws:lambda:us-east-1:123456789012:function:Meetwise-sendReminder',
      EXPIRY_FUNCTION_ARN: 'arn:aws:lambda:us-east-1:123456789012:function:Meetwise-expirePendingBooking',
    }).scheduler;
    expect(scheduler).toEqual({
      groupName: 'Meetwise-booking-timers',
      roleArn: 'arn:aws:iam::123456789012:role/Meetwise-SchedulerRole',
      deadLetterArn: 'arn:aws:sqs:us-east-1:123456789012:Meetwise-TimerDlq',
      targets: {
        reminder: 'arn:aws:lambda:us-east-1:123456789012:function:Meetwise-sendReminder',
        'pending-expiry': 'arn:aws:lambda:us-east-1:123456789012:function:Meetwise-expirePendingBooking',
      },
    });
  });

  it('configures Google when a client id is set (the secret only where the token endpoint is called)', () => {
    expect(
      parseConfig({
        GOOGLE_CLIENT_ID: '123-abc.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'GOCSPX-secret',
        GOOGLE_ROOT_URL: 'http://127.0.0.1:9000/',
      }).google,
    ).toEqual({
      clientId: '123-abc.apps.googleusercontent.com',
      clientSecret: 'GOCSPX-secret',
      rootUrl: 'http://127.0.0.1:9000',
    });
    expect(parseConfig({ GOOGLE_CLIENT_ID: '123-abc.apps.googleusercontent.com' }).google).toEqual({
      clientId: '123-abc.apps.googleusercontent.com',
      clientSecret: undefined,
      rootUrl: undefined,
    });
  });

  it('turns billing on with a publishable key; the secrets from the environment or a Secrets Manager ARN', () => {
    expect(
      parseConfig({
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abcdefgh123',
        STRIPE_SECRET_KEY: 'sk_test_abcdefgh123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh123',
        STRIPE_API_URL: 'http://127.0.0.1:12111/',
      }).billing,
    ).toEqual({
      publishableKey: 'pk_test_abcdefgh123',
      mode: 'test',
      secrets: { secretKey: 'sk_test_abcdefgh123', webhookSecret: 'whsec_abcdefgh123' },
      apiUrl: 'http://127.0.0.1:12111',
      // Only `BILLING=demo npm start` (issue 30) runs on the bundled fake with its banner.
      demo: false,
    });
    const arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:meetwise/stripe-AbCdEf';
    expect(
      parseConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_live_abcdefgh123', STRIPE_SECRET_ARN: arn }).billing,
    ).toMatchObject({ mode: 'live', secrets: { secretArn: arn } });
    // Every other function of the stack knows only the public key: billing is on, the secrets are not theirs.
    expect(parseConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_live_abcdefgh123' }).billing?.secrets).toBeNull();
  });

  const bad: [Record<string, string>, string][] = [
    [{ PORT: 'abc' }, 'PORT must be a number'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DYNAMODB_ENDPOINT: 'localhost:8000' }, 'DYNAMODB_ENDPOINT must be a URL'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM must be an e-mail address'],
    [{ AWS_REGION: 'Europe' }, 'AWS_REGION must be an AWS region'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TABLE_NAME: 'a b' }, 'TABLE_NAME'],
    [{ SESSION_SECRET: 'too-short' }, 'SESSION_SECRET must be at least 32 random bytes'],
    [{ ADMIN_EMAILS: 'boss@example.com, nobody' }, 'ADMIN_EMAILS'],
    [{ GOOGLE_CLIENT_SECRET: 'GOCSPX-secret' }, 'GOOGLE_CLIENT_SECRET is set but GOOGLE_CLIENT_ID is not'],
    [{ GOOGLE_CLIENT_ID: 'a b' }, 'GOOGLE_CLIENT_ID must be an OAuth client id'],
    [{ GOOGLE_CLIENT_ID: 'abc', GOOGLE_ROOT_URL: 'fake-google' }, 'GOOGLE_ROOT_URL must be a URL'],
    [{ SCHEDULER_GROUP: 'timers' }, 'SCHEDULER_ROLE_ARN is needed with SCHEDULER_GROUP'],
    [{ SCHEDULER_ROLE_ARN: 'role' }, 'SCHEDULER_ROLE_ARN must be an IAM role ARN'],
    [{ STRIPE_PUBLISHABLE_KEY: 'sk_test_abcdefgh123' }, 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abcdefgh123' }, 'STRIPE_SECRET_KEY is set but STRIPE_PUBLISHABLE_KEY is not'],
    [
      { STRIPE_PUBLISHABLE_KEY: 'pk_test_abcdefgh123', STRIPE_SECRET_KEY: 'sk_test_abcdefgh123' },
      'STRIPE_WEBHOOK_SECRET is needed with the other',
    ],
    [
      {
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abcdefgh123',
        STRIPE_SECRET_KEY: 'sk_live_abcdefgh123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh123',
      },
      'test and live keys do not mix',
    ],
  ];
  for (const [env, fragment] of bad) {
    it(`fails naming the variable for ${JSON.stringify(env)}`, () => {
      expect(() => parseConfig(env)).toThrow(ConfigError);
      expect(() => parseConfig(env)).toThrow(fragment);
    });
  }

  it('names every bad variable at once', () => {
    expect(() => parseConfig({ PORT: 'x', MAIL_FROM: 'y' })).toThrow(/PORT.*MAIL_FROM|MAIL_FROM.*PORT/);
  });
});
