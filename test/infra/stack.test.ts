import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as events from 'aws-cdk-lib/aws-events';
import { beforeAll, describe, expect, it } from 'vitest';

import { routeTable, type RouteDefinition } from '#shared/api/routes';
import { RESERVED_EVENT_SLUGS } from '#shared/constants';
import {
  jobs,
  jobTable,
  queueJobs,
  streamFilterPatterns,
  streamJobs,
  streamJobTable,
  timerJobs,
  timerJobTable,
  type JobDefinition,
} from '#shared/jobs';
import { keys } from '#functions/adapters/dynamodb/keys';
import { API_KEY_RATE_LIMIT } from '#functions/domain/api-keys';
import { PUBLISHED_PAGE_CACHE_CONTROL } from '#functions/domain/published-pages';
import { API_KEY_USE_STATEMENTS, mailDomain } from '#infra/cdk/api';
import { isBillingRoute, PromoCodeSeed } from '#infra/cdk/billing';
import { BookingLifecycle, mailSuppressionJob } from '#infra/cdk/booking-lifecycle';
import { OperatorAlarms } from '#infra/cdk/operations';
import {
  bookingPathFunctionCode,
  forwardedHostFunctionCode,
  PUBLISHED_PREFIXES,
  spaFallbackFunctionCode,
} from '#infra/cdk/site';
import { MeetwiseStack, repoRoot, type MeetwiseStackProps } from '#infra/cdk/stack';
import { isTeamRoute } from '#infra/cdk/teams';
import { isIntegrationRoute, WebhookDelivery } from '#infra/cdk/webhooks';
import { contentSecurityPolicy, embedFramingFunctionCode, inlineScriptHashes } from '#infra/security-headers';
import { tableDefinition } from '#infra/table-definition';
import type { Json, Resource, Statement } from '#test/support/cfn-template';
import { writeStandInSite } from '#test/support/stand-in-site';
import { tempDirsRemovedAfterAll } from '#test/support/temp-dirs';

/**
 * CDK assertions on the synthesized template. One synth (it bundles every route's function with esbuild).
 * Runs against the real handlers and frontend/dist; where those are not there yet (a fresh clone before
 * `npm run build`), against trivial stand-ins generated in a temporary folder.
 */

// CloudFront managed policies (fixed ids across all accounts).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

const tempDir = tempDirsRemovedAfterAll();

/** Every job file the stack bundles: scheduled, stream and timer jobs, and the mail suppression job. */
const jobNames = [
  ...jobTable.map((job) => job.name),
  ...streamJobTable.map((job) => job.name),
  ...timerJobTable.map((job) => job.name),
  mailSuppressionJob.name,
];

/** Real handlers and jobs if every one is there; otherwise a throw-away project root with trivial stand-ins. */
function handlerProps(): Pick<MeetwiseStackProps, 'projectRoot' | 'handlersDir' | 'jobsDir'> {
  const realDir = path.join(repoRoot, 'functions/src/handlers');
  const realJobsDir = path.join(repoRoot, 'functions/src/jobs');
  if (
    routeTable.every((route) => existsSync(path.join(realDir, `${route.name}.ts`))) &&
    jobNames.every((name) => existsSync(path.join(realJobsDir, `${name}.ts`)))
  )
    return {};
  const root = tempDir('meetwise-handlers-');
  const handlersDir = path.join(root, 'handlers');
  mkdirSync(handlersDir);
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'stand-in', type: 'module' }));
  writeFileSync(
    path.join(root, 'package-lock.json'),
    JSON.stringify({ name: 'stand-in', lockfileVersion: 3, packages: {} }),
  );
  // esbuild resolves a bundle's packages from the project root: lend it the repository's node_modules.
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  for (const route of routeTable) {
    writeFileSync(
      path.join(handlersDir, `${route.name}.ts`),
      `export const handler = async () => ({ statusCode: 200, body: ${JSON.stringify(JSON.stringify({ route: route.name }))} });\n`,
    );
  }
  const jobsDir = path.join(root, 'jobs');
  mkdirSync(jobsDir);
  for (const name of jobNames)
    writeFileSync(path.join(jobsDir, `${name}.ts`), 'export const handler = async () => ({});\n');
  console.warn(`[infra test] handler or job files missing: using stand-ins in ${root}`);
  return { projectRoot: root, handlersDir, jobsDir };
}

/** The real build if there is one; otherwise a minimal dist. */
function siteDir(): string | undefined {
  if (existsSync(path.join(repoRoot, 'frontend/dist/index.html'))) return undefined;
  const dir = writeStandInSite(tempDir('meetwise-dist-'));
  console.warn(`[infra test] frontend/dist missing: using a minimal dist in ${dir}`);
  return dir;
}

/** The same feature flags `cdk synth` uses (cdk.json), so the test sees the deployed template. */
function cdkJsonContext(): Json {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context?: Json };
  return cdkJson.context ?? {};
}

const GOOGLE_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:meetwise/google-AbCdEf';
const STRIPE_PUBLISHABLE_KEY = 'pk_live_meetwiseInfraTest';
const STRIPE_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:meetwise/stripe-AbCdEf';
const baseProps: MeetwiseStackProps = {
  mailFrom: 'no-reply@meetwise.app',
  contactEmail: 'hello@meetwise.app',
  googleClientId: '1234-test.apps.googleusercontent.com',
  googleClientSecretArn: GOOGLE_SECRET_ARN,
  stripePublishableKey: STRIPE_PUBLISHABLE_KEY,
  stripeSecretArn: STRIPE_SECRET_ARN,
};

let template: Template;
/** The webhook delivery construct (issue 29), as synthesized. */
let webhookDelivery: WebhookDelivery | undefined;
const stackWebhookDelivery = () => webhookDelivery;
/** The front end the stack was synthesized with (undefined: the repository's frontend/dist). */
let usedSiteDir: string | undefined;
let outdir: string;
/**
 * The main stack's resources together with the billing nested stack's (its route functions live there: see
 * infra/cdk/billing.ts), so route lookups see every route; `mainResources` is the main stack alone.
 */
let resources: Record<string, Resource>;
let mainResources: Record<string, Resource>;
/** The billing routes' nested stack (issue 18). */
let billingTemplate: Json;
/** The team routes' nested stack (issue 28). */
let teamsTemplate: Json;
/** The webhook routes' and delivery's nested stack (issue 29). */
let webhooksTemplate: Json;
/** The booking lifecycle's nested stack (its own template: the main stack is near the 500-resource limit). */
let lifecycleTemplate: Json;
/** The operator's topic and alarms: a nested stack too. */
let operationsTemplate: Json;
/** The booking mail queue and its consumer's nested stack (issue 30). */
let mailQueueTemplate: Json;

const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);
const get = (id: string): Resource => {
  const resource = resources[id];
  if (!resource) throw new Error(`No resource ${id}`);
  return resource;
};
const refId = (value: unknown): string => {
  const ref = (value as { Ref?: unknown }).Ref;
  if (typeof ref !== 'string') throw new Error(`Not a Ref: ${JSON.stringify(value)}`);
  return ref;
};
const getAttId = (value: unknown): string => {
  const getAtt = (value as { 'Fn::GetAtt'?: unknown[] })['Fn::GetAtt'];
  if (!Array.isArray(getAtt) || typeof getAtt[0] !== 'string')
    throw new Error(`Not a GetAtt: ${JSON.stringify(value)}`);
  return getAtt[0];
};
const actionsOf = (statement: Statement) => [statement.Action].flat();
/** The main stack's nested stack whose logical id starts with `prefix` (BookingLifecycle, OperatorAlarms). */
const nestedStack = (prefix: string): Resource => {
  const found = ofType('AWS::CloudFormation::Stack').filter(([id]) => id.startsWith(prefix));
  expect(found, prefix).toHaveLength(1);
  return found[0]![1];
};
/** The resources of the operations nested stack, by type. */
const inOperations = (type: string) =>
  Object.entries(operationsTemplate.Resources as Record<string, Resource>).filter(
    ([, resource]) => resource.Type === type,
  );
/** What the main stack passes to a parameter (`{ Ref: name }` in its template) of the operations stack. */
const operationsParent = (value: unknown): unknown =>
  (nestedStack('OperatorAlarms').Properties.Parameters as Json)[refId(value)];

/**
 * A value of the billing nested stack with its parameters replaced by what the main stack passes in (the table's
 * name, the secrets' references, the site's address), so it compares with the main stack's own values.
 */
function resolved(value: unknown): unknown {
  // The team routes' nested stack is given the same values (the same main stack resources) under the same names.
  const parameters = {
    ...((billingTemplate.Parameters ?? {}) as Json),
    ...((teamsTemplate.Parameters ?? {}) as Json),
    ...((webhooksTemplate.Parameters ?? {}) as Json),
  };
  const passed = {
    ...((nestedStack('Billing').Properties.Parameters ?? {}) as Json),
    ...((nestedStack('Teams').Properties.Parameters ?? {}) as Json),
    ...((nestedStack('Webhooks').Properties.Parameters ?? {}) as Json),
  };
  const walk = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object') {
      const ref = (item as { Ref?: unknown }).Ref;
      if (typeof ref === 'string' && ref in parameters) return passed[ref];
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    }
    return item;
  };
  return walk(value);
}

/** A route function's environment, as deployed (see resolved). */
const variablesOf = (route: RouteDefinition): Record<string, unknown> =>
  resolved(
    (get(functionIdOf(route)).Properties.Environment as { Variables: Record<string, unknown> }).Variables,
  ) as Record<string, unknown>;

/**
 * The function a value passed to the operations stack names: a main stack function by Ref, a billing function by
 * the billing nested stack's output (the booking lifecycle's are tested with it).
 */
function functionNamedBy(value: unknown): string | undefined {
  const ref = (value as { Ref?: unknown }).Ref;
  if (typeof ref === 'string') return ref;
  const [stackId, attribute] = (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'] ?? [];
  if (!attribute) return undefined;
  const nested = stackId?.startsWith('Billing')
    ? billingTemplate
    : stackId?.startsWith('Teams')
      ? teamsTemplate
      : stackId?.startsWith('Webhooks')
        ? webhooksTemplate
        : null;
  if (!nested) return undefined;
  const output = (nested.Outputs as Record<string, { Value: unknown }>)[attribute.replace(/^Outputs\./, '')];
  return output ? refId(output.Value) : undefined;
}

/** A pair of settings that go together: each given alone stops the stack with `message`. */
function refusesEachHalfAlone(halves: Partial<MeetwiseStackProps>[], message: string): void {
  for (const half of halves) {
    const app = new App({ outdir: tempDir('meetwise-cdk-refused-') });
    expect(
      () =>
        new MeetwiseStack(app, 'Refused', {
          mailFrom: 'no-reply@meetwise.app',
          contactEmail: 'hello@meetwise.app',
          ...half,
        }),
    ).toThrow(message);
  }
}

/** The site's CloudFront distribution configuration. */
const distribution = () => {
  const found = ofType('AWS::CloudFront::Distribution');
  expect(found).toHaveLength(1);
  return found[0]![1].Properties.DistributionConfig as Json & {
    Origins: Json[];
    DefaultCacheBehavior: Json;
    CacheBehaviors: Json[];
  };
};

/** Follows RouteKey → route → integration → function. */
/** A job's function: the one whose description names the job. */
function jobFunctionIdOf(job: JobDefinition): string {
  const found = ofType('AWS::Lambda::Function').filter(([, fn]) =>
    String(fn.Properties.Description).startsWith(`Job ${job.name},`),
  );
  expect(found, job.name).toHaveLength(1);
  return found[0]![0];
}

function functionIdOf(route: RouteDefinition): string {
  const routeKey = `${route.method} ${route.path}`;
  const found = ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.RouteKey === routeKey);
  expect(found, routeKey).toHaveLength(1);
  const target = found[0]![1].Properties.Target as { 'Fn::Join': [string, unknown[]] };
  const [prefix, integrationRef] = target['Fn::Join'][1];
  expect(prefix).toBe('integrations/');
  const integration = get(refId(integrationRef));
  expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
  return getAttId(integration.Properties.IntegrationUri);
}

