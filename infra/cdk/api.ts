import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy, Stack, type SecretValue } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

import type { RouteName } from '#shared/api/route-paths';
import type { RouteDefinition, RouteNeeds } from '#shared/api/routes';
import type { JobDefinition } from '#shared/jobs';
import { deadLetterQueue } from '#infra/cdk/dead-letters';
import { LambdaBundles } from '#infra/cdk/lambda-bundle';
import { acknowledgeNag } from '#infra/cdk/nag';
import { metricsNamespaceOf } from '#infra/cdk/stage';

export interface RouteFunctionsProps {
  /** The rows to serve: one Lambda and one HTTP route each. */
  routes: readonly RouteDefinition[];
  table: dynamodb.ITableV2;
  /** Folder of the handler files, `{name}.ts` each exporting `handler`. */
  handlersDir: string;
  /** The scheduled jobs: one Lambda and one EventBridge rule each. */
  jobs: readonly JobDefinition[];
  /** Folder of the job files, `{name}.ts` each exporting `handler`. */
  jobsDir: string;
  /**
   * Seals hosts' Google refresh tokens and calendar feed tokens (envelope encryption, CALENDAR_KMS_KEY_ID): the rows
   * with needs.google may generate and decrypt data keys under it.
   */
  tokenKey: kms.IKey;
  /** Folder holding package.json (its "imports" map) and package-lock.json. */
  projectRoot: string;
  /**
   * The entries of the functions other constructs build with `makeFunction` (stream, timer and queue jobs, the page
   * shell): bundled in one esbuild build with the routes' and jobs' (LambdaBundles). One left out is built alone.
   */
  otherEntries?: readonly string[];
  mailFrom: string;
  contactEmail: string;
  /** Signs session tokens; every route verifies sessions, so every function reads it (SESSION_SECRET). */
  sessionSecret: secretsmanager.ISecret;
  /** What CloudFront sends in X-Origin-Verify; every function refuses requests without it (ORIGIN_SECRET). */
  originSecret: secretsmanager.ISecret;
  /**
   * During a rotation's grace period: the previous values the functions still accept (SESSION_SECRET_PREVIOUS,
   * ORIGIN_SECRET_PREVIOUS; dynamic references to the secrets' AWSPREVIOUS stage). Unset otherwise.
   */
  sessionSecretPrevious?: SecretValue;
  originSecretPrevious?: SecretValue;
  /** Comma-separated administrator e-mail addresses (ADMIN_EMAILS). */
  adminEmails: string;
  /** Where uploaded photos go (PHOTO_BUCKET); rows with needs.photos may write and delete under photos/. */
  photoBucket: s3.IBucket;
  /**
   * The Google OAuth client, when configured: its id goes to every function (public: /api/auth/debug-url reports
   * it as configured), its secret only to the rows with needs.google.
   */
  google?: { clientId: string; clientSecret: secretsmanager.ISecret };
  /**
   * Stripe, when configured: the publishable key goes to every function (public; it tells them billing is on and
   * the trial rule applies), the secret (JSON secretKey and webhookSecret) only to the rows with needs.billing, which
   * read it at cold start through Powertools' parameters.
   */
  stripe?: { publishableKey: string; secret: secretsmanager.ISecret };
  /**
   * Where a route's function and its HTTP route are made, when not in this construct (the billing routes go to a
   * nested stack of their own: CloudFormation's 500 resources per stack).
   */
  scopeFor?: (route: RouteDefinition) => Construct | undefined;
}

/**
 * Reserved concurrency of the routes a flood aims at: signing in (password, mailed link, sign-up) and booking. Each
 * is both capped, so a flood of them cannot take the account's concurrency from every other route (the booking
 * pages, the host's screens), and guaranteed, so a flood elsewhere cannot throttle sign-ins and bookings. A call
 * takes well under a second, so these allow tens of sign-ins and a hundred bookings a second, far above real use
 * (and the WAF's 300 writes per address in 5 minutes, waf.ts); past them a caller is refused and the function's
 * throttles alarm (operations.ts). Together 55 per stage, and AWS keeps 100 of an account's concurrency unreserved:
 * one stage needs a concurrency quota of at least 155 in its region, two 210 (AWS's default is 1000; a new account
 * may start lower and must ask for more).
 */
