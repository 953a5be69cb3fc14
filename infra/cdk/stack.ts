import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, Fn, NestedStack, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

import { routeTable, type RouteDefinition } from '#shared/api/routes';
import {
  jobTable,
  queueJobs,
  queueJobTable,
  streamJobs,
  streamJobTable,
  timerJobTable,
  type JobDefinition,
} from '#shared/jobs';
import { AccessLogs } from '#infra/cdk/access-logs';
import { RouteFunctions } from '#infra/cdk/api';
import { isBillingRoute, PromoCodeSeed } from '#infra/cdk/billing';
import { BookingLifecycle, mailSuppressionJob } from '#infra/cdk/booking-lifecycle';
import { RepublishOnDeploy } from '#infra/cdk/booking-pages';
import { DataTable } from '#infra/cdk/data';
import { SiteDomainRecords } from '#infra/cdk/domain';
import { BookingMailQueue } from '#infra/cdk/mail-queue';
import { acknowledgeNag } from '#infra/cdk/nag';
import { OperatorAlarms } from '#infra/cdk/operations';
import { SHELL_FILES, Site } from '#infra/cdk/site';
import { checkCertificateArn } from '#infra/cdk/stage';
import { isTeamRoute } from '#infra/cdk/teams';
import { isIntegrationRoute, WebhookDelivery } from '#infra/cdk/webhooks';

/** The repository root (holds package.json with its "imports" map, and package-lock.json). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface MeetwiseStackProps extends StackProps {
  /** Sender of every mail; its domain is the only SES identity the mailing functions may use. */
  mailFrom: string;
  /** Where contact messages go. */
  contactEmail: string;
  /** Comma-separated e-mail addresses of administrators. */
  adminEmails?: string;
  /**
   * Google sign-in: the OAuth client id and the ARN of a Secrets Manager secret holding its client secret (created
   * by the operator; never in the template). Both or neither.
   */
  googleClientId?: string;
  googleClientSecretArn?: string;
  /**
   * Stripe billing: the publishable key (pk_live_… or pk_test_…) and the ARN of a Secrets Manager secret, created by
   * the operator, holding JSON `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }`. Both or neither; without
   * them billing is off (every feature available, no trial rule).
   */
  stripePublishableKey?: string;
  stripeSecretArn?: string;
  /** Optional custom domain of the site (with certificateArn: ACM, us-east-1). */
  domainName?: string;
  certificateArn?: string;
  /**
   * Optional, with domainName: the Route 53 public hosted zone (id and name) holding it; the stack then adds the
   * A and AAAA alias records pointing the name at the distribution.
   */
  hostedZoneId?: string;
  hostedZoneName?: string;
  /** Default: every row of shared/api/routes.ts. */
  routes?: readonly RouteDefinition[];
  /** Default: the repository root. Must hold package.json and package-lock.json, and contain handlersDir. */
  projectRoot?: string;
  /** Default: functions/src/handlers under projectRoot. */
  handlersDir?: string;
  /** Default: every job of shared/jobs.ts. */
  jobs?: readonly JobDefinition[];
  /** Default: functions/src/jobs under projectRoot. */
  jobsDir?: string;
  /** The built front end. Default: frontend/dist in the repository. */
  siteDir?: string;
  /** Subscribed by e-mail to the operator topic the alarms notify (optional; any subscriber can be added later). */
  alarmEmail?: string;
  /** The stage's booking mail rate, mails a second (MAIL_RATE_PER_SECOND; default 14, SES's default): issue 30. */
  mailRatePerSecond?: number;
  /**
   * A secret rotation's grace period (docs/operations.md "Rotating secrets"): the functions also accept the previous
   * value (Secrets Manager's AWSPREVIOUS stage, there once a new value was put) of the session secret and/or the
   * origin secret, as SESSION_SECRET_PREVIOUS and ORIGIN_SECRET_PREVIOUS. Default: none.
   */
  acceptPreviousSecrets?: readonly RotatedSecret[];
  /**
   * Which value of the origin secret CloudFront sends: `previous` while the functions learn the new one (the first
   * deploy of its rotation, with `origin` accepted as previous). Default `current`.
   */
  originSecretSent?: 'current' | 'previous';
}

/** The output naming a function and its log group ("{function name} {log group name}"). */
export const functionOutputKey = (name: string): string => `${name}Function`;

/** The generated secrets whose previous value the functions can accept during a rotation. */
export const ROTATED_SECRETS = ['session', 'origin'] as const;
export type RotatedSecret = (typeof ROTATED_SECRETS)[number];