/** Every statement granted to a function's role (inline role policies and attached AWS::IAM::Policy). */
function statementsOf(functionId: string): Statement[] {
  const roleId = getAttId(get(functionId).Properties.Role);
  const inline = ((get(roleId).Properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[]).flatMap(
    (policy) => policy.PolicyDocument.Statement,
  );
  const attached = ofType('AWS::IAM::Policy')
    .filter(([, policy]) => (policy.Properties.Roles as unknown[]).some((role) => refId(role) === roleId))
    .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  return [...inline, ...attached];
}

beforeAll(() => {
  const started = performance.now();
  outdir = tempDir('meetwise-cdk-out-');
  // Asset metadata (as the CLI asks for) tells which cdk.out folder holds each function's bundle.
  const app = new App({ context: { ...cdkJsonContext(), 'aws:cdk:enable-asset-metadata': true }, outdir });
  usedSiteDir = siteDir();
  const stack = new MeetwiseStack(app, 'Meetwise', { ...baseProps, ...handlerProps(), siteDir: usedSiteDir });
  template = Template.fromStack(stack);
  mainResources = template.toJSON().Resources as Record<string, Resource>;
  const billing = stack.node.findAll().find((construct) => construct instanceof PromoCodeSeed);
  if (!billing) throw new Error('No billing nested stack in the stack');
  billingTemplate = Template.fromStack(Stack.of(billing)).toJSON();
  teamsTemplate = Template.fromStack(stack.node.findChild('Teams') as Stack).toJSON();
  webhooksTemplate = Template.fromStack(stack.node.findChild('Webhooks') as Stack).toJSON();
  mailQueueTemplate = Template.fromStack(stack.node.findChild('BookingMail') as Stack).toJSON();
  webhookDelivery = stack.node.findAll().find((construct) => construct instanceof WebhookDelivery) as
    WebhookDelivery | undefined;
  resources = {
    ...mainResources,
    ...(billingTemplate.Resources as Record<string, Resource>),
    ...(teamsTemplate.Resources as Record<string, Resource>),
    ...(webhooksTemplate.Resources as Record<string, Resource>),
  };
  const lifecycle = stack.node.findAll().find((construct) => construct instanceof BookingLifecycle);
  if (!lifecycle) throw new Error('No BookingLifecycle in the stack');
  lifecycleTemplate = Template.fromStack(Stack.of(lifecycle)).toJSON();
  const operations = stack.node.findAll().find((construct) => construct instanceof OperatorAlarms);
  if (!operations) throw new Error('No OperatorAlarms in the stack');
  operationsTemplate = Template.fromStack(Stack.of(operations)).toJSON();
  // Logged, not asserted: timings belong to the bench, not to tests (test/bench/run.ts).
  console.info(`[infra test] synth with bundling took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Every function (one per route row and per job) is bundled in one esbuild build (LambdaBundles): about 11 s
  // alone on this machine, 29 s when each was built on its own.
}, 600_000);

describe('route functions', () => {
  it('has exactly one Node 22 arm64 function per route-table row and per job, and every one is Node 22 on arm64', () => {
    const ours = ofType('AWS::Lambda::Function').filter(
      ([, fn]) => fn.Properties.Runtime === 'nodejs22.x' && JSON.stringify(fn.Properties.Architectures) === '["arm64"]',
    );
    // And the booking page shell (infra/cdk/site.ts: the CDN's fallback for a booking page not published), and the
    // webhook delivery job (infra/cdk/webhooks.ts, in the webhooks' nested stack: tested below).
    expect(ours).toHaveLength(routeTable.length + jobTable.length + 2);
    const routeFunctionIds = routeTable.map(functionIdOf);
    expect(new Set(routeFunctionIds).size).toBe(routeTable.length);
    const jobFunctionIds = jobTable.map(jobFunctionIdOf);
    const [shellId] = ours.find(([, fn]) =>
      String(fn.Properties.Description).startsWith("Site: the booking page's shell"),
    )!;
    const [deliveryId] = ours.find(([, fn]) =>
      String(fn.Properties.Description).startsWith('Queue job deliverWebhook '),
    )!;
    expect(new Set([...routeFunctionIds, ...jobFunctionIds, shellId, deliveryId])).toEqual(
      new Set(ours.map(([id]) => id)),
    );
  });

  it('runs each job on an EventBridge schedule at its rate (the calendar sync every 15 minutes), with the access it needs', () => {
    const rules = ofType('AWS::Events::Rule');
    expect(rules).toHaveLength(jobTable.length);
    for (const job of jobTable) {
      const id = jobFunctionIdOf(job);
      const rule = rules.find(([, r]) => JSON.stringify(r.Properties.Targets).includes(`"${id}"`));
      expect(rule, job.name).toBeDefined();
      // As EventBridge writes the rate: whole hours in hours ("rate(1 hour)" for the hourly location migration).
      expect(rule![1].Properties.ScheduleExpression).toBe(
        events.Schedule.rate(Duration.minutes(job.everyMinutes)).expressionString,
      );
      const permission = ofType('AWS::Lambda::Permission').find(
        ([, p]) =>
          JSON.stringify(p.Properties.FunctionName).includes(`"${id}"`) &&
          p.Properties.Principal === 'events.amazonaws.com',
      );
      expect(permission, job.name).toBeDefined();
    }
    expect(jobs.syncCalendars.everyMinutes).toBe(15);
    const variables = (
      get(jobFunctionIdOf(jobs.syncCalendars)).Properties.Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(JSON.stringify(variables.GOOGLE_CLIENT_SECRET)).toContain('{{resolve:secretsmanager:');
  });

  it('seals calendar tokens with a rotating, retained KMS key that only the Google rows may use', () => {
    const keys = ofType('AWS::KMS::Key');
    expect(keys).toHaveLength(1);
    const [keyId, key] = keys[0]!;
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
    const policies = ofType('AWS::IAM::Policy');
    for (const route of routeTable) {
      const variables = variablesOf(route);
      expect(JSON.stringify(variables.CALENDAR_KMS_KEY_ID), route.name).toContain(keyId);
      const roleId = (get(functionIdOf(route)).Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const statements = policies
        .filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(`"${roleId}"`))
        .flatMap(
          ([, policy]) =>
            (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
        );
      const kmsStatements = statements.filter((statement) => JSON.stringify(statement.Action).includes('kms:'));
      if (route.needs.google) {
        expect(kmsStatements, route.name).toHaveLength(1);
        expect([...(kmsStatements[0]!.Action as string[])].sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
        expect(JSON.stringify(resolved(kmsStatements[0]!.Resource))).toContain(keyId);
      } else if (route.needs.webhooks === 'seal') {
        // Adding a webhook seals its signing secret (issue 29): a new data key, never a decryption.
        expect(kmsStatements, route.name).toHaveLength(1);
        expect(kmsStatements[0]!.Action).toBe('kms:GenerateDataKey');
        expect(JSON.stringify(resolved(kmsStatements[0]!.Resource))).toContain(keyId);
      } else {
        expect(kmsStatements, route.name).toEqual([]);
      }
    }
  });

  it('configures each route function as specified', () => {
    for (const route of routeTable) {
      const fn = { ...get(functionIdOf(route)).Properties, Environment: { Variables: variablesOf(route) } };
      expect(fn, route.name).toMatchObject({
        Handler: 'index.handler',
        MemorySize: 512,
        // Routes that call Google or Stripe wait for their retries (within API Gateway's 30 s).
        Timeout: route.needs.google || route.needs.billing ? 28 : 10,
        Environment: {
          Variables: {
            TABLE_NAME: { Ref: expect.any(String) },
            MAIL_FROM: 'no-reply@meetwise.app',
            CONTACT_EMAIL: 'hello@meetwise.app',
            ADMIN_EMAILS: '',
            NODE_OPTIONS: '--enable-source-maps',
          },
        },
      });
      // The session key is a dynamic reference to the generated secret, never a literal in the template.
      const secretRef = JSON.stringify(
        (fn.Environment as { Variables: { SESSION_SECRET: unknown } }).Variables.SESSION_SECRET,
      );
      expect(secretRef, route.name).toMatch(/resolve:secretsmanager:/);
      // The site's address (the distribution's domain), for links in e-mails and the same-site check.
      const siteUrl = JSON.stringify((fn.Environment as { Variables: { SITE_URL: unknown } }).Variables.SITE_URL);
      expect(siteUrl, route.name).toMatch(/https:\/\/.*DomainName/);
      const tableId = refId((fn.Environment as { Variables: { TABLE_NAME: unknown } }).Variables.TABLE_NAME);
      expect(get(tableId).Type).toBe('AWS::DynamoDB::GlobalTable');
    }
  });

  it('gives every function the Google client id and only the Google routes its secret, as a dynamic reference', () => {
    for (const route of routeTable) {
      const variables = variablesOf(route);
      expect(variables.GOOGLE_CLIENT_ID, route.name).toBe('1234-test.apps.googleusercontent.com');
      if (route.needs.google) {
        expect(JSON.stringify(variables.GOOGLE_CLIENT_SECRET), route.name).toContain(
          `{{resolve:secretsmanager:${GOOGLE_SECRET_ARN}`,
        );
      } else {
        expect(variables.GOOGLE_CLIENT_SECRET, route.name).toBeUndefined();
      }
    }
    expect(
      routeTable
        .filter((route) => route.needs.google)
        .map((route) => route.name)
        .sort(),
    ).toEqual([
      // A host's, an admin's or a guest's cancellation removes the event from the host's calendar ("Delete on cancel").
      'cancelBooking',
      'cancelBookingAsGuest',
      'completeCalendarConnect',
      'completeGoogleSignIn',
      // Confirming a pending booking puts its event into the host's calendar.
      'confirmBooking',
      // Connecting the built-in calendar revokes a Google grant it replaces.
      'connectBuiltinCalendar',
      'connectCalendar',
      'createBooking',
      'deleteAccount',
      'deleteEvent',
      'disconnectCalendar',
      'getAvailableDates',
      'getCalendarFeed',
      'getTimeSlots',
      // Removing a team member reassigns their round-robin bookings to members free then (their calendars read).
      'removeTeamMember',
      'resetCalendarFeed',
      // Claiming an unproven account revokes the Google Calendar grant its creator connected (issue 30).
      'signInWithLink',
      'startGoogleSignIn',
      'syncCalendar',
    ]);
  });

  it('sends the origin secret from CloudFront to the API and gives the same secret to every function', () => {
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    const apiOrigins = ((distribution.Properties.DistributionConfig as Json).Origins as Json[]).filter((origin) =>
      JSON.stringify(origin.DomainName).includes('execute-api'),
    );
    expect(apiOrigins).toHaveLength(1);
    const headers = (apiOrigins[0]!.CustomOriginConfig ? apiOrigins[0]!.OriginCustomHeaders : undefined) as {
      HeaderName: string;
      HeaderValue: unknown;
    }[];
    expect(headers.map((h) => h.HeaderName)).toEqual(['x-origin-verify']);
    const sent = JSON.stringify(headers[0]!.HeaderValue);
    expect(sent).toMatch(/resolve:secretsmanager:/);
    for (const route of routeTable) {
      const variables = variablesOf(route);
      expect(JSON.stringify(variables.ORIGIN_SECRET), route.name).toBe(sent);
    }
  });

  it('refuses a Google client id without its secret (and the other way round)', () => {
    refusesEachHalfAlone(
      [{ googleClientId: 'abc' }, { googleClientSecretArn: GOOGLE_SECRET_ARN }],
      'googleClientId and googleClientSecretArn go together',
    );
  });

  it('bundles every function in the one esbuild build the stack planned: none is left waiting in cdk.out', () => {
    // A planned entry no function asked for would stay in its batch folder (LambdaBundles, api.ts otherEntries).
    expect(readdirSync(outdir).filter((name) => name.startsWith('bundling-batch-'))).toEqual([]);
  });

  it('bundles each route as an ESM module (with source map) within 300 KB that loads with only the runtime SDK beside it', () => {
    // The Lambda Node 22 runtime provides @aws-sdk/*; nothing else may be left outside the bundle.
    const runtime = mkdtempSync(path.join(os.tmpdir(), 'meetwise-lambda-runtime-'));
    mkdirSync(path.join(runtime, 'node_modules'));
    symlinkSync(path.resolve('node_modules/@aws-sdk'), path.join(runtime, 'node_modules', '@aws-sdk'));
    try {
      const tasks: { name: string; dir: string }[] = [];
      for (const route of routeTable) {
        const assetPath = get(functionIdOf(route)).Metadata?.['aws:asset:path'];
        expect(assetPath, route.name).toEqual(expect.any(String));
        const bundle = path.join(outdir, String(assetPath), 'index.mjs');
        expect(existsSync(`${bundle}.map`), route.name).toBe(true);
        const size = statSync(bundle).size;
        // The Stripe rows too: they talk to Stripe through a small client over fetch, not the stripe SDK (below).
        expect(size, `${route.name} bundle size`).toBeLessThanOrEqual(300 * 1024);

        // A route loads only the SDK clients its use case calls. (Any other external import would make the
        // loading check below fail, since only @aws-sdk is installed beside the copied bundle.)
        const code = readFileSync(bundle, 'utf8');
        expect(code.includes('"@aws-sdk/client-ses"'), `${route.name} loads SES`).toBe(route.needs.mail === true);

        const task = path.join(runtime, route.name);
        mkdirSync(task);
        copyFileSync(bundle, path.join(task, 'index.mjs'));
        tasks.push({ name: route.name, dir: task });
        console.info(`[infra test] ${route.name}: ${(size / 1024).toFixed(0)} KB minified`);
      }
      // Every bundle loaded by one Node process (not one each), from its own folder as its working directory, with
      // nothing but PATH and the region in its environment; each answers the type of its handler or why it failed.
      const loaded = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const loaded = {};
          for (const { name, dir } of ${JSON.stringify(tasks)}) {
            process.chdir(dir);
            try {
              const m = await import(${JSON.stringify(pathToFileURL(runtime).href)} + '/' + name + '/index.mjs');
              loaded[name] = { status: 0, stdout: typeof m.handler, stderr: '' };
            } catch (error) {
              loaded[name] = { status: 1, stdout: '', stderr: String(error?.stack ?? error) };
            }
          }
          process.stdout.write(JSON.stringify(loaded));`,
        ],
        { cwd: runtime, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', AWS_REGION: 'us-east-1' } },
      );
      expect(loaded.status, loaded.stderr).toBe(0);
      const results = JSON.parse(loaded.stdout) as Record<string, { status: number; stdout: string; stderr: string }>;
      for (const { name } of tasks) {
        const result = results[name]!;
        expect({ status: result.status, stdout: result.stdout.trim() }, `${name}: ${result.stderr}`).toEqual({
          status: 0,
          stdout: 'function',
        });
      }
    } finally {
      rmSync(runtime, { recursive: true, force: true });
    }
  });

  it('routes each row\'s "METHOD path" to its function with payload format 2.0', () => {
    expect(ofType('AWS::ApiGatewayV2::Route')).toHaveLength(routeTable.length);
    for (const route of routeTable) {
      expect(
        ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.RouteKey === `${route.method} ${route.path}`),
      ).toHaveLength(1);
    }
    for (const [, integration] of ofType('AWS::ApiGatewayV2::Integration')) {
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    }
  });

  it('gives each route function its own log group kept 30 days', () => {
    const logGroupIds = routeTable.map((route) => {
      const logging = get(functionIdOf(route)).Properties.LoggingConfig as { LogGroup: unknown };
      const logGroup = get(refId(logging.LogGroup));
      expect(logGroup.Type).toBe('AWS::Logs::LogGroup');
      expect(logGroup.Properties.RetentionInDays, route.name).toBe(30);
      return refId(logging.LogGroup);
    });
    expect(new Set(logGroupIds).size).toBe(routeTable.length);
  });
});