export const RESERVED_CONCURRENCY = {
  login: 10,
  manualLogin: 5,
  openSignInLink: 5,
  signInWithLink: 10,
  register: 5,
  createBooking: 20,
} as const satisfies Partial<Record<RouteName, number>>;

/** `no-reply@meetwise.app` or `Meetwise <no-reply@meetwise.app>` → `meetwise.app`. */
export function mailDomain(address: string): string {
  const domain = /@([A-Za-z0-9.-]+\.[A-Za-z]{2,})>?\s*$/.exec(address)?.[1];
  if (!domain) throw new Error(`mailFrom is not an e-mail address: "${address}"`);
  return domain.toLowerCase();
}

/**
 * Builds one of our functions (route, scheduled job, stream or timer job): its own log group kept 30 days, Node 22
 * on arm64, X-Ray, the ESM bundle, the shared environment, its route's reserved concurrency if it has one
 * (RESERVED_CONCURRENCY), and exactly the access `needs` says, through a role of its own that may write its own log
 * group only. `parent` holds the function, its role and its log group (ids `{name}Function`, `{name}Role`,
 * `{name}Logs`); default: the RouteFunctions construct.
 */
export type FunctionFactory = (
  name: string,
  entry: string,
  description: string,
  needs: RouteNeeds,
  timeout: Duration,
  parent?: Construct,
) => lambda.Function;

/**
 * What an API key's call writes before its route's own work (issue 29; functions/src/app/integrations/api-keys.ts): its count
 * (the abuse-limit counter `THROTTLE#limit:api-key:{keyId}`, an UpdateItem or a PutItem) and, at most once a minute,
 * the key's last use (`lastUsedAt` on its record under `USER#{hostId}` and its lookup `APIKEYHASH#{hash}`). A row with
 * `apiKey` whose function otherwise only reads the table may write exactly these: the partition keys and the
 * attributes are pinned, so it can change no profile, booking or other item.
 */
export const API_KEY_USE_STATEMENTS = [
  {
    actions: ['dynamodb:UpdateItem', 'dynamodb:PutItem'],
    leadingKeys: ['THROTTLE#limit:api-key:*'],
    attributes: ['pk', 'sk', 'windowStart', 'failures', 'expiresAt'],
  },
  {
    actions: ['dynamodb:UpdateItem'],
    leadingKeys: ['USER#*', 'APIKEYHASH#*'],
    attributes: ['pk', 'sk', 'lastUsedAt'],
  },
] as const;

function grantApiKeyUse(fn: lambda.Function, table: dynamodb.ITableV2): void {
  for (const statement of API_KEY_USE_STATEMENTS) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...statement.actions],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...statement.leadingKeys] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...statement.attributes] },
        },
      }),
    );
  }
}

/**
 * The HTTP API and one Lambda per route-table row, each granted exactly what its row's `needs` says.
 */
export class RouteFunctions extends Construct {
  readonly api: apigwv2.HttpApi;
  /** Route name → its function. */
  readonly functions: ReadonlyMap<string, lambda.Function>;
  /** The factory the route and job functions are built with, for other constructs' functions (booking-lifecycle.ts). */
  readonly makeFunction: FunctionFactory;
  /** Scheduled job name → where its invocations go when they failed their retries (operations.ts alarms on them). */
  readonly jobDeadLetters: ReadonlyMap<string, sqs.Queue>;