/** A generated secret's value before its last `put-secret-value`: a dynamic reference, resolved at deploy time. */
const previousValueOf = (secret: secretsmanager.ISecret): SecretValue =>
  SecretValue.secretsManager(secret.secretArn, { versionStage: 'AWSPREVIOUS' });

/**
 * Meetwise in the cloud (docs/architecture.md, "The shape"): CloudFront in front of the S3 site and of the HTTP API
 * (/api/*), one Lambda per route-table row, one DynamoDB table.
 */
export class MeetwiseStack extends Stack {
  constructor(scope: Construct, id: string, props: MeetwiseStackProps) {
    super(scope, id, props);

    const projectRoot = path.resolve(props.projectRoot ?? repoRoot);
    const { table } = new DataTable(this, 'Data');
    // The buckets' and CloudFront's access logs, kept 30 days (access-logs.ts).
    const accessLogs = new AccessLogs(this, 'AccessLogs').bucket;
    // Uploaded profile photos (photos/{userId}/{id}.{ext}): private, served by CloudFront at /photos/*, kept.
    // Versioned: a photo overwritten or deleted by mistake can be restored for 30 days; then the old version is gone
    // for good (a deleted account's photos too).
    const photoBucket = new s3.Bucket(this, 'Photos', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30), expiredObjectDeleteMarker: true }],
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: AccessLogs.prefixFor('photos'),
    });
    const sessionSecret = new secretsmanager.Secret(this, 'SessionSecret', {
      description: 'Signs Meetwise session tokens (SESSION_SECRET).',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });

    // CloudFront adds it to every /api request; the functions refuse requests without it (direct API calls).
    const originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: 'Proves a request to the API came through CloudFront (X-Origin-Verify, ORIGIN_SECRET).',
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    for (const secret of [sessionSecret, originSecret]) {
      acknowledgeNag(secret, {
        id: 'AwsSolutions-SMG4',
        reason:
          'No rotation Lambda: the value reaches the functions (and CloudFront) at deploy time, as a dynamic reference, so a rotation could not reach them. Rotate by putting a new value and deploying with its previous value accepted for a grace period (docs/operations.md "Rotating secrets").',
      });
    }
    const acceptPrevious = new Set(props.acceptPreviousSecrets ?? []);
    for (const name of acceptPrevious) {
      if (!ROTATED_SECRETS.includes(name)) {
        throw new Error(`acceptPreviousSecrets: "${String(name)}" is not one of ${ROTATED_SECRETS.join(', ')}.`);
      }
    }
    if (props.originSecretSent === 'previous' && !acceptPrevious.has('origin')) {
      throw new Error(
        'originSecretSent=previous needs acceptPreviousSecrets to include origin: the functions would refuse what CloudFront sends.',
      );
    }

    if (Boolean(props.googleClientId) !== Boolean(props.googleClientSecretArn)) {
      throw new Error('googleClientId and googleClientSecretArn go together: set both for Google sign-in, or neither.');
    }
    const google =
      props.googleClientId && props.googleClientSecretArn
        ? {
            clientId: props.googleClientId,
            clientSecret: secretsmanager.Secret.fromSecretCompleteArn(
              this,
              'GoogleClientSecret',
              props.googleClientSecretArn,
            ),
          }
        : undefined;

    if (Boolean(props.stripePublishableKey) !== Boolean(props.stripeSecretArn)) {
      throw new Error('stripePublishableKey and stripeSecretArn go together: set both for billing, or neither.');
    }
    if (props.stripePublishableKey && !/^pk_(test|live)_\w+$/.test(props.stripePublishableKey)) {
      throw new Error('stripePublishableKey must be a Stripe publishable key (pk_live_… or pk_test_…).');
    }
    // The billing routes, the Stripe secret's import and the promo code seed, in a nested stack (the 500 resources).
    const billingStack = new NestedStack(this, 'Billing');
    const stripe =
      props.stripePublishableKey && props.stripeSecretArn
        ? {
            publishableKey: props.stripePublishableKey,
            secret: secretsmanager.Secret.fromSecretCompleteArn(billingStack, 'StripeSecret', props.stripeSecretArn),
          }
        : undefined;
    new PromoCodeSeed(billingStack, 'PromoCodes', { table });
    // The team routes, likewise (issue 28).
    const teamsStack = new NestedStack(this, 'Teams');
    // The integration routes (webhooks, API keys, the OpenAPI document) and the webhook delivery path (queue, dead
    // letters, the delivery job), likewise (issue 29).
    const webhooksStack = new NestedStack(this, 'Webhooks');

    // Hosts' Google refresh tokens and calendar feed tokens are sealed with data keys under this key (kept on stack
    // deletion: without it the stored tokens cannot be opened).
    const tokenKey = new kms.Key(this, 'CalendarTokenKey', {
      description: "Seals hosts' Google Calendar refresh tokens and calendar feed tokens (CALENDAR_KMS_KEY_ID).",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const jobsDir = path.resolve(props.jobsDir ?? path.join(projectRoot, 'functions/src/jobs'));
    const shellEntry = path.join(projectRoot, 'functions/src/site/serveBookingShell.ts');
    const api = new RouteFunctions(this, 'Api', {
      routes: props.routes ?? routeTable,
      jobs: props.jobs ?? jobTable,
      table,
      projectRoot,
      handlersDir: path.resolve(props.handlersDir ?? path.join(projectRoot, 'functions/src/handlers')),
      jobsDir,
      otherEntries: [
        ...[...streamJobTable, ...timerJobTable, ...queueJobTable, mailSuppressionJob].map((job) =>
          path.join(jobsDir, `${job.name}.ts`),
        ),
        shellEntry,
      ],
      tokenKey,
      mailFrom: props.mailFrom,
      contactEmail: props.contactEmail,
      sessionSecret,
      originSecret,
      ...(acceptPrevious.has('session') ? { sessionSecretPrevious: previousValueOf(sessionSecret) } : {}),
      ...(acceptPrevious.has('origin') ? { originSecretPrevious: previousValueOf(originSecret) } : {}),
      adminEmails: props.adminEmails ?? '',
      photoBucket,
      ...(google ? { google } : {}),
      ...(stripe ? { stripe } : {}),
      scopeFor: (route) =>
        isBillingRoute(route)
          ? billingStack
          : isTeamRoute(route)
            ? teamsStack
            : isIntegrationRoute(route)
              ? webhooksStack
              : undefined,
    });

    if (Boolean(props.hostedZoneId) !== Boolean(props.hostedZoneName)) {
      throw new Error('hostedZoneId and hostedZoneName go together: set both for the DNS records, or neither.');
    }
    if (props.certificateArn) checkCertificateArn(props.certificateArn);
    if (props.hostedZoneId && !props.domainName) {
      throw new Error('hostedZoneId needs domainName: the name the records are for.');
    }
    const siteDir = path.resolve(props.siteDir ?? path.join(repoRoot, 'frontend/dist'));
    const site = new Site(this, 'Site', {
      siteDir,
      makeFunction: api.makeFunction,
      shellEntry,
      api: api.api,
      originSecret,
      ...(props.originSecretSent === 'previous' ? { originHeaderValue: previousValueOf(originSecret) } : {}),
      photoBucket,
      accessLogs,
      ...(props.domainName ? { domainName: props.domainName } : {}),
      ...(props.certificateArn ? { certificateArn: props.certificateArn } : {}),
    });

    if (props.domainName && props.hostedZoneId && props.hostedZoneName) {
      new SiteDomainRecords(this, 'SiteDomain', {
        domainName: props.domainName,
        hostedZoneId: props.hostedZoneId,
        hostedZoneName: props.hostedZoneName,
        distribution: site.distribution,
      });
    }

    // The table's stream, the booking e-mails and timers, SES bounces and complaints (issue 16). In a nested stack:
    // with a function, log group, role, policy, route, integration, permission and alarm per route, this stack
    // alone is close to CloudFormation's 500 resources.
    const lifecycle = new BookingLifecycle(new NestedStack(this, 'BookingLifecycle'), 'Lifecycle', {
      table,
      makeFunction: api.makeFunction,
      jobsDir,
    });
    // Booking pages as static HTML (issue 19): the stream job publishes into the site bucket; every page again after
    // a deploy that changed the shell.
    const publisherJob = streamJobs.publishBookingPages.name;
    const publisher = lifecycle.functions.get(publisherJob)!;
    site.grantPagePublishing(publisher);
    // Both shells (the booking page's, a team's): a change of either republishes the pages.
    const shellFiles = SHELL_FILES.map((file) => path.join(siteDir, file)).filter((file) => existsSync(file));
    new RepublishOnDeploy(this, 'RepublishBookingPages', {
      publisher,
      shellHtml: (shellFiles.length ? shellFiles : [path.join(siteDir, 'index.html')])
        .map((file) => readFileSync(file, 'utf8'))
        .join('\n'),
      after: site.pagesDeployment,
      deadLetters: lifecycle.streamDeadLetters.get(publisherJob)!,
    });
    // Booking mail at the pace SES allows (issue 30): the mail queue and its consumer, in a nested stack of their own
    // (the 500 resources); the stream and reminder jobs queue their mails.
    const mailQueue = new BookingMailQueue(new NestedStack(this, 'BookingMail'), 'Queue', {
      makeFunction: api.makeFunction,
      jobsDir,
      // The name BookingLifecycle gives its configuration set (booking-lifecycle.ts), not a reference (see the prop).
      configurationSetName: `${this.stackName}-booking-mail`,
      ...(props.mailRatePerSecond === undefined ? {} : { ratePerSecond: props.mailRatePerSecond }),
    });
    for (const job of [...streamJobTable, ...timerJobTable]) {
      if (job.needs.mailQueue) mailQueue.grant(lifecycle.functions.get(job.name)!, job.needs);
    }
    // Webhook delivery (issue 29): the queue, its job, and what the stream job and the webhook routes may do with it.
    const webhooks = new WebhookDelivery(webhooksStack, 'Delivery', {
      makeFunction: api.makeFunction,
      jobsDir,
      tokenKey,
    });
    for (const route of props.routes ?? routeTable) {
      if (route.needs.webhooks) webhooks.grant(api.functions.get(route.name)!, route.needs);
    }
    for (const job of streamJobTable) {
      if (job.needs.webhooks) webhooks.grant(lifecycle.functions.get(job.name)!, job.needs);
    }
    const functions = new Map([
      ...api.functions,
      ...lifecycle.functions,
      [queueJobs.deliverWebhook.name, webhooks.worker],
      [queueJobs.sendBookingMail.name, mailQueue.worker],
    ]);

    // Links in e-mails and the same-site check use the site's own address, never a request header. (Not the shell
    // function: the distribution names it as an origin, so it cannot name the distribution.)
    for (const fn of functions.values()) fn.addEnvironment('SITE_URL', site.url);
    functions.set('serveBookingShell', site.shellFunction);

    // The operator's alarms (one per function) in a nested stack of their own, for the same reason; their topic here,
    // where both nested stacks reach it.
    const operatorTopic = OperatorAlarms.topicIn(this, props.alarmEmail);
    const operations = new OperatorAlarms(new NestedStack(this, 'OperatorAlarms'), 'Operations', {
      functions,
      topic: operatorTopic,
      deadLetterQueues: api.jobDeadLetters,
    });
    lifecycle.notify(operatorTopic);
    webhooks.notify(operatorTopic);
    mailQueue.notify(operatorTopic);
    new CfnOutput(this, 'OperatorTopicArn', {
      value: operations.topic.topicArn,
      description: 'SNS topic of the operator alarms: subscribe an e-mail, a pager or a chat hook',
    });

    new CfnOutput(this, 'SiteUrl', { value: site.url, description: 'The site (and its API under /api)' });
    new CfnOutput(this, 'ApiUrl', {
      value: api.api.apiEndpoint,
      description: 'The HTTP API itself; browsers use the site URL + /api',
    });
    new CfnOutput(this, 'TableName', { value: table.tableName });

    // What the runbooks name (docs/operations.md "Finding a resource"): every function with its log group, every
    // dead-letter queue, the generated secrets. One output per function, "{function name} {log group name}": two
    // each would pass CloudFormation's 200 outputs per stack.
    for (const [name, fn] of functions) {
      new CfnOutput(this, functionOutputKey(name), {
        value: Fn.join(' ', [fn.functionName, fn.logGroup.logGroupName]),
        description: `The ${name} function's name, then its log group's`,
      });
    }
    const deadLetterQueues = new Map<string, sqs.IQueue>([
      ...[...api.jobDeadLetters].map(([job, queue]) => [`${job}DeadLetters`, queue] as const),
      ...[...lifecycle.streamDeadLetters].map(([job, queue]) => [`${job}DeadLetters`, queue] as const),
      ['TimerDeadLetters', lifecycle.timerDeadLetters],
      ['MailEventDeadLetters', lifecycle.mailEventDeadLetters],
      ['DeliveryDeadLetters', webhooks.deadLetters],
      ['MailDeadLetters', mailQueue.deadLetters],
    ]);
    for (const [id, queue] of deadLetterQueues) {
      new CfnOutput(this, id, { value: queue.queueUrl, description: `The ${id} dead-letter queue's URL` });
      new CfnOutput(this, `${id}Arn`, { value: queue.queueArn, description: `The ${id} dead-letter queue's ARN` });
    }
    new CfnOutput(this, 'SessionSecretArn', {
      value: sessionSecret.secretArn,
      description: 'The generated secret that signs sessions and guest links (rotation: docs/operations.md)',
    });
    new CfnOutput(this, 'OriginSecretArn', {
      value: originSecret.secretArn,
      description: 'The generated secret CloudFront sends to the API (rotation: docs/operations.md)',
    });
  }
}