describe('operations (issue 14, item 5)', () => {
  const functionIds = () => [...routeTable.map(functionIdOf), ...jobTable.map(jobFunctionIdOf)];
  // The alarms live in the operations nested stack, the topic in the main stack; a function or the topic is named
  // there by a parameter whose value the main stack passes.
  const topicIds = () => ofType('AWS::SNS::Topic').map(([id]) => id);
  const alarms = () => inOperations('AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
  const notifiesTopic = (alarm: Json) =>
    [alarm.AlarmActions, alarm.OKActions].every(
      (list) =>
        (list as unknown[]).length === 1 && topicIds().includes(refId(operationsParent((list as unknown[])[0]))),
    );

  it('traces every function with X-Ray and names its Powertools service after its route or job', () => {
    const names = [...routeTable.map((route) => route.name), ...jobTable.map((job) => job.name)];
    functionIds().forEach((id, index) => {
      const fn = get(id).Properties;
      expect(fn.TracingConfig, names[index]).toEqual({ Mode: 'Active' });
      expect((fn.Environment as { Variables: Json }).Variables.POWERTOOLS_SERVICE_NAME, names[index]).toBe(
        names[index],
      );
    });
  });

  it("alarms on each function's errors and throttles, notifying the operator topic", () => {
    expect(topicIds()).toHaveLength(1);
    for (const id of functionIds()) {
      const watching = alarms().filter((alarm) =>
        (
          (alarm.Metrics ?? []) as {
            MetricStat?: { Metric: { MetricName: string; Dimensions: { Value: unknown }[] } };
          }[]
        ).some(
          (query) =>
            query.MetricStat?.Metric.MetricName === 'Errors' &&
            // (The booking lifecycle's functions are named by its nested stack's outputs: tested there.)
            functionNamedBy(operationsParent(query.MetricStat.Metric.Dimensions[0]!.Value)) === id,
        ),
      );
      expect(watching, id).toHaveLength(1);
      const metrics = watching[0]!.Metrics as {
        Expression?: string;
        MetricStat?: { Metric: { MetricName: string } };
      }[];
      expect(metrics.find((query) => query.Expression)?.Expression).toBe('errors + throttles');
      expect(metrics.flatMap((query) => (query.MetricStat ? [query.MetricStat.Metric.MetricName] : [])).sort()).toEqual(
        ['Errors', 'Throttles'],
      );
      expect(watching[0]!.Threshold).toBe(1);
      expect(notifiesTopic(watching[0]!)).toBe(true);
    }
  });

  it('alarms when the booking write answers 5xx (the ServerError metric of createBooking)', () => {
    const booking = alarms().filter((alarm) => alarm.MetricName === 'ServerError');
    expect(booking).toHaveLength(1);
    expect(booking[0]).toMatchObject({
      Namespace: 'Meetwise',
      Dimensions: [{ Name: 'service', Value: 'createBooking' }],
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(notifiesTopic(booking[0]!)).toBe(true);
  });

  it('stays within the 500 resources CloudFormation allows in one stack (each nested stack too)', () => {
    console.info(
      `[infra test] resources: main stack ${Object.keys(mainResources).length}, operations ${Object.keys(operationsTemplate.Resources as Json).length}, billing ${Object.keys(billingTemplate.Resources as Json).length}`,
    );
    expect(Object.keys(mainResources).length).toBeLessThan(500);
    expect(Object.keys(billingTemplate.Resources as Json).length).toBeLessThan(500);
    expect(Object.keys(teamsTemplate.Resources as Json).length).toBeLessThan(500);
    expect(Object.keys(webhooksTemplate.Resources as Json).length).toBeLessThan(500);
    expect(Object.keys(operationsTemplate.Resources as Json).length).toBeLessThan(500);
  });
});

describe('teams (issue 28)', () => {
  it('puts the team routes, and only those, in a nested stack of their own', () => {
    const inTeams = (route: RouteDefinition) => functionIdOf(route) in (teamsTemplate.Resources as Json);
    for (const route of routeTable) expect(inTeams(route), route.name).toBe(isTeamRoute(route));
    expect(routeTable.filter(isTeamRoute)).toHaveLength(11);
  });
});

describe('webhooks (issue 29)', () => {
  const inWebhooks = (type: string) =>
    Object.entries(webhooksTemplate.Resources as Record<string, Resource>).filter(([, r]) => r.Type === type);
  /** What the main stack passes to a parameter of the webhooks' nested stack. */
  const webhooksParent = (value: unknown): unknown =>
    (nestedStack('Webhooks').Properties.Parameters as Json)[refId(value)];
  const workerId = () => {
    const found = inWebhooks('AWS::Lambda::Function').filter(([, fn]) =>
      String(fn.Properties.Description).startsWith('Queue job deliverWebhook '),
    );
    expect(found).toHaveLength(1);
    return found[0]![0];
  };
  const queues = () => {
    const all = inWebhooks('AWS::SQS::Queue');
    expect(all).toHaveLength(2);
    const work = all.find(([, queue]) => queue.Properties.RedrivePolicy)!;
    const dead = all.find(([, queue]) => !queue.Properties.RedrivePolicy)!;
    return { workId: work[0], work: work[1], deadId: dead[0] };
  };

  it('puts the integration routes, and only those, in a nested stack of their own, with the delivery path', () => {
    const inNested = (route: RouteDefinition) => functionIdOf(route) in (webhooksTemplate.Resources as Json);
    for (const route of routeTable) expect(inNested(route), route.name).toBe(isIntegrationRoute(route));
    expect(routeTable.filter(isIntegrationRoute).map((route) => route.name)).toEqual([
      'createWebhook',
      'listWebhooks',
      'updateWebhook',
      'deleteWebhook',
      'testWebhook',
      'listWebhookDeliveries',
      'redeliverWebhook',
      'createApiKey',
      'listApiKeys',
      'deleteApiKey',
      'getOpenApiDocument',
    ]);
    expect(workerId()).toBeDefined();
  });

  it('queues deliveries in an encrypted, TLS-only queue whose messages go to a dead-letter queue after 5 receives', () => {
    const { work, deadId } = queues();
    expect(work.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadId, 'Arn'] }, maxReceiveCount: 5 },
    });
    expect(get(deadId).Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    const tlsOnly = inWebhooks('AWS::SQS::QueuePolicy').map(([, policy]) => JSON.stringify(policy.Properties));
    expect(tlsOnly.filter((policy) => policy.includes('aws:SecureTransport'))).toHaveLength(2);
  });

  it('feeds the delivery job from the queue in batches of 10 with partial failures, 30 s each, with the errors alarm', () => {
    const { workId } = queues();
    const mappings = inWebhooks('AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(1);
    expect(mappings[0]![1].Properties).toMatchObject({
      FunctionName: { Ref: workerId() },
      EventSourceArn: { 'Fn::GetAtt': [workId, 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const worker = get(workerId()).Properties;
    expect(worker).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: 30,
      TracingConfig: { Mode: 'Active' },
    });
    const variables = resolved((worker.Environment as { Variables: Json }).Variables) as Json;
    expect(variables.POWERTOOLS_SERVICE_NAME).toBe('deliverWebhook');
    expect(variables.WEBHOOK_QUEUE_URL).toEqual({ Ref: workId });
    expect(JSON.stringify(variables.SITE_URL)).toContain('DomainName');
    // Never the one-machine setting: in the cloud every address a webhook goes to must be public.
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      const env = (fn.Properties.Environment as { Variables?: Json } | undefined)?.Variables ?? {};
      expect(env.WEBHOOKS_ALLOW_LOCAL).toBeUndefined();
    }
    expect(
      inOperations('AWS::CloudWatch::Alarm').some(([, alarm]) =>
        String(alarm.Properties.AlarmDescription).startsWith('deliverWebhook: the function failed'),
      ),
    ).toBe(true);
  });

  it('lets the delivery job consume and send on its queue, open secrets with the token key, and mail', () => {
    const { workId } = queues();
    const statements = statementsOf(workerId());
    const [keyId] = ofType('AWS::KMS::Key')[0]!;
    const on = (action: string) => statements.filter((s) => actionsOf(s).includes(action));
    expect(on('sqs:ReceiveMessage').map((s) => getAttId(s.Resource))).toEqual([workId]);
    expect(on('sqs:SendMessage').map((s) => getAttId(s.Resource))).toEqual([workId]);
    const kmsActions = statements.flatMap(actionsOf).filter((action) => action.startsWith('kms:'));
    expect(kmsActions).toEqual(['kms:Decrypt']);
    expect(JSON.stringify(resolved(on('kms:Decrypt')[0]!.Resource))).toContain(keyId);
    expect(statements.flatMap(actionsOf)).toEqual(expect.arrayContaining([...WRITE_ACTIONS, 'ses:SendEmail']));
  });

  it('lets exactly the stream job and the test and redeliver routes send to the queue, with its URL', () => {
    const { workId } = queues();
    const enqueuing = routeTable.filter((route) => route.needs.webhooks === 'enqueue').map((route) => route.name);
    expect(enqueuing.sort()).toEqual(['redeliverWebhook', 'testWebhook']);
    expect(streamJobs.notifyBookingChanges.needs.webhooks).toBe('enqueue');
    for (const route of routeTable) {
      const sends = statementsOf(functionIdOf(route)).filter((s) => actionsOf(s).some((a) => a.startsWith('sqs:')));
      const url = variablesOf(route).WEBHOOK_QUEUE_URL;
      if (!enqueuing.includes(route.name)) {
        expect(sends, route.name).toEqual([]);
        expect(url, route.name).toBeUndefined();
        continue;
      }
      expect(
        sends.map((s) => [actionsOf(s), getAttId(s.Resource)]),
        route.name,
      ).toEqual([[['sqs:SendMessage'], workId]]);
      expect(url, route.name).toEqual({ Ref: workId });
    }
    // The stream job, in the booking lifecycle's nested stack: the queue's URL and ARN come through its parameters.
    const lifecycleResources = lifecycleTemplate.Resources as Record<string, Resource>;
    const [notifyId, notify] = Object.entries(lifecycleResources).find(
      ([, r]) =>
        r.Type === 'AWS::Lambda::Function' &&
        String(r.Properties.Description).startsWith('Stream job notifyBookingChanges '),
    )!;
    const parent = (value: unknown) =>
      (nestedStack('BookingLifecycle').Properties.Parameters as Json)[refId(value)] as {
        'Fn::GetAtt': [string, string];
      };
    const toWebhooks = (value: unknown) => {
      const [stackId, output] = parent(value)['Fn::GetAtt'];
      expect(stackId.startsWith('Webhooks')).toBe(true);
      return (webhooksTemplate.Outputs as Record<string, { Value: unknown }>)[output.replace(/^Outputs\./, '')]!.Value;
    };
    const url = (notify.Properties.Environment as { Variables: Json }).Variables.WEBHOOK_QUEUE_URL;
    expect(toWebhooks(url)).toEqual({ Ref: workId });
    const roleId = getAttId(notify.Properties.Role);
    const sends = Object.values(lifecycleResources)
      .filter(
        (r) => r.Type === 'AWS::IAM::Policy' && (r.Properties.Roles as unknown[]).some((x) => refId(x) === roleId),
      )
      .flatMap((r) => (r.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((s) => actionsOf(s).includes('sqs:SendMessage'))
      .flatMap((s) => [s.Resource].flat())
      // (Its dead-letter queue is its own nested stack's, a GetAtt; the delivery queue comes as a parameter.)
      .filter((resource) => typeof (resource as { Ref?: unknown }).Ref === 'string')
      // (The booking mail queue's, issue 30, is tested with it.)
      .filter((resource) => !parent(resource)['Fn::GetAtt'][0].startsWith('BookingMail'));
    expect(sends.map(toWebhooks)).toEqual([{ 'Fn::GetAtt': [workId, 'Arn'] }]);
    expect(notifyId).toBeDefined();
  });

  it('alarms on the first dead letter and on a backlog of 30 minutes, notifying the operator topic', () => {
    const { workId, deadId } = queues();
    const alarms = inWebhooks('AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
    const on = (queueId: string) =>
      alarms.filter((alarm) =>
        ((alarm.Dimensions ?? []) as { Name: string; Value: unknown }[]).some(
          (d) => d.Name === 'QueueName' && getAttId(d.Value) === queueId,
        ),
      );
    expect(on(deadId)).toHaveLength(1);
    expect(on(deadId)[0]).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
    expect(on(workId)).toHaveLength(1);
    expect(on(workId)[0]).toMatchObject({ MetricName: 'ApproximateAgeOfOldestMessage', Threshold: 1800 });
    const [topicId] = ofType('AWS::SNS::Topic')[0]!;
    for (const alarm of [...on(deadId), ...on(workId)]) {
      for (const list of [alarm.AlarmActions, alarm.OKActions] as unknown[][]) {
        expect(list).toHaveLength(1);
        expect(refId(webhooksParent(list[0]))).toBe(topicId);
      }
    }
    expect(stackWebhookDelivery()).toBeInstanceOf(WebhookDelivery);
  });
});

describe('billing (issue 18)', () => {
  const inBilling = (route: RouteDefinition) => functionIdOf(route) in (billingTemplate.Resources as Json);

  it('puts the billing routes, and only those, in a nested stack of their own, the webhook with its own function', () => {
    for (const route of routeTable) expect(inBilling(route), route.name).toBe(isBillingRoute(route));
    expect(routeTable.filter(isBillingRoute).map((route) => route.name)).toEqual([
      'getSubscriptionStatus',
      'getStripeConfig',
      'getPlanQuotes',
      'createPaymentIntent',
      'createCheckoutSession',
      'verifyPayment',
      'cancelSubscription',
      'getSubscriptionHistory',
      'stripeWebhook',
    ]);
    const webhookRoutes = Object.values(billingTemplate.Resources as Record<string, Resource>).filter(
      (resource) =>
        resource.Type === 'AWS::ApiGatewayV2::Route' && resource.Properties.RouteKey === 'POST /api/stripe/webhook',
    );
    expect(webhookRoutes).toHaveLength(1);
    const webhook = routeTable.find((route) => route.name === 'stripeWebhook')!;
    expect(String(get(functionIdOf(webhook)).Properties.Description)).toContain('POST /api/stripe/webhook');
  });

  it('gives every function the publishable key, and only the Stripe rows the secret: its ARN and read access', () => {
    const stripeRows = routeTable.filter((route) => route.needs.billing).map((route) => route.name);
    expect(stripeRows.sort()).toEqual([
      'cancelSubscription',
      'createCheckoutSession',
      'createPaymentIntent',
      // Deleting an account cancels its subscription at Stripe first (issue 30).
      'deleteAccount',
      'stripeWebhook',
      'verifyPayment',
    ]);
    for (const route of routeTable) {
      const variables = variablesOf(route);
      expect(variables.STRIPE_PUBLISHABLE_KEY, route.name).toBe(STRIPE_PUBLISHABLE_KEY);
      // The secrets themselves are never in a function's environment: the function reads them (Powertools).
      expect(variables.STRIPE_SECRET_KEY, route.name).toBeUndefined();
      expect(variables.STRIPE_WEBHOOK_SECRET, route.name).toBeUndefined();
      expect(variables.STRIPE_SECRET_ARN, route.name).toBe(route.needs.billing ? STRIPE_SECRET_ARN : undefined);
      const reads = statementsOf(functionIdOf(route)).filter(
        (statement) =>
          actionsOf(statement).includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(resolved(statement.Resource)).includes('meetwise/stripe'),
      );
      expect(reads.length > 0, route.name).toBe(route.needs.billing === true);
    }
  });

  it('bundles the stripe SDK into no function, and the Stripe client into the Stripe rows only', () => {
    for (const route of routeTable) {
      const bundle = path.join(outdir, String(get(functionIdOf(route)).Metadata?.['aws:asset:path']), 'index.mjs');
      // The source map lists every file bundled: the `stripe` package is there for its types only (import type).
      const { sources } = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as { sources: string[] };
      expect(sources.length, route.name).toBeGreaterThan(0);
      expect(
        sources.filter((source) => /(^|\/)node_modules\/stripe\//.test(source)),
        route.name,
      ).toEqual([]);
      expect(readFileSync(bundle, 'utf8').includes('api.stripe.com'), route.name).toBe(route.needs.billing === true);
    }
  });

  it('seeds each promo code once, never replacing a code an operator changed', () => {
    const seeds = Object.values(billingTemplate.Resources as Record<string, Resource>).filter(
      (resource) => resource.Type === 'Custom::AWS',
    );
    expect(seeds).toHaveLength(2);
    for (const seed of seeds) {
      const create = JSON.stringify(seed.Properties.Create);
      expect(create).toContain('putItem');
      expect(create).toContain('attribute_not_exists(pk)');
      expect(create).toContain('ConditionalCheckFailedException');
      expect(seed.Properties.Update).toBeUndefined();
    }
  });

  it('refuses a publishable key without its secret (and the other way round)', () => {
    refusesEachHalfAlone(
      [{ stripePublishableKey: 'pk_test_abc' }, { stripeSecretArn: STRIPE_SECRET_ARN }],
      'stripePublishableKey and stripeSecretArn go together',
    );
  });
});

describe('least privilege', () => {
  it('lets getSettings only read the table (no PutItem or other writes) and send no mail', () => {
    const statements = statementsOf(functionIdOf(routeTable.find((route) => route.name === 'getSettings')!));
    const actions = statements.flatMap(actionsOf);
    expect(actions).toContain('dynamodb:GetItem');
    expect(actions).toContain('dynamodb:Query');
    for (const write of WRITE_ACTIONS) expect(actions).not.toContain(write);
    expect(actions.filter((action) => action.startsWith('ses:'))).toEqual([]);
  });

  it('grants each route exactly the table access its row needs', () => {
    for (const route of routeTable) {
      // The narrow grants of an API key's call (conditioned statements) are checked in the next test.
      const actions = statementsOf(functionIdOf(route))
        .filter((statement) => !statement.Condition)
        .flatMap(actionsOf);
      const dynamo = actions.filter((action) => action.startsWith('dynamodb:'));
      if (!route.needs.table) expect(dynamo, route.name).toEqual([]);
      if (route.needs.table === 'read') {
        expect(dynamo, route.name).toContain('dynamodb:GetItem');
        for (const write of WRITE_ACTIONS) expect(dynamo, route.name).not.toContain(write);
      }
      if (route.needs.table === 'readwrite')
        expect(dynamo, route.name).toEqual(expect.arrayContaining(['dynamodb:GetItem', ...WRITE_ACTIONS]));
    }
  });

  it('lets a read-only row that takes an API key write only the key’s count and last use (issue 29)', () => {
    const pinned = API_KEY_USE_STATEMENTS.map((statement) => ({
      Effect: 'Allow',
      Action: [...statement.actions].sort(),
      Condition: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...statement.leadingKeys] },
        'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...statement.attributes] },
      },
    }));
    // The pinned partitions are the adapters' own.
    expect(API_KEY_USE_STATEMENTS[0].leadingKeys).toEqual([`THROTTLE#limit:${API_KEY_RATE_LIMIT.name}:*`]);
    expect(API_KEY_USE_STATEMENTS[1].leadingKeys).toEqual([
      `${keys.apiKey('h', 'k').pk.replace('h', '')}*`,
      `${keys.apiKeyLookup('x').pk.replace('x', '')}*`,
    ]);
    const readOnlyKeyRows = routeTable.filter((route) => route.apiKey && route.needs.table === 'read');
    expect(readOnlyKeyRows.map((route) => route.name)).toEqual(
      expect.arrayContaining(['listEvents', 'getEvent', 'listBookings', 'getBooking']),
    );
    for (const route of routeTable) {
      const conditioned = statementsOf(functionIdOf(route))
        .filter((statement) => statement.Condition && actionsOf(statement).some((a) => a.startsWith('dynamodb:')))
        .map(({ Effect, Action, Condition }) => ({ Effect, Action: [Action].flat().sort(), Condition }));
      if (readOnlyKeyRows.includes(route)) expect(conditioned, route.name).toEqual(pinned);
      else for (const statement of pinned) expect(conditioned, route.name).not.toContainEqual(statement);
    }
  });

  it('lets only the rows with needs.mail (contact, sign-in links, address confirmations, calendar switches) send mail, and only as the sender domain identity', () => {
    const expectedIdentity = {
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':ses:',
          { Ref: 'AWS::Region' },
          ':',
          { Ref: 'AWS::AccountId' },
          ':identity/meetwise.app',
        ],
      ],
    };
    const mailing = routeTable.filter((route) => route.needs.mail).map((route) => route.name);
    // Issue 30: switching off Google tells the host which Google Meet events became video calls, through the stream
    // (a note the booking notices job mails): those routes send no mail themselves.
    expect(mailing).toEqual(['submitContact', 'register', 'updateProfile', 'manualLogin', 'resendVerification']);
    for (const route of routeTable) {
      const ses = statementsOf(functionIdOf(route)).filter((statement) =>
        actionsOf(statement).some((a) => a.startsWith('ses:')),
      );
      if (!route.needs.mail) {
        expect(ses, route.name).toEqual([]);
        continue;
      }
      expect(ses, route.name).toHaveLength(1);
      expect(ses[0]).toEqual({
        Effect: 'Allow',
        Action: ['ses:SendEmail', 'ses:SendRawEmail'],
        Resource: expectedIdentity,
      });
    }
    // Nothing else in the stack can mail either, but the webhook delivery job (issue 29: it tells an endpoint's owner
    // that it was switched off), as the sender identity too.
    const allSes = ofType('AWS::IAM::Policy').flatMap(([, policy]) =>
      (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement.filter((s) =>
        actionsOf(s).some((a) => a.startsWith('ses:')),
      ),
    );
    expect(queueJobs.deliverWebhook.needs.mail).toBe(true);
    expect(allSes).toHaveLength(mailing.length + 1);
    expect(allSes.every((statement) => JSON.stringify(statement.Resource) === JSON.stringify(expectedIdentity))).toBe(
      true,
    );
  });

  it('lets only the rows with needs.photos write and delete photos, and only under photos/ of the photo bucket', () => {
    const photoRows = routeTable.filter((route) => route.needs.photos).map((route) => route.name);
    expect(photoRows).toEqual(['deleteAccount', 'uploadPhoto', 'removePhoto', 'uploadEventImage']);
    for (const route of routeTable) {
      const s3 = statementsOf(functionIdOf(route)).filter((statement) =>
        actionsOf(statement).some((a) => a.startsWith('s3:')),
      );
      if (!route.needs.photos) {
        expect(s3, route.name).toEqual([]);
        continue;
      }
      const actions = s3.flatMap(actionsOf).sort();
      expect(actions, route.name).toEqual(expect.arrayContaining(['s3:DeleteObject*', 's3:PutObject']));
      expect(
        actions.some((a) => a.startsWith('s3:Get') || a === 's3:*'),
        route.name,
      ).toBe(false);
      for (const statement of s3) {
        // Listing (account deletion finds a user's images) is allowed under photos/ only.
        if (actionsOf(statement).includes('s3:ListBucket')) {
          expect((statement as Statement & { Condition?: unknown }).Condition, route.name).toEqual({
            StringLike: { 's3:prefix': ['photos/*'] },
          });
        } else expect(JSON.stringify(statement.Resource), route.name).toContain('/photos/*');
      }
    }
  });

  it('derives the SES identity from the sender address', () => {
    expect(mailDomain('no-reply@meetwise.app')).toBe('meetwise.app');
    expect(mailDomain('Meetwise <no-reply@Mail.Example.com>')).toBe('mail.example.com');
    expect(() => mailDomain('meetwise.app')).toThrow(/not an e-mail address/);
  });
});

describe('table', () => {
  it('is built from the table definition: keys, GSIs, TTL, on demand, PITR, deletion protection, retained', () => {
    const tables = ofType('AWS::DynamoDB::GlobalTable');
    expect(tables).toHaveLength(1);
    const [, table] = tables[0]!;
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
    expect(tableDefinition.ttlAttribute).toBe('expiresAt');
    const replicas = table.Properties.Replicas as Json[];
    expect(replicas).toHaveLength(1);
    expect(replicas[0]).toMatchObject({
      Region: { Ref: 'AWS::Region' },
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
    const keyNames: string[] = [
      tableDefinition.partitionKey,
      tableDefinition.sortKey,
      ...tableDefinition.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    ];
    expect(table.Properties.AttributeDefinitions).toEqual(
      [...new Set(keyNames)].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    );
  });
});

describe('site', () => {
  it('serves uploaded photos at /photos/* from the private photo bucket, never through the SPA rewrite', () => {
    const config = distribution();
    const photos = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/photos/*')!;
    expect(photos).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', CachePolicyId: CACHING_OPTIMIZED });
    expect(photos.FunctionAssociations).toBeUndefined();
    const origin = config.Origins.find((o) => o.Id === photos.TargetOriginId)!;
    const bucketId = getAttId(origin.DomainName);
    expect(get(bucketId).Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, RestrictPublicBuckets: true },
    });
    const env = (
      get(functionIdOf(routeTable.find((route) => route.name === 'uploadPhoto')!)).Properties.Environment as {
        Variables: { PHOTO_BUCKET: unknown };
      }
    ).Variables;
    expect(refId(env.PHOTO_BUCKET)).toBe(bucketId);
  });

  it('serves the private bucket through an origin access control by default', () => {
    const config = distribution();
    const oacs = ofType('AWS::CloudFront::OriginAccessControl');
    // The site's bucket, the photo bucket, and the booking page shell's function URL.
    expect(oacs).toHaveLength(3);
    expect(oacs[0]![1].Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    const defaultOrigin = config.Origins.find((origin) => origin.Id === config.DefaultCacheBehavior.TargetOriginId)!;
    expect(defaultOrigin).toBeDefined();
    expect(oacs.map(([id]) => id)).toContain(getAttId(defaultOrigin.OriginAccessControlId));
    const bucketId = getAttId(defaultOrigin.DomainName);
    expect(get(bucketId).Type).toBe('AWS::S3::Bucket');
    expect(config).toMatchObject({ DefaultRootObject: 'index.html' });
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: true,
      CachePolicyId: CACHING_OPTIMIZED,
      FunctionAssociations: [
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
      ],
    });

    // Private, encrypted, TLS only, readable by this distribution.
    expect(get(bucketId).Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    });
    const [, policy] = ofType('AWS::S3::BucketPolicy').find(([, p]) => refId(p.Properties.Bucket) === bucketId)!;
    const statements = (policy.Properties.PolicyDocument as { Statement: Json[] }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
      }),
    );
  });

  it("forwards /api/* to the HTTP API over HTTPS, uncached, with all methods and the viewer's headers", () => {
    const config = distribution();
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'https-only',
    });
    expect([...(api.AllowedMethods as string[])].sort()).toEqual([
      'DELETE',
      'GET',
      'HEAD',
      'OPTIONS',
      'PATCH',
      'POST',
      'PUT',
    ]);
    const origin = config.Origins.find((o) => o.Id === api.TargetOriginId)!;
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    // The site's host reaches the API as X-Forwarded-Host (the same-site check for writes).
    const associations = api.FunctionAssociations as { EventType: string; FunctionARN: unknown }[];
    expect(associations).toHaveLength(1);
    expect(associations[0]!.EventType).toBe('viewer-request');
    const forward = new Function(`${forwardedHostFunctionCode}; return handler;`)() as (event: {
      request: { headers: Record<string, { value: string }> };
      viewer: { ip: string };
    }) => { headers: Record<string, { value: string }> };
    const forwarded = forward({
      request: { headers: { host: { value: 'meetwise.app' }, 'x-viewer-address': { value: '6.6.6.6' } } },
      viewer: { ip: '203.0.113.7' },
    }).headers;
    expect(forwarded['x-forwarded-host']).toEqual({ value: 'meetwise.app' });
    expect(forwarded['x-viewer-address']).toEqual({ value: '203.0.113.7' });
    const [apiId] = ofType('AWS::ApiGatewayV2::Api')[0]!;
    expect(origin.DomainName).toEqual({
      'Fn::Join': ['', [{ Ref: apiId }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }]],
    });
  });

  it('caches hashed assets long and revalidates index.html', () => {
    const assets = distribution().CacheBehaviors.find((behavior) => behavior.PathPattern === '/assets/*')!;
    expect(assets).toMatchObject({ CachePolicyId: CACHING_OPTIMIZED, Compress: true });
    expect(assets.FunctionAssociations).toBeUndefined();
    const deployments = ofType('Custom::CDKBucketDeployment').map(([, d]) => d.Properties);
    expect(deployments).toContainEqual(
      expect.objectContaining({
        DestinationBucketKeyPrefix: 'assets/',
        Prune: false,
        SystemMetadata: { 'cache-control': 'public,max-age=31536000,immutable' },
      }),
    );
    expect(deployments).toContainEqual(
      expect.objectContaining({
        Prune: true,
        // Pruning never deletes the hashed files, the embed script and its loader, nor the published booking pages.
        Exclude: ['assets/*', 'embed/*', 'embed.js', 'book/*', 'events/*', 'team/*'],
        SystemMetadata: { 'cache-control': 'no-cache' },
        DistributionPaths: ['/*'],
      }),
    );
  });

  it('serves the embed script for a year and its loader /embed.js for five minutes, the loader after the script', () => {
    const embed = distribution().CacheBehaviors.find((behavior) => behavior.PathPattern === '/embed/*')!;
    expect(embed).toMatchObject({ CachePolicyId: CACHING_OPTIMIZED, Compress: true });
    expect(embed.FunctionAssociations).toBeUndefined();
    const deployments = ofType('Custom::CDKBucketDeployment');
    const [scriptId] = deployments.find(([, d]) => d.Properties.DestinationBucketKeyPrefix === 'embed/')!;
    expect(get(scriptId).Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public,max-age=31536000,immutable' },
    });
    const [loaderId, loader] = deployments.find(
      ([, d]) => (d.Properties.SystemMetadata as Json | undefined)?.['cache-control'] === 'public,max-age=300',
    )!;
    expect(loader.Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'content-type': 'text/javascript; charset=utf-8' },
    });
    expect(loader.Properties.DestinationBucketKeyPrefix).toBeUndefined();
    expect([loader.DependsOn].flat()).toContain(scriptId);
    const [, pages] = deployments.find(([, d]) => d.Properties.Prune === true)!;
    expect([pages.DependsOn].flat()).toContain(loaderId);
  });

  it('lets only /book/{slug}?embed=1 and /booking/{id}?embed=1 be framed, by a function on those two behaviours', () => {
    const config = distribution();
    const associations = (pattern: string) =>
      (config.CacheBehaviors.find((behavior) => behavior.PathPattern === pattern)!.FunctionAssociations ?? []) as {
        EventType: string;
        FunctionARN: unknown;
      }[];
    const codeOf = (association: { FunctionARN: unknown }) =>
      get(getAttId(association.FunctionARN)).Properties.FunctionCode;
    for (const pattern of ['/book/*', '/booking/*']) {
      const responses = associations(pattern).filter((association) => association.EventType === 'viewer-response');
      expect(responses, pattern).toHaveLength(1);
      expect(codeOf(responses[0]!), pattern).toBe(embedFramingFunctionCode);
    }
    // The manage page is the single-page app's route, as on the default behaviour.
    const manageRequest = associations('/booking/*').find((association) => association.EventType === 'viewer-request')!;
    expect(codeOf(manageRequest)).toBe(spaFallbackFunctionCode);
    expect(config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/booking/*')).toMatchObject({
      CachePolicyId: CACHING_OPTIMIZED,
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    // No other behaviour can be framed: their responses keep the policy's DENY and frame-ancestors 'none'.
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      if (behavior.PathPattern === '/book/*' || behavior.PathPattern === '/booking/*') continue;
      const events = ((behavior.FunctionAssociations ?? []) as { EventType: string }[]).map((a) => a.EventType);
      expect(events, String(behavior.PathPattern ?? 'default')).not.toContain('viewer-response');
    }
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: embedFramingFunctionCode,
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
    });
  });

  it('rewrites client-side routes, and only those, to /index.html', () => {
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: spaFallbackFunctionCode,
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
    });
    const handler = new Function(`${spaFallbackFunctionCode}; return handler;`)() as (event: {
      request: { uri: string };
    }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/landing.html');
    expect(rewrite('/book/anna')).toBe('/index.html'); // never reaches it: /book/* has its own behaviour
    expect(rewrite('/admin/settings/')).toBe('/index.html');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
    expect(rewrite('/assets/index-8iFf8fK9.js')).toBe('/assets/index-8iFf8fK9.js');
    expect(rewrite('/api/settings')).toBe('/api/settings');
    expect(rewrite('/api')).toBe('/api');
  });
});

describe('outputs and inputs', () => {
  it('generates the session-signing secret and the origin secret in Secrets Manager (alphanumeric)', () => {
    const secrets = ofType('AWS::SecretsManager::Secret').map(([, secret]) => secret.Properties.GenerateSecretString);
    expect(secrets).toHaveLength(2);
    expect(secrets).toEqual(
      expect.arrayContaining([
        { PasswordLength: 64, ExcludePunctuation: true, IncludeSpace: false },
        { PasswordLength: 48, ExcludePunctuation: true, IncludeSpace: false },
      ]),
    );
  });

  it('outputs the site URL, the API URL and the table name', () => {
    const outputs = template.toJSON().Outputs as Record<string, unknown>;
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['SiteUrl', 'ApiUrl', 'TableName']));
  });

  it('refuses to synthesize without a built front end', () => {
    const emptyDir = tempDir('meetwise-empty-dist-');
    expect(() => new MeetwiseStack(new App(), 'NoSite', { ...baseProps, routes: [], siteDir: emptyDir })).toThrow(
      'Build the front end first: npm run build',
    );
    // A build with the booking page's shell and without a team page's (its own build): the upload would prune it.
    const halfBuilt = writeStandInSite(tempDir('meetwise-half-dist-'));
    rmSync(path.join(halfBuilt, 'team.html'));
    expect(() => new MeetwiseStack(new App(), 'HalfSite', { ...baseProps, routes: [], siteDir: halfBuilt })).toThrow(
      `Build the front end first: npm run build (no team.html in ${halfBuilt})`,
    );
  });

  it('refuses a sender that is not an e-mail address', () => {
    expect(() => new MeetwiseStack(new App(), 'BadMail', { ...baseProps, routes: [], mailFrom: 'nobody' })).toThrow(
      /mailFrom is not an e-mail address/,
    );
  });
});

describe('edge protection (issue 13, items 9 and 10)', () => {
  it("serves every behaviour with the one CSP of infra/security-headers.ts, for the built index.html's inline scripts", () => {
    const html = readFileSync(path.join(usedSiteDir ?? path.join(repoRoot, 'frontend/dist'), 'index.html'), 'utf8');
    const policies = ofType('AWS::CloudFront::ResponseHeadersPolicy');
    expect(policies).toHaveLength(1);
    const [policyId, policy] = policies[0]!;
    const config = policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Json> };
    expect(config.SecurityHeadersConfig.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html) }),
      Override: true,
    });
    expect(config.SecurityHeadersConfig.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    const distributionConfig = distribution.Properties.DistributionConfig as {
      DefaultCacheBehavior: Json;
      CacheBehaviors: Json[];
      WebACLId: unknown;
    };
    // Every page, asset and photo (the API answers JSON, which no browser renders as a page).
    const pages = [
      distributionConfig.DefaultCacheBehavior,
      ...distributionConfig.CacheBehaviors.filter((behavior) => behavior.PathPattern !== '/api/*'),
    ];
    // The default, /book/*, /events/*, /team/*, /booking/*, /photos/*, /assets/*, /embed/*.
    expect(pages).toHaveLength(8);
    for (const behavior of pages) {
      expect(refId(behavior.ResponseHeadersPolicyId), String(behavior.PathPattern ?? 'default')).toBe(policyId);
    }
  });

  it('puts a CloudFront-scoped WAF web ACL with per-IP rate rules in front of the distribution', () => {
    const acls = ofType('AWS::WAFv2::WebACL');
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0]!;
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules as {
      Name: string;
      Statement: { RateBasedStatement: { Limit: number; AggregateKeyType: string } };
    }[];
    expect(
      rules.map((rule) => [
        rule.Name,
        rule.Statement.RateBasedStatement.Limit,
        rule.Statement.RateBasedStatement.AggregateKeyType,
      ]),
    ).toEqual([
      ['api-writes-per-ip', 300, 'IP'],
      ['all-requests-per-ip', 2000, 'IP'],
    ]);
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    expect(getAttId((distribution.Properties.DistributionConfig as Json).WebACLId)).toBe(aclId);
  });

  it('keeps a region-agnostic stack from deploying its CLOUDFRONT web ACL outside us-east-1 (a template rule)', () => {
    const rules = Object.values(template.toJSON().Rules as Record<string, { Assertions: { Assert: unknown }[] }>);
    expect(rules.flatMap((rule) => rule.Assertions.map((assertion) => assertion.Assert))).toContainEqual({
      'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'],
    });
  });

  /** The stack in `region` (no route or job functions: nothing to bundle), with the edge stack if one was made. */
  function synthIn(region: string) {
    const app = new App({ context: cdkJsonContext(), outdir: tempDir(`meetwise-cdk-${region}-`) });
    const main = new MeetwiseStack(app, 'Meetwise', {
      ...baseProps,
      routes: [],
      jobs: [],
      siteDir: usedSiteDir,
      env: { account: '123456789012', region },
      crossRegionReferences: true,
    });
    const edge = app.node.tryFindChild('Meetwise-Edge');
    return { main, edge: edge && Stack.isStack(edge) ? edge : undefined };
  }
  const resourcesOf = (stack: Stack) =>
    Object.entries(Template.fromStack(stack).toJSON().Resources as Record<string, Resource>);
  const webAclsOf = (stack: Stack) =>
    resourcesOf(stack).filter(([, resource]) => resource.Type === 'AWS::WAFv2::WebACL');
  const webAclIdOf = (stack: Stack): unknown => {
    const [, distribution] = resourcesOf(stack).find(
      ([, resource]) => resource.Type === 'AWS::CloudFront::Distribution',
    )!;
    return (distribution.Properties.DistributionConfig as Json).WebACLId;
  };

  it('keeps the web ACL in the stack itself when the stack is in us-east-1', () => {
    const { main, edge } = synthIn('us-east-1');
    expect(edge).toBeUndefined();
    const acls = webAclsOf(main);
    expect(acls).toHaveLength(1);
    expect(acls[0]![1].Properties.Scope).toBe('CLOUDFRONT');
    expect(getAttId(webAclIdOf(main))).toBe(acls[0]![0]);
  });

  it('puts the web ACL in a us-east-1 edge stack when the stack is in another region, and the distribution reads its ARN', () => {
    const { main, edge } = synthIn('eu-west-1');
    expect(edge).toBeDefined();
    expect({ stackName: edge!.stackName, region: edge!.region, account: edge!.account }).toEqual({
      stackName: 'Meetwise-Edge',
      region: 'us-east-1',
      account: '123456789012',
    });
    expect(webAclsOf(main)).toHaveLength(0);
    const acls = webAclsOf(edge!);
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0]!;
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect((acl.Properties.Rules as { Name: string }[]).map((rule) => rule.Name)).toEqual([
      'api-writes-per-ip',
      'all-requests-per-ip',
    ]);
    // cdk.json's weak cross-stack references: the distribution reads the edge stack's output holding the ACL's ARN.
    const read = (
      webAclIdOf(main) as { 'Fn::GetStackOutput'?: { StackName: string; Region: string; OutputName: string } }
    )['Fn::GetStackOutput'];
    expect(read).toMatchObject({ StackName: 'Meetwise-Edge', Region: 'us-east-1' });
    const outputs = Template.fromStack(edge!).toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(getAttId(outputs[read!.OutputName]?.Value)).toBe(aclId);
    expect((outputs[read!.OutputName]!.Value as { 'Fn::GetAtt': unknown[] })['Fn::GetAtt'][1]).toBe('Arn');
    // Deployed first: the main stack depends on its edge stack.
    expect(main.dependencies).toContain(edge);
    // A stack with a region needs no rule against deploying elsewhere.
    expect(
      Object.keys((Template.fromStack(main).toJSON().Rules ?? {}) as Json).filter((id) => id.includes('OnlyInUsEast1')),
    ).toEqual([]);
  });
});

describe('booking lifecycle (issue 16)', () => {
  const lifecycleResources = () => lifecycleTemplate.Resources as Record<string, Resource>;
  const inLifecycle = (type: string) =>
    Object.entries(lifecycleResources()).filter(([, resource]) => resource.Type === type);
  const lifecycleGet = (id: string): Resource => {
    const resource = lifecycleResources()[id];
    if (!resource) throw new Error(`No lifecycle resource ${id}`);
    return resource;
  };
  /** The lifecycle's function whose description starts with `prefix`. */
  const lifecycleFunctionId = (prefix: string): string => {
    const found = inLifecycle('AWS::Lambda::Function').filter(([, fn]) =>
      String(fn.Properties.Description).startsWith(prefix),
    );
    expect(found, prefix).toHaveLength(1);
    return found[0]![0];
  };
  const streamJobId = (name: string) => lifecycleFunctionId(`Stream job ${name} `);
  const timerJobId = (name: string) => lifecycleFunctionId(`Timer job ${name} `);
  const suppressionId = () => lifecycleFunctionId('Mail events (SNS): ');
  const variablesOf = (functionId: string) =>
    (lifecycleGet(functionId).Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  /** Statements of a lifecycle role (its attached AWS::IAM::Policy documents). */
  const roleStatements = (roleId: string): (Statement & { Condition?: unknown })[] =>
    inLifecycle('AWS::IAM::Policy')
      .filter(([, policy]) => (policy.Properties.Roles as unknown[]).some((role) => refId(role) === roleId))
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  const functionStatements = (functionId: string) => roleStatements(getAttId(lifecycleGet(functionId).Properties.Role));
  /** What the main stack passes to the nested stack's parameter `value` refers to. */
  const parentValue = (value: unknown): unknown =>
    (nestedStack('BookingLifecycle').Properties.Parameters as Json)[refId(value)];
  /** The operator topic, in the main stack. */
  const operatorTopicId = () => {
    const topics = ofType('AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    return topics[0]![0];
  };
  const lifecycleFunctionIds = () => [
    ...streamJobTable.map((job) => streamJobId(job.name)),
    ...timerJobTable.map((job) => timerJobId(job.name)),
    suppressionId(),
  ];
  /** recordMailSuppression's dead-letter queue: the one its asynchronous invocations fail to. */
  const mailEventDeadLettersId = () => {
    const configs = inLifecycle('AWS::Lambda::EventInvokeConfig').filter(
      ([, config]) => refId(config.Properties.FunctionName) === suppressionId(),
    );
    expect(configs).toHaveLength(1);
    return getAttId(
      (configs[0]![1].Properties.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination,
    );
  };
  /** The scheduler's dead-letter queue: the one queue no event source mapping and no mail event fails to. */
  const timerDeadLettersId = () => {
    const streamQueues = inLifecycle('AWS::Lambda::EventSourceMapping').map(([, mapping]) =>
      getAttId((mapping.Properties.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination),
    );
    const others = inLifecycle('AWS::SQS::Queue').filter(
      ([id]) => !streamQueues.includes(id) && id !== mailEventDeadLettersId(),
    );
    expect(others).toHaveLength(1);
    return others[0]![0];
  };

  it("streams the table's changes with new and old images (infra/table-definition.ts)", () => {
    expect(tableDefinition.stream).toBe('NEW_AND_OLD_IMAGES');
    const [, table] = ofType('AWS::DynamoDB::GlobalTable')[0]!;
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });

  it('lives in a nested stack, keeping the main stack under 500 resources', () => {
    console.info(
      `[infra test] resources: main stack ${Object.keys(mainResources).length}, booking lifecycle ${Object.keys(lifecycleResources()).length}`,
    );
    // The booking lifecycle, the operator alarms, billing, the team routes, the webhooks and booking mail (issue 30).
    expect(Object.entries(mainResources).filter(([, r]) => r.Type === 'AWS::CloudFormation::Stack')).toHaveLength(6);
    expect(Object.keys(lifecycleResources()).length).toBeLessThan(500);
  });

  it('feeds each stream job from the table stream: its record type only, partial failures, bisection, 5 retries, a day at most, then its dead-letter queue', () => {
    const mappings = inLifecycle('AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(streamJobTable.length);
    const [tableId] = ofType('AWS::DynamoDB::GlobalTable')[0]!;
    for (const job of streamJobTable) {
      const functionId = streamJobId(job.name);
      const found = mappings.filter(([, mapping]) => refId(mapping.Properties.FunctionName) === functionId);
      expect(found, job.name).toHaveLength(1);
      const mapping = found[0]![1].Properties;
      expect(mapping, job.name).toMatchObject({
        StartingPosition: 'TRIM_HORIZON',
        BatchSize: 25,
        FilterCriteria: {
          Filters: streamFilterPatterns(job).map((pattern) => ({ Pattern: JSON.stringify(pattern) })),
        },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: 5,
        MaximumRecordAgeInSeconds: 86_400,
      });
      expect(parentValue(mapping.EventSourceArn)).toEqual({ 'Fn::GetAtt': [tableId, 'StreamArn'] });
      const queueId = getAttId(
        (mapping.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination,
      );
      const queue = lifecycleGet(queueId);
      expect(queue.Type).toBe('AWS::SQS::Queue');
      expect(queue.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
      // The job may read the stream and send to its dead-letter queue.
      const statements = functionStatements(functionId);
      expect(
        statements.some(
          (s) => actionsOf(s).includes('dynamodb:GetRecords') && JSON.stringify(s.Resource).includes('StreamArn'),
        ),
        job.name,
      ).toBe(true);
      expect(
        statements.some((s) => actionsOf(s).includes('sqs:SendMessage') && getAttId(s.Resource) === queueId),
        job.name,
      ).toBe(true);
    }
    expect(
      (inLifecycle('AWS::Lambda::EventSourceMapping')[0]![1].Properties.FilterCriteria as { Filters: Json[] }).Filters,
    ).toEqual([
      { Pattern: '{"eventName":["INSERT","MODIFY"],"dynamodb":{"NewImage":{"type":{"S":["Booking"]}}}}' },
      // A new team invitation, for its mail (issue 28); a note that a host's Google Meet events became video calls,
      // for the host's mail (issue 30).
      {
        Pattern:
          '{"eventName":["INSERT"],"dynamodb":{"NewImage":{"type":{"S":["TeamInvitation","LocationFallback"]}}}}',
      },
    ]);
  });

  it('alarms on the first message in each dead-letter queue (stream jobs and scheduler), notifying the operator topic', () => {
    const queueIds = inLifecycle('AWS::SQS::Queue').map(([id]) => id);
    // One per stream job, the scheduler's, and recordMailSuppression's.
    expect(queueIds).toHaveLength(streamJobTable.length + 2);
    expect(queueIds).toContain(timerDeadLettersId());
    expect(queueIds).toContain(mailEventDeadLettersId());
    for (const queueId of queueIds) {
      expect(lifecycleGet(queueId).Properties, queueId).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 14 * 86_400,
      });
      const watching = inLifecycle('AWS::CloudWatch::Alarm').filter(([, alarm]) =>
        ((alarm.Properties.Dimensions ?? []) as { Name: string; Value: unknown }[]).some(
          (dimension) => dimension.Name === 'QueueName' && getAttId(dimension.Value) === queueId,
        ),
      );
      expect(watching, queueId).toHaveLength(1);
      const alarm = watching[0]![1].Properties;
      expect(alarm, queueId).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 1,
        EvaluationPeriods: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
      });
      for (const list of [alarm.AlarmActions, alarm.OKActions] as unknown[][]) {
        expect(list, queueId).toHaveLength(1);
        expect(refId(parentValue(list[0])), queueId).toBe(operatorTopicId());
      }
    }
  });

  it('keeps the booking timers in one EventBridge Scheduler group named after the stack', () => {
    const groups = inLifecycle('AWS::Scheduler::ScheduleGroup');
    expect(groups).toHaveLength(1);
    expect(groups[0]![1].Properties.Name).toBe('Meetwise-booking-timers');
    expect(refId(variablesOf(streamJobId('notifyBookingChanges')).SCHEDULER_GROUP)).toBe(groups[0]![0]);
  });

  it('lets the scheduler (this account only) invoke exactly the two timer jobs and send to its dead-letter queue', () => {
    const roles = inLifecycle('AWS::IAM::Role').filter(([, role]) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    );
    expect(roles).toHaveLength(1);
    const [roleId, role] = roles[0]!;
    expect((role.Properties.AssumeRolePolicyDocument as { Statement: Json[] }).Statement).toEqual([
      {
        Action: 'sts:AssumeRole',
        Effect: 'Allow',
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
      },
    ]);
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const statements = roleStatements(roleId);
    expect(statements.flatMap(actionsOf).sort()).toEqual(['lambda:InvokeFunction', 'sqs:SendMessage']);
    const invoke = statements.find((s) => actionsOf(s).includes('lambda:InvokeFunction'))!;
    expect(timerJobTable).toHaveLength(2);
    expect(
      [invoke.Resource]
        .flat()
        .map((resource) => {
          expect((resource as { 'Fn::GetAtt': unknown[] })['Fn::GetAtt'][1]).toBe('Arn');
          return getAttId(resource);
        })
        .sort(),
    ).toEqual(timerJobTable.map((job) => timerJobId(job.name)).sort());
    const send = statements.find((s) => actionsOf(s).includes('sqs:SendMessage'))!;
    expect(getAttId(send.Resource)).toBe(timerDeadLettersId());
    // Timers are the scheduler's one-time schedules: no EventBridge rule and no resource policy for the timer jobs.
    for (const job of timerJobTable) {
      const id = timerJobId(job.name);
      expect(
        inLifecycle('AWS::Lambda::Permission').filter(([, p]) =>
          JSON.stringify(p.Properties.FunctionName).includes(id),
        ),
      ).toEqual([]);
    }
    expect(inLifecycle('AWS::Events::Rule')).toEqual([]);
  });

  it('lets only the timer-setting stream jobs create and delete schedules, in the group only, and pass the scheduler role only', () => {
    const [groupId] = inLifecycle('AWS::Scheduler::ScheduleGroup')[0]!;
    const [roleId] = inLifecycle('AWS::IAM::Role').find(([, role]) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    )!;
    const streamIds = streamJobTable.filter((job) => job.timers).map((job) => streamJobId(job.name));
    expect(streamIds).not.toEqual([]);
    for (const functionId of lifecycleFunctionIds()) {
      const statements = functionStatements(functionId);
      const scheduling = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('scheduler:')));
      const passing = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('iam:')));
      if (!streamIds.includes(functionId)) {
        expect(scheduling, functionId).toEqual([]);
        expect(passing, functionId).toEqual([]);
        continue;
      }
      expect(scheduling, functionId).toEqual([
        {
          Effect: 'Allow',
          Action: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
          Resource: {
            'Fn::Join': [
              '',
              [
                'arn:',
                { Ref: 'AWS::Partition' },
                ':scheduler:',
                { Ref: 'AWS::Region' },
                ':',
                { Ref: 'AWS::AccountId' },
                ':schedule/',
                { Ref: groupId },
                '/*',
              ],
            ],
          },
        },
      ]);
      expect(passing, functionId).toEqual([
        {
          Effect: 'Allow',
          Action: 'iam:PassRole',
          Resource: { 'Fn::GetAtt': [roleId, 'Arn'] },
          Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        },
      ]);
    }
    // Nothing in the main stack may pass a role or touch schedules either.
    const mainStatements = ofType('AWS::IAM::Policy').flatMap(([, policy]) =>
      (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement.flatMap(actionsOf),
    );
    expect(mainStatements.filter((a) => a.startsWith('iam:') || a.startsWith('scheduler:'))).toEqual([]);
  });

  it('gives the stream job the scheduler settings, the timer job ARNs and the configuration set', () => {
    const variables = variablesOf(streamJobId('notifyBookingChanges'));
    const [roleId] = inLifecycle('AWS::IAM::Role').find(([, role]) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    )!;
    const [configurationSetId] = inLifecycle('AWS::SES::ConfigurationSet')[0]!;
    expect(variables).toMatchObject({
      SCHEDULER_GROUP: { Ref: inLifecycle('AWS::Scheduler::ScheduleGroup')[0]![0] },
      SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [roleId, 'Arn'] },
      SCHEDULER_DLQ_ARN: { 'Fn::GetAtt': [timerDeadLettersId(), 'Arn'] },
      REMINDER_FUNCTION_ARN: { 'Fn::GetAtt': [timerJobId(timerJobs.sendReminder.name), 'Arn'] },
      EXPIRY_FUNCTION_ARN: { 'Fn::GetAtt': [timerJobId(timerJobs.expirePendingBooking.name), 'Arn'] },
      SES_CONFIGURATION_SET: { Ref: configurationSetId },
      POWERTOOLS_SERVICE_NAME: 'notifyBookingChanges',
    });
    expect(JSON.stringify(variables.SESSION_SECRET)).toContain('{{resolve:secretsmanager:');
    // Links in the e-mails: the site's address, passed down from the main stack.
    expect(JSON.stringify(variables.SITE_URL)).toContain('https://');
    expect(
      JSON.stringify(parentValue((variables.SITE_URL as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1][1])),
    ).toContain('DomainName');
  });

  it('sends booking mail with an SES configuration set whose bounces and complaints reach recordMailSuppression', () => {
    const sets = inLifecycle('AWS::SES::ConfigurationSet');
    expect(sets).toHaveLength(1);
    const [configurationSetId, configurationSet] = sets[0]!;
    expect(configurationSet.Properties.Name).toBe('Meetwise-booking-mail');
    const destinations = inLifecycle('AWS::SES::ConfigurationSetEventDestination');
    expect(destinations).toHaveLength(1);
    const destination = destinations[0]![1].Properties as {
      ConfigurationSetName: unknown;
      EventDestination: { Enabled: boolean; MatchingEventTypes: string[]; SnsDestination: { TopicARN: unknown } };
    };
    expect(refId(destination.ConfigurationSetName)).toBe(configurationSetId);
    expect(destination.EventDestination.Enabled).toBe(true);
    expect([...destination.EventDestination.MatchingEventTypes].sort()).toEqual(['bounce', 'complaint']);
    const topicId = refId(destination.EventDestination.SnsDestination.TopicARN);
    expect(lifecycleGet(topicId).Type).toBe('AWS::SNS::Topic');

    // SES may publish to the topic, for this configuration set only.
    const [, topicPolicy] = inLifecycle('AWS::SNS::TopicPolicy').find(([, policy]) =>
      (policy.Properties.Topics as unknown[]).some((topic) => refId(topic) === topicId),
    )!;
    const sesStatements = (topicPolicy.Properties.PolicyDocument as { Statement: Json[] }).Statement.filter(
      (statement) => JSON.stringify(statement.Principal).includes('ses.amazonaws.com'),
    );
    expect(sesStatements).toHaveLength(1);
    expect(sesStatements[0]).toMatchObject({ Effect: 'Allow', Action: 'sns:Publish' });
    const sourceArn = (sesStatements[0]!.Condition as { StringEquals: { 'AWS:SourceArn': unknown } }).StringEquals[
      'AWS:SourceArn'
    ] as { 'Fn::Join': [string, unknown[]] };
    expect(sourceArn['Fn::Join'][1].slice(-2)).toEqual([':configuration-set/', { Ref: configurationSetId }]);

    // recordMailSuppression is subscribed to it, may be invoked by it, and may write the table.
    const subscriptions = inLifecycle('AWS::SNS::Subscription');
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]![1].Properties).toMatchObject({ Protocol: 'lambda', TopicArn: { Ref: topicId } });
    expect(getAttId(subscriptions[0]![1].Properties.Endpoint)).toBe(suppressionId());
    expect(
      inLifecycle('AWS::Lambda::Permission').some(
        ([, p]) =>
          p.Properties.Principal === 'sns.amazonaws.com' &&
          getAttId(p.Properties.FunctionName) === suppressionId() &&
          refId(p.Properties.SourceArn) === topicId,
      ),
    ).toBe(true);
    expect(functionStatements(suppressionId()).flatMap(actionsOf)).toEqual(expect.arrayContaining(WRITE_ACTIONS));
  });

  it('lets exactly the mailing jobs (the stream job: team invitations) send, as the sender identity and with the configuration set', () => {
    const [configurationSetId] = inLifecycle('AWS::SES::ConfigurationSet')[0]!;
    // sendReminder queues its mail (issue 30): the mail queue's consumer sends it.
    const mailing = [streamJobId('notifyBookingChanges')];
    for (const functionId of lifecycleFunctionIds()) {
      const ses = functionStatements(functionId).filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
      const variables = variablesOf(functionId);
      if (!mailing.includes(functionId)) {
        expect(ses, functionId).toEqual([]);
        expect(variables.SES_CONFIGURATION_SET, functionId).toBeUndefined();
        continue;
      }
      expect(variables.SES_CONFIGURATION_SET, functionId).toEqual({ Ref: configurationSetId });
      // (Statements with the same actions may be merged into one: cdk.json's minimizePolicies.)
      for (const statement of ses)
        expect(actionsOf(statement), functionId).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
      const resources = ses.flatMap((statement) => [statement.Resource].flat()).map((r) => JSON.stringify(r));
      expect(resources, functionId).toHaveLength(2);
      expect(
        resources.some((r) => r.endsWith(':identity/meetwise.app"]]}')),
        functionId,
      ).toBe(true);
      expect(
        resources.some((r) => r.endsWith(':configuration-set/Meetwise-booking-mail"]]}')),
        functionId,
      ).toBe(true);
    }
  });

  it('builds its functions like the others (Node 22, arm64, X-Ray, 30-day logs), each with the errors-and-throttles alarm', () => {
    const ids = lifecycleFunctionIds();
    const names = [...streamJobTable, ...timerJobTable].map((job) => job.name).concat(mailSuppressionJob.name);
    expect(
      inLifecycle('AWS::Lambda::Function')
        .map(([id]) => id)
        .sort(),
    ).toEqual([...ids].sort());
    const outputs = lifecycleTemplate.Outputs as Record<string, { Value: unknown }>;
    ids.forEach((id, index) => {
      const fn = lifecycleGet(id).Properties;
      expect(fn, names[index]).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
      });
      expect(variablesOf(id).POWERTOOLS_SERVICE_NAME, names[index]).toBe(names[index]);
      const logGroup = lifecycleGet(refId((fn.LoggingConfig as { LogGroup: unknown }).LogGroup));
      expect(logGroup.Properties.RetentionInDays, names[index]).toBe(30);
      // The alarm is in the operations nested stack (operations.ts), on the function name this nested stack outputs
      // and the main stack passes on.
      const watching = inOperations('AWS::CloudWatch::Alarm').filter(([, alarm]) =>
        (
          (alarm.Properties.Metrics ?? []) as {
            MetricStat?: { Metric: { MetricName: string; Dimensions: { Value: unknown }[] } };
          }[]
        ).some((query) => {
          if (query.MetricStat?.Metric.MetricName !== 'Errors') return false;
          const value = operationsParent(query.MetricStat.Metric.Dimensions[0]!.Value) as {
            'Fn::GetAtt'?: [string, string];
          };
          const output = value['Fn::GetAtt']?.[1].replace(/^Outputs\./, '');
          return output !== undefined && outputs[output] !== undefined && refId(outputs[output].Value) === id;
        }),
      );
      expect(watching, names[index]).toHaveLength(1);
      const alarm = watching[0]![1].Properties;
      expect(alarm.Threshold).toBe(1);
      expect((alarm.Metrics as { Expression?: string }[]).find((query) => query.Expression)?.Expression).toBe(
        'errors + throttles',
      );
      expect(refId(operationsParent((alarm.AlarmActions as unknown[])[0]))).toBe(operatorTopicId());
    });
  });
  describe('booking pages as static HTML (issue 19)', () => {
    const publisherId = () => streamJobId(streamJobs.publishBookingPages.name);
    const siteBucketId = () => {
      const config = distribution();
      const origin = config.Origins.find((o) => o.Id === config.DefaultCacheBehavior.TargetOriginId)!;
      return getAttId(origin.DomainName);
    };

    it('feeds the publisher the changes a page shows: event types (removals too), hosts, calendars, plans, the settings, teams', () => {
      const [, mapping] = inLifecycle('AWS::Lambda::EventSourceMapping').find(
        ([, m]) => refId(m.Properties.FunctionName) === publisherId(),
      )!;
      const patterns = (mapping.Properties.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map(
        (filter) => JSON.parse(filter.Pattern) as Json,
      );
      expect(patterns).toEqual([
        {
          eventName: ['INSERT', 'MODIFY'],
          dynamodb: { NewImage: { type: { S: ['Event', 'User', 'CalendarConnection', 'Plan', 'Settings', 'Team'] } } },
        },
        {
          eventName: ['REMOVE'],
          dynamodb: { OldImage: { type: { S: ['Event', 'CalendarConnection', 'Plan', 'Team'] } } },
        },
      ]);
      // It reads the table and never writes it; it sets no timers and sends no mail.
      const statements = functionStatements(publisherId());
      expect(statements.flatMap(actionsOf).filter((action) => WRITE_ACTIONS.includes(action))).toEqual([]);
      expect(statements.flatMap(actionsOf).filter((action) => /^(ses|scheduler|iam):/.test(action))).toEqual([]);
    });

    it('lets the publisher write and delete only under book/ and events/ of the site bucket, and read only the shell', () => {
      const s3 = functionStatements(publisherId()).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('s3:')),
      );
      /** A resource of the statement: '' for the bucket itself, else the key pattern under it. */
      const bucketParameter = (resource: unknown) => {
        const join = (resource as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
        const [bucket, ...rest] = join ? join[1] : [resource];
        expect(getAttId(parentValue(bucket))).toBe(siteBucketId());
        return rest.join('');
      };
      const keysFor = (prefix: string) =>
        s3
          .filter((statement) => actionsOf(statement).some((action) => action.startsWith(prefix)))
          .flatMap((statement) => [statement.Resource].flat().map(bucketParameter))
          .sort();
      expect(keysFor('s3:Put')).toEqual(['/book/*', '/events/*', '/team/*']);
      expect(keysFor('s3:Delete')).toEqual(['/book/*', '/events/*', '/team/*']);
      // The read grant: GetObject*, GetBucket*, List* on the bucket ('') and on the two shells.
      expect([...new Set(keysFor('s3:GetObject'))]).toEqual(['', '/book.html', '/team.html']);
      // Nothing else of the bucket: the bucket itself only for what S3 asks of a reader (GetBucket*, List*).
      expect(s3.flatMap((statement) => [statement.Resource].flat().map(bucketParameter))).not.toContain('/*');
      for (const statement of s3) {
        for (const action of actionsOf(statement))
          expect(action).toMatch(/^s3:(PutObject|DeleteObject|GetObject|GetBucket|List|Abort)/);
      }
      expect(PUBLISHED_PREFIXES).toEqual(['book/', 'events/', 'team/']);
      expect(parentValue(variablesOf(publisherId()).SITE_BUCKET as never)).toEqual({ Ref: siteBucketId() });
    });

    it('serves /book/* and /events/* from the published pages, the shell function as the fallback, cached as the pages say', () => {
      const config = distribution();
      for (const pattern of ['/book/*', '/events/*', '/team/*']) {
        const behavior = config.CacheBehaviors.find((b) => b.PathPattern === pattern)!;
        expect(behavior, pattern).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', Compress: true });
        expect([...(behavior.AllowedMethods as string[])].sort()).toEqual(['GET', 'HEAD']);
        const group = (config.OriginGroups as { Items: Json[] }).Items.find((g) => g.Id === behavior.TargetOriginId)!;
        expect(group, pattern).toMatchObject({
          FailoverCriteria: { StatusCodes: { Items: [403, 404], Quantity: 2 } },
        });
        const members = (group.Members as { Items: { OriginId: string }[] }).Items.map((m) => m.OriginId);
        const primary = config.Origins.find((o) => o.Id === members[0])!;
        expect(getAttId(primary.DomainName)).toBe(siteBucketId());
        const fallback = config.Origins.find((o) => o.Id === members[1])!;
        expect(fallback.OriginAccessControlId).toBeDefined();
        const urlId = /"Fn::GetAtt":\["([^"]+)","FunctionUrl"\]/.exec(JSON.stringify(fallback.DomainName))?.[1];
        const url = get(urlId!);
        expect(url.Type).toBe('AWS::Lambda::Url');
        expect(url.Properties.AuthType).toBe('AWS_IAM');
        const policy = get(refId(behavior.CachePolicyId)).Properties.CachePolicyConfig as Json;
        expect(policy).toMatchObject({
          MinTTL: 0,
          DefaultTTL: 60,
          ParametersInCacheKeyAndForwardedToOrigin: {
            QueryStringsConfig: { QueryStringBehavior: 'none' },
            CookiesConfig: { CookieBehavior: 'none' },
            HeadersConfig: { HeaderBehavior: 'none' },
            EnableAcceptEncodingGzip: true,
          },
        });
        const [association] = (behavior.FunctionAssociations as { EventType: string; FunctionARN: unknown }[]).filter(
          (one) => one.EventType === 'viewer-request',
        );
        expect(get(getAttId(association!.FunctionARN)).Properties.FunctionCode).toBe(bookingPathFunctionCode);
      }
      expect(PUBLISHED_PAGE_CACHE_CONTROL).toMatch(/s-maxage=60, stale-while-revalidate/);
      const handler = new Function(`${bookingPathFunctionCode}; return handler;`)() as (event: {
        request: { uri: string };
      }) => { uri: string };
      const rewrite = (uri: string) => handler({ request: { uri } }).uri;
      expect(rewrite('/book/intro-call')).toBe('/book/intro-call');
      expect(rewrite('/book/Intro-Call/')).toBe('/book/intro-call');
      expect(rewrite('/events/intro-call')).toBe('/events/intro-call');
      expect(rewrite('/team/Sales-Team/')).toBe('/team/sales-team');
      for (const reserved of RESERVED_EVENT_SLUGS) expect(rewrite(`/events/${reserved}`)).toBe('/index.html');
      expect(rewrite('/book/intro-call/extra')).toBe('/index.html');
      expect(rewrite('/book/')).toBe('/index.html');
    });

    it('lets the shell function read the shell only, and republishes every page after a deploy that changed it', () => {
      const [shellId, shell] = ofType('AWS::Lambda::Function').find(([, fn]) =>
        String(fn.Properties.Description).startsWith("Site: the booking page's shell"),
      )!;
      const shellS3 = statementsOf(shellId).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('s3:')),
      );
      expect(JSON.stringify(shellS3)).toContain('/book.html');
      expect(JSON.stringify(shellS3)).toContain('/team.html');
      expect(JSON.stringify(shellS3)).not.toMatch(/"\/\*"|PutObject|DeleteObject/);
      expect(refId((shell.Properties.Environment as { Variables: Json }).Variables.SITE_BUCKET)).toBe(siteBucketId());

      const [, republish] = ofType('Custom::AWS').find(([, r]) =>
        JSON.stringify(r.Properties.Create).includes('republishAll'),
      )!;
      const create = JSON.stringify(republish.Properties.Create);
      expect(create).toContain('\\"action\\":\\"invoke\\"');
      expect(create).toContain('InvocationType');
      expect(create).toMatch(/republish-[0-9a-f]{16}/);
      expect([republish.DependsOn].flat()).toEqual(expect.arrayContaining([expect.stringMatching(/DeployPages/)]));
      const [, invokeConfig] = inLifecycle('AWS::Lambda::EventInvokeConfig').find(
        ([, c]) => refId(c.Properties.FunctionName) === publisherId(),
      )!;
      expect(invokeConfig.Properties).toMatchObject({ MaximumRetryAttempts: 2 });
      expect(JSON.stringify(invokeConfig.Properties.DestinationConfig)).toContain('publishBookingPagesDeadLetters');
    });
  });
});