  constructor(scope: Construct, id: string, props: RouteFunctionsProps) {
    super(scope, id);

    this.api = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Meetwise API (reached through CloudFront at /api/*)',
      // Same origin as the site (CloudFront), so no CORS configuration.
      // The default stage is made below, with access logs.
      createDefaultStage: false,
    });
    // One line per request: the route (its template, never the path, which may hold a calendar feed token), status,
    // latencies and API Gateway's own error, under the request id the function logs too. No address: API Gateway
    // sees CloudFront's, the function logs the viewer's.
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new apigwv2.HttpStage(this.api, 'DefaultStage', {
      httpApi: this.api,
      autoDeploy: true,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigateway.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLatencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationStatus: '$context.integrationStatus',
            integrationError: '$context.integrationErrorMessage',
            responseLength: '$context.responseLength',
          }),
        ),
      },
    });

    const sendMail = new iam.PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [
        Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: mailDomain(props.mailFrom) }),
      ],
    });

    const bundles = new LambdaBundles(props.projectRoot, [
      ...props.routes.map((route) => path.join(props.handlersDir, `${route.name}.ts`)),
      ...props.jobs.map((job) => path.join(props.jobsDir, `${job.name}.ts`)),
      ...(props.otherEntries ?? []),
    ]);
    const makeFunction: FunctionFactory = (name, entry, description, needs, timeout, parent = this) => {
      if (!existsSync(entry)) throw new Error(`"${name}" has no handler file: ${entry}`);
      const logGroup = new logs.LogGroup(parent, `${name}Logs`, {
        retention: logs.RetentionDays.ONE_MONTH,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      // Its own role instead of the one Lambda makes, which carries AWSLambdaBasicExecutionRole (logs on every group).
      const role = new iam.Role(parent, `${name}Role`, {
        assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
        description: `The ${name} function: its log group, and what its needs say`.slice(0, 1000),
      });
      logGroup.grantWrite(role);
      acknowledgeNag(role, {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray (tracing below): xray:PutTraceSegments and PutTelemetryRecords have no resource-level permissions. The infra test allows * for no other action.',
      });
      const reservedConcurrentExecutions = (RESERVED_CONCURRENCY as Partial<Record<string, number>>)[name];

      const fn = new lambda.Function(parent, `${name}Function`, {
        description: description.slice(0, 256),
        code: bundles.code(entry),
        handler: 'index.handler',
        runtime: lambda.Runtime.NODEJS_22_X,
        architecture: lambda.Architecture.ARM_64,
        memorySize: 512,
        timeout,
        logGroup,
        role,
        ...(reservedConcurrentExecutions === undefined ? {} : { reservedConcurrentExecutions }),
        // X-Ray: a trace per invocation, with its cold start; the Powertools logger puts the trace id on every line.
        tracing: lambda.Tracing.ACTIVE,
        environment: {
          TABLE_NAME: props.table.tableName,
          MAIL_FROM: props.mailFrom,
          CONTACT_EMAIL: props.contactEmail,
          // A CloudFormation dynamic reference: the value is resolved at deploy time, never written in the template.
          SESSION_SECRET: props.sessionSecret.secretValue.unsafeUnwrap(),
          ORIGIN_SECRET: props.originSecret.secretValue.unsafeUnwrap(),
          ...(props.sessionSecretPrevious
            ? { SESSION_SECRET_PREVIOUS: props.sessionSecretPrevious.unsafeUnwrap() }
            : {}),
          ...(props.originSecretPrevious ? { ORIGIN_SECRET_PREVIOUS: props.originSecretPrevious.unsafeUnwrap() } : {}),
          ADMIN_EMAILS: props.adminEmails,
          PHOTO_BUCKET: props.photoBucket.bucketName,
          // Not a secret (KMS decides who may use the key); set everywhere so no function falls back to a local key.
          CALENDAR_KMS_KEY_ID: props.tokenKey.keyArn,
          ...(props.google ? { GOOGLE_CLIENT_ID: props.google.clientId } : {}),
          ...(props.google && needs.google
            ? { GOOGLE_CLIENT_SECRET: props.google.clientSecret.secretValue.unsafeUnwrap() }
            : {}),
          ...(props.stripe ? { STRIPE_PUBLISHABLE_KEY: props.stripe.publishableKey } : {}),
          // Only the ARN: the function reads the secret itself (Powertools parameters), never from its environment.
          ...(props.stripe && needs.billing ? { STRIPE_SECRET_ARN: props.stripe.secret.secretArn } : {}),
          NODE_OPTIONS: '--enable-source-maps',
          // Powertools: the `service` of every log line and the dimension of every metric (the route or job name).
          POWERTOOLS_SERVICE_NAME: name,
          // The stage's namespace of the service's metrics (its stack's name): the operator alarms read the same.
          METRICS_NAMESPACE: metricsNamespaceOf(parent),
        },
      });

      acknowledgeNag(fn, {
        id: 'AwsSolutions-L1',
        reason:
          'Node 22 (maintained by AWS into 2027) on purpose: the bundles target node22 and leave out the AWS SDK its runtime carries (LAMBDA_EXTERNAL_MODULES); moving to a newer runtime is an upgrade of its own, tested as one.',
      });

      if (needs.table === 'read') props.table.grantReadData(fn);
      if (needs.table === 'readwrite') props.table.grantReadWriteData(fn);
      if (needs.table) {
        acknowledgeNag(role, {
          id: 'AwsSolutions-IAM5[Resource::<ref>/index/*]',
          reason: "The table's own secondary indexes (TableV2 grants add them to the table): no other table.",
        });
      }
      if (needs.mail) fn.addToRolePolicy(sendMail);
      if (needs.photos) {
        props.photoBucket.grantPut(fn, 'photos/*');
        props.photoBucket.grantDelete(fn, 'photos/*');
        acknowledgeNag(
          role,
          {
            id: 'AwsSolutions-IAM5[Resource::<ref>/photos/*]',
            reason: "The photo bucket's photos/ prefix only, where every user's uploads go (photos/{userId}/…).",
          },
          {
            id: 'AwsSolutions-IAM5[Action::s3:Abort*]',
            reason: "S3's grantPut: abandons a multipart upload, on the photos/ prefix only.",
          },
          {
            id: 'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
            reason: "S3's grantDelete: removing a replaced photo or a deleted account's, on the photos/ prefix only.",
          },
        );
        // Account deletion lists a user's folder to delete every image in it.
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['s3:ListBucket'],
            resources: [props.photoBucket.bucketArn],
            conditions: { StringLike: { 's3:prefix': ['photos/*'] } },
          }),
        );
      }
      if (needs.billing && props.stripe) props.stripe.secret.grantRead(fn);
      if (needs.google) {
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
            resources: [props.tokenKey.keyArn],
          }),
        );
      }
      return fn;
    };
    this.makeFunction = makeFunction;

    const functions = new Map<string, lambda.Function>();
    for (const route of props.routes) {
      const scope = props.scopeFor?.(route);
      const fn = makeFunction(
        route.name,
        path.join(props.handlersDir, `${route.name}.ts`),
        `${route.method} ${route.path}: ${route.summary}`,
        route.needs,
        // Google's calls are retried within their own budget (adapters/google/calendar.ts): up to two of them on a
        // booking, with room for the answer; API Gateway waits 30 s at most. Stripe's, likewise (two retries).
        Duration.seconds(route.needs.google || route.needs.billing ? 28 : 10),
        scope,
      );
      if (route.apiKey && route.needs.table !== 'readwrite') grantApiKeyUse(fn, props.table);
      const integration = new HttpLambdaIntegration(`${route.name}Integration`, fn, {
        payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
      });
      const httpRoutes = scope
        ? [
            new apigwv2.HttpRoute(scope, `${route.name}Route`, {
              httpApi: this.api,
              routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
              integration,
            }),
          ]
        : this.api.addRoutes({ path: route.path, methods: [apigwv2.HttpMethod[route.method]], integration });
      for (const httpRoute of httpRoutes) {
        acknowledgeNag(httpRoute, {
          id: 'AwsSolutions-APIG4',
          reason: `Authorized in the function, not by API Gateway: the route's auth level (${route.auth}) is checked against the session cookie by functions/src/http/route-handler.ts, public routes (booking, sign-in) have no caller to authorize, and every request must carry CloudFront's origin secret.`,
        });
      }
      functions.set(route.name, fn);
    }

    const jobDeadLetters = new Map<string, sqs.Queue>();
    for (const job of props.jobs) {
      const fn = makeFunction(
        job.name,
        path.join(props.jobsDir, `${job.name}.ts`),
        `Job ${job.name}, every ${job.everyMinutes} min: ${job.summary}`,
        job.needs,
        Duration.minutes(5),
      );
      new events.Rule(this, `${job.name}Schedule`, {
        description: job.summary.slice(0, 512),
        schedule: events.Schedule.rate(Duration.minutes(job.everyMinutes)),
        targets: [new targets.LambdaFunction(fn, { retryAttempts: 0 })],
      });
      // EventBridge invokes the job asynchronously: a run that still fails after Lambda's two retries is kept here
      // (14 days, encrypted, TLS only) rather than dropped.
      const deadLetters = deadLetterQueue(
        this,
        `${job.name}DeadLetters`,
        `This queue is itself a dead-letter queue: the ${job.name} job's on-failure destination.`,
      );
      fn.configureAsyncInvoke({ onFailure: new destinations.SqsDestination(deadLetters) });
      jobDeadLetters.set(job.name, deadLetters);
      functions.set(job.name, fn);
    }
    this.functions = functions;
    this.jobDeadLetters = jobDeadLetters;
  }
}