describe('booking mail through a paced queue (issue 30)', () => {
  const inMail = (type: string) =>
    Object.entries(mailQueueTemplate.Resources as Record<string, Resource>).filter(([, r]) => r.Type === type);
  const mailGet = (id: string) => (mailQueueTemplate.Resources as Record<string, Resource>)[id]!;
  const consumerId = () => {
    const found = inMail('AWS::Lambda::Function').filter(([, fn]) =>
      String(fn.Properties.Description).startsWith('Queue job sendBookingMail '),
    );
    expect(found).toHaveLength(1);
    return found[0]![0];
  };
  const queues = () => {
    const all = inMail('AWS::SQS::Queue');
    expect(all).toHaveLength(2);
    const work = all.find(([, queue]) => queue.Properties.RedrivePolicy)!;
    const dead = all.find(([, queue]) => !queue.Properties.RedrivePolicy)!;
    return { workId: work[0], work: work[1], deadId: dead[0], dead: dead[1] };
  };
  const consumerStatements = () => {
    const roleId = getAttId(mailGet(consumerId()).Properties.Role);
    return inMail('AWS::IAM::Policy')
      .filter(([, policy]) => (policy.Properties.Roles as unknown[]).some((role) => refId(role) === roleId))
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  };
  const lifecycleFunction = (prefix: string) => {
    const found = Object.entries(lifecycleTemplate.Resources as Record<string, Resource>).find(
      ([, r]) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description).startsWith(prefix),
    );
    expect(found, prefix).toBeDefined();
    return found!;
  };
  const lifecycleStatements = (fn: Resource) => {
    const roleId = getAttId(fn.Properties.Role);
    return Object.values(lifecycleTemplate.Resources as Record<string, Resource>)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .filter((policy) => (policy.Properties.Roles as unknown[]).some((role) => refId(role) === roleId))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  };

  it('queues mail in an encrypted, TLS-only queue whose messages go to a dead-letter queue after 50 receives', () => {
    const { work, deadId, dead } = queues();
    expect(work.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadId, 'Arn'] }, maxReceiveCount: 50 },
    });
    expect(dead.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    const tlsOnly = inMail('AWS::SQS::QueuePolicy').map(([, policy]) => JSON.stringify(policy.Properties));
    expect(tlsOnly.filter((policy) => policy.includes('aws:SecureTransport'))).toHaveLength(2);
  });

  it('feeds sendBookingMail in batches of 10 with partial failures, at most 2 at once, at the stage rate', () => {
    const { workId } = queues();
    const mappings = inMail('AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(1);
    expect(mappings[0]![1].Properties).toMatchObject({
      FunctionName: { Ref: consumerId() },
      EventSourceArn: { 'Fn::GetAtt': [workId, 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    const consumer = mailGet(consumerId()).Properties;
    expect(consumer).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 30 });
    const variables = (consumer.Environment as { Variables: Json }).Variables;
    expect(variables.MAIL_RATE_PER_SECOND).toBe('14');
    // The lifecycle's configuration set (its name, not a reference: the two nested stacks would refer to each other).
    const [, configurationSet] = Object.entries(lifecycleTemplate.Resources as Record<string, Resource>).find(
      ([, r]) => r.Type === 'AWS::SES::ConfigurationSet',
    )!;
    expect(variables.SES_CONFIGURATION_SET).toBe(configurationSet.Properties.Name);
    expect(variables.MAIL_QUEUE_URL).toBeUndefined();
    expect(
      inOperations('AWS::CloudWatch::Alarm').some(([, alarm]) =>
        String(alarm.Properties.AlarmDescription).startsWith('sendBookingMail: the function failed'),
      ),
    ).toBe(true);
  });

  it('alarms on the first dead letter and on a mail waiting 10 minutes, to the operator', () => {
    const { workId, deadId } = queues();
    const alarms = inMail('AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
    expect(alarms).toHaveLength(2);
    const backlog = alarms.find((alarm) => alarm.MetricName === 'ApproximateAgeOfOldestMessage')!;
    expect(backlog).toMatchObject({ Threshold: 600, Namespace: 'AWS/SQS' });
    expect(JSON.stringify(backlog.Dimensions)).toContain(workId);
    const dead = alarms.find((alarm) => alarm.MetricName === 'ApproximateNumberOfMessagesVisible')!;
    expect(JSON.stringify(dead.Dimensions)).toContain(deadId);
    for (const alarm of alarms) {
      expect((alarm.AlarmActions as unknown[]).length).toBe(1);
      expect((alarm.OKActions as unknown[]).length).toBe(1);
    }
  });

  it('lets the consumer send raw mail with the configuration set, read the quota, and consume its queue: no more', () => {
    const { workId } = queues();
    const statements = consumerStatements();
    const on = (action: string) => statements.filter((s) => actionsOf(s).includes(action));
    expect(on('sqs:ReceiveMessage').map((s) => getAttId(s.Resource))).toEqual([workId]);
    expect(on('sqs:ChangeMessageVisibility').map((s) => getAttId(s.Resource))).toEqual([workId]);
    expect(on('sqs:SendMessage')).toEqual([]);
    expect(on('ses:GetSendQuota').map((s) => s.Resource)).toEqual(['*']);
    const ses = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
    expect(
      ses
        .flatMap(actionsOf)
        .filter((a) => a.startsWith('ses:'))
        .sort(),
    ).toEqual(['ses:GetSendQuota', 'ses:SendEmail', 'ses:SendRawEmail', 'ses:SendRawEmail'].sort());
    const sendResources = ses
      .filter((s) => actionsOf(s).includes('ses:SendRawEmail'))
      .flatMap((s) => [s.Resource].flat())
      .map((r) => JSON.stringify(r));
    expect(sendResources.some((r) => r.includes(':identity/meetwise.app'))).toBe(true);
    expect(sendResources.some((r) => r.includes(':configuration-set/'))).toBe(true);
    const wildcards = statements.filter((s) => [s.Resource].flat().includes('*'));
    expect(wildcards.flatMap(actionsOf).filter((a) => !a.startsWith('xray:'))).toEqual(['ses:GetSendQuota']);
  });

  it('lets the stream job and sendReminder queue mail (SendMessage only, MAIL_QUEUE_URL); sendReminder no longer mails or writes', () => {
    for (const prefix of ['Stream job notifyBookingChanges ', 'Timer job sendReminder ']) {
      const [, fn] = lifecycleFunction(prefix);
      const variables = (fn.Properties.Environment as { Variables: Json }).Variables;
      expect(variables.MAIL_QUEUE_URL, prefix).toBeDefined();
      const sqsActions = lifecycleStatements(fn)
        .filter((s) => JSON.stringify(s.Resource).includes('BookingMail'))
        .flatMap(actionsOf);
      expect(sqsActions, prefix).toEqual(['sqs:SendMessage']);
    }
    const [, reminder] = lifecycleFunction('Timer job sendReminder ');
    const actions = lifecycleStatements(reminder).flatMap(actionsOf);
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual([]);
    expect(actions.filter((a) => WRITE_ACTIONS.includes(a))).toEqual([]);
  });
});
