import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';

import { routeTable } from '#shared/api/routes';
import { jobs, streamJobs, timerJobs } from '#shared/jobs';
import { RESERVED_CONCURRENCY } from '#infra/cdk/api';
import { mailSuppressionJob } from '#infra/cdk/booking-lifecycle';
import { acknowledgeNag, cdkNagFindings, checkWithCdkNag } from '#infra/cdk/nag';
import { MeetwiseStack, repoRoot } from '#infra/cdk/stack';
import type { Json, Resource, Statement, Template } from '#test/support/cfn-template';
import { writeStandInSite } from '#test/support/stand-in-site';
import { tempDirsRemovedAfterAll } from '#test/support/temp-dirs';

/**
 * What a reviewer of a production stack checks first, on the templates of a production-like configuration (Google,
 * Stripe, a custom domain, an alarm address): cdk-nag's AwsSolutions rules and cfn-lint over the main stack and its
 * nested stacks, then logs, dead-letter queues, concurrency, alarms, the table, the buckets, CloudFront and IAM.
 * One synthesis without bundling (`aws:cdk:bundling-stacks`): stack.test.ts checks the bundles, and a template
 * differs only in its asset hashes without them.
 *
 * cfn-lint must be installed (`pip install cfn-lint`; .ci/run does it). Checks it is run without:
 * - W3005 (a DependsOn already implied by a Ref or GetAtt): aws-cdk-lib's Lambda function adds an explicit DependsOn
 *   on its role and the role's policy, so the policy exists before the function first runs; the redundant half is
 *   CDK's generated code, harmless.
 */
const CFN_LINT_IGNORED = ['W3005'];

/**
 * The only actions granted on every resource ("Resource": "*"), each with the reason it cannot be narrowed.
 */
const WILDCARD_RESOURCE_ACTIONS: Record<string, string> = {
  'xray:PutTraceSegments': 'X-Ray defines no resource types: AWS accepts only * (every function traces, api.ts).',
  'xray:PutTelemetryRecords': 'X-Ray defines no resource types: AWS accepts only * (every function traces, api.ts).',
  'cloudfront:CreateInvalidation':
    "aws-cdk-lib's BucketDeployment (site.ts) grants it on * to refresh the distribution after an upload; it only empties caches.",
  'cloudfront:GetInvalidation':
    "aws-cdk-lib's BucketDeployment (site.ts) polls the invalidation it made; read-only, granted by CDK on *.",
  'ses:GetSendQuota':
    'SES defines no resource type for it: AWS accepts only *. Read-only: the mail queue reads the sending rate (mail-queue.ts, issue 30).',
};

/** The only AWS managed policy a role may carry, and only a role of aws-cdk-lib's own deploy-time functions. */
const BASIC_EXECUTION_ROLE = 'AWSLambdaBasicExecutionRole';

/** AWS's default concurrency quota per account and region, and the part it keeps unreserved at least. */
const ACCOUNT_CONCURRENCY = 1000;
const MIN_UNRESERVED = 100;

/** A resource somewhere in the main stack or its nested stacks: the template file and its logical id. */
interface Located {
  file: string;
  id: string;
}

const tempDir = tempDirsRemovedAfterAll();

const DOMAIN = 'meetwise.example.com';

let app: App;
let outdir: string;
/** Template file → template: the main stack's and its nested stacks'. */
const templates = new Map<string, Template>();
/** Nested template file → its parent's file and the parent's AWS::CloudFormation::Stack resource for it. */
const parents = new Map<string, Located>();
let mainFile: string;
let cfnLint: Promise<{ status: number | null; output: string; missing: boolean }>;

function runCfnLint(files: string[]): Promise<{ status: number | null; output: string; missing: boolean }> {
  return new Promise((resolve) => {
    const child = spawn('cfn-lint', ['--format', 'parseable', '--ignore-checks', ...CFN_LINT_IGNORED, '--', ...files], {
      cwd: outdir,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: null, output: error.message, missing: error.code === 'ENOENT' }),
    );
    child.on('close', (status) => resolve({ status, output, missing: false }));
  });
}

beforeAll(() => {
  // A stand-in front end: the stack reads index.html and the shells (their inline scripts' hashes) and uploads it.
  const siteDir = writeStandInSite(tempDir('meetwise-review-site-'));

  outdir = tempDir('meetwise-review-out-');
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: Json };
  app = new App({
    outdir,
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], 'aws:cdk:enable-asset-metadata': true },
  });
  const stack = new MeetwiseStack(app, 'Meetwise', {
    mailFrom: 'no-reply@meetwise.app',
    contactEmail: 'hello@meetwise.app',
    googleClientId: '1234-test.apps.googleusercontent.com',
    googleClientSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:meetwise/google-AbCdEf',
    stripePublishableKey: 'pk_live_meetwiseReview',
    stripeSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:meetwise/stripe-AbCdEf',
    domainName: DOMAIN,
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b',
    alarmEmail: 'oncall@example.com',
    siteDir,
  });
  const assembly = app.synth();
  mainFile = assembly.getStackArtifact(stack.artifactId).templateFile;
  const read = (file: string) => JSON.parse(readFileSync(path.join(outdir, file), 'utf8')) as Template;
  const visit = (file: string) => {
    const template = read(file);
    templates.set(file, template);
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
      const nested = String(resource.Metadata?.['aws:asset:path']);
      parents.set(nested, { file, id });
      visit(nested);
    }
  };
  visit(mainFile);
  // Runs while the other checks do.
  cfnLint = runCfnLint([...templates.keys()]);
}, 120_000);

// ---- Reading the templates across nested stacks ------------------------------------------------------------------

const everywhere = (type: string): [Located, Resource][] =>
  [...templates].flatMap(([file, template]) =>
    Object.entries(template.Resources)
      .filter(([, resource]) => resource.Type === type)
      .map(([id, resource]): [Located, Resource] => [{ file, id }, resource]),
  );
const resourceAt = (at: Located): Resource => {
  const resource = templates.get(at.file)?.Resources[at.id];
  if (!resource) throw new Error(`No resource ${at.id} in ${at.file}`);
  return resource;
};
const same = (a: Located | undefined, b: Located | undefined) => !!a && !!b && a.file === b.file && a.id === b.id;
const key = (at: Located) => `${at.file}#${at.id}`;

/**
 * The resource a Ref or GetAtt in `file` names, through nested stack parameters (to the parent's value) and nested
 * stack outputs (to the child's value). Undefined for anything else (a literal, a Join).
 */
function target(file: string, value: unknown): Located | undefined {
  const template = templates.get(file)!;
  const ref = (value as { Ref?: unknown } | null)?.Ref;
  if (typeof ref === 'string') {
    if (template.Resources[ref]) return { file, id: ref };
    const parent = parents.get(file);
    if (parent && template.Parameters && ref in template.Parameters) {
      const passed = (resourceAt(parent).Properties.Parameters as Json)[ref];
      return target(parent.file, passed);
    }
    return undefined;
  }
  const getAtt = (value as { 'Fn::GetAtt'?: unknown } | null)?.['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') {
    const [id, attribute] = getAtt as [string, string];
    const resource = template.Resources[id];
    if (resource?.Type === 'AWS::CloudFormation::Stack' && attribute.startsWith('Outputs.')) {
      const child = String(resource.Metadata?.['aws:asset:path']);
      const output = templates.get(child)?.Outputs?.[attribute.slice('Outputs.'.length)];
      return output ? target(child, output.Value) : undefined;
    }
    return resource ? { file, id } : undefined;
  }
  return undefined;
}

/** Every Ref and GetAtt inside a value (a Join, a Sub's variables, a list), resolved as `target` does. */
function targetsIn(file: string, value: unknown): Located[] {
  const direct = target(file, value);
  if (direct) return [direct];
  if (Array.isArray(value)) return value.flatMap((item) => targetsIn(file, item));
  if (value && typeof value === 'object') return Object.values(value).flatMap((item) => targetsIn(file, item));
  return [];
}

/** Our functions (built by api.ts's factory): they name their Powertools service. */
const serviceOf = (fn: Resource): string | undefined =>
  ((fn.Properties.Environment as { Variables?: Json } | undefined)?.Variables?.POWERTOOLS_SERVICE_NAME as
    string | undefined) ?? undefined;
const functionNamed = (name: string): Located => {
  const found = everywhere('AWS::Lambda::Function').filter(([, fn]) => serviceOf(fn) === name);
  expect(found, name).toHaveLength(1);
  return found[0]![0];
};

/** The operator topic: in the main stack, the one the alarms' e-mail subscription is on. */
const operatorTopic = (): Located => {
  const topics = everywhere('AWS::SNS::Topic').filter(([, topic]) =>
    String(topic.Properties.DisplayName).includes('operator'),
  );
  expect(topics).toHaveLength(1);
  return topics[0]![0];
};

// ---- The checks --------------------------------------------------------------------------------------------------

describe('static analysis', () => {
  it('leaves no cdk-nag AwsSolutions finding: each is fixed, or acknowledged next to its construct with a reason', () => {
    expect(cdkNagFindings(app)).toEqual([]);
    // Every acknowledgment says why (acknowledgeNag refuses one without; these are the ones made some other way).
    const reasons = app.node
      .findAll()
      .flatMap((construct) => construct.node.metadata)
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>));
    expect(reasons.length).toBeGreaterThan(0);
    for (const [id, reason] of reasons) expect(reason.length, id).toBeGreaterThan(30);
  });

  it('stops `cdk synth` on a finding nobody fixed or acknowledged (checkWithCdkNag, as infra/cdk/app.ts runs it)', () => {
    const synth = (acknowledged: boolean) => {
      const small = new App({ outdir: tempDir('meetwise-review-nag-') });
      const bucket = new s3.Bucket(new Stack(small, 'Small'), 'Bucket', {
        blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
        enforceSSL: true,
      });
      if (acknowledged) acknowledgeNag(bucket, { id: 'AwsSolutions-S1', reason: 'A test bucket that logs nothing.' });
      checkWithCdkNag(small);
      return () => small.synth();
    };
    expect(synth(false)).toThrow();
    expect(synth(true)).not.toThrow();
  });

  it('passes cfn-lint on the main and nested templates: no error, no warning but the ones listed with a reason', async () => {
    // 12 s of one core alone; beside the other files and the browser tests, on two cores, it took 76-120 s in
    // clean-clone runs, so this waits within the project's limit (vitest.config.ts), not a shorter one of its own.
    const result = await cfnLint;
    if (result.missing) {
      throw new Error(
        'cfn-lint is not installed: `pip install cfn-lint` (the infra tests need it; .ci/run installs it).',
      );
    }
    // The main stack and its nested ones: billing, booking lifecycle, operator alarms, team routes, webhooks, mail.
    expect(templates.size).toBe(7);
    expect(result.output.trim(), result.output).toBe('');
    expect(result.status, result.output).toBe(0);
  });
});

describe('production review', () => {
  it('gives every function a log group with a retention, and the HTTP API access logs with one', () => {
    const groups = everywhere('AWS::Logs::LogGroup');
    for (const [, group] of groups) expect(group.Properties.RetentionInDays, JSON.stringify(group)).toBeGreaterThan(0);
    const functions = everywhere('AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(routeTable.length);
    for (const [at, fn] of functions) {
      const named = (fn.Properties.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup;
      // Ours name their group; aws-cdk-lib's own deploy-time functions get one named after them.
      const group = named
        ? target(at.file, named)
        : groups.find(
            ([groupAt, candidate]) =>
              groupAt.file === at.file &&
              JSON.stringify(candidate.Properties.LogGroupName) ===
                JSON.stringify({ 'Fn::Join': ['', ['/aws/lambda/', { Ref: at.id }]] }),
          )?.[0];
      expect(group, key(at)).toBeDefined();
      expect(resourceAt(group!).Type, key(at)).toBe('AWS::Logs::LogGroup');
      expect(resourceAt(group!).Properties.RetentionInDays, key(at)).toBeGreaterThan(0);
    }
    const stages = everywhere('AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(1);
    const [stageAt, stage] = stages[0]!;
    const settings = stage.Properties.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(resourceAt(target(stageAt.file, settings.DestinationArn)!).Type).toBe('AWS::Logs::LogGroup');
    const format = JSON.parse(settings.Format) as Record<string, string>;
    expect(format).toMatchObject({ requestId: '$context.requestId', routeKey: '$context.routeKey' });
    // Never the path: a calendar feed's path holds its secret token.
    expect(settings.Format).not.toContain('$context.path');
  });

  it('sends what an asynchronously invoked function still fails on to a dead-letter queue', () => {
    const asynchronous = new Map<string, Located>();
    const add = (file: string, value: unknown) => {
      for (const at of targetsIn(file, value)) {
        if (resourceAt(at).Type === 'AWS::Lambda::Function') asynchronous.set(key(at), at);
      }
    };
    // EventBridge rules, SNS and S3 invoke asynchronously (the permissions they are given).
    for (const [at, permission] of everywhere('AWS::Lambda::Permission')) {
      if (
        ['events.amazonaws.com', 'sns.amazonaws.com', 's3.amazonaws.com'].includes(
          String(permission.Properties.Principal),
        )
      )
        add(at.file, permission.Properties.FunctionName);
    }
    // EventBridge Scheduler: what the roles it assumes may invoke.
    for (const [at, role] of everywhere('AWS::IAM::Role')) {
      if (!JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com')) continue;
      for (const statement of statementsOfRole(at)) {
        if ([statement.Action].flat().includes('lambda:InvokeFunction')) add(at.file, statement.Resource);
      }
    }
    // Custom resources that invoke a function with InvocationType Event (republishing the booking pages).
    for (const [at, resource] of everywhere('Custom::AWS')) {
      for (const call of [resource.Properties.Create, resource.Properties.Update]) {
        if (JSON.stringify(call ?? '').includes('\\"InvocationType\\":\\"Event\\"')) add(at.file, call);
      }
    }
    const names = [...asynchronous.values()].map((at) => serviceOf(resourceAt(at)));
    expect(names.sort()).toEqual(
      [
        jobs.syncCalendars.name,
        jobs.migrateLocations.name,
        timerJobs.sendReminder.name,
        timerJobs.expirePendingBooking.name,
        mailSuppressionJob.name,
        streamJobs.publishBookingPages.name,
      ].sort(),
    );

    const configs = everywhere('AWS::Lambda::EventInvokeConfig');
    for (const at of asynchronous.values()) {
      const fn = resourceAt(at);
      const config = configs.find(([configAt, c]) => same(target(configAt.file, c.Properties.FunctionName), at));
      const destination = (config?.[1].Properties.DestinationConfig as { OnFailure?: { Destination: unknown } })
        ?.OnFailure?.Destination;
      const deadLetter = (fn.Properties.DeadLetterConfig as { TargetArn?: unknown } | undefined)?.TargetArn;
      const queue = destination
        ? target(config![0].file, destination)
        : deadLetter === undefined
          ? undefined
          : target(at.file, deadLetter);
      expect(queue, serviceOf(fn)).toBeDefined();
      expect(resourceAt(queue!).Type, serviceOf(fn)).toBe('AWS::SQS::Queue');
    }
    // The stream jobs (synchronous, through event source mappings): their mappings' on-failure queues. A queue's job
    // (webhook deliveries, issue 29): its queue's redrive policy names the dead-letter queue.
    const mappings = everywhere('AWS::Lambda::EventSourceMapping');
    expect(mappings.length).toBeGreaterThan(0);
    for (const [at, mapping] of mappings) {
      const source = target(at.file, mapping.Properties.EventSourceArn);
      if (source && resourceAt(source).Type === 'AWS::SQS::Queue') {
        const redrive = resourceAt(source).Properties.RedrivePolicy as { deadLetterTargetArn: unknown };
        expect(resourceAt(target(source.file, redrive.deadLetterTargetArn)!).Type).toBe('AWS::SQS::Queue');
        continue;
      }
      const destination = (mapping.Properties.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure
        .Destination;
      expect(resourceAt(target(at.file, destination)!).Type).toBe('AWS::SQS::Queue');
    }
  });

  it('reserves concurrency for the sign-in and booking routes, and leaves the account its unreserved minimum', () => {
    const routeOf = (method: string, routePath: string) =>
      routeTable.find((route) => route.method === method && route.path === routePath)!.name;
    const floodable = [
      routeOf('POST', '/api/login'),
      routeOf('POST', '/api/auth/manual-login'),
      routeOf('GET', '/api/auth/email-link'),
      routeOf('POST', '/api/auth/email-link'),
      routeOf('POST', '/api/auth/register'),
      routeOf('POST', '/api/bookings'),
    ];
    expect(Object.keys(RESERVED_CONCURRENCY).sort()).toEqual([...floodable].sort());
    for (const name of floodable) {
      const reserved = resourceAt(functionNamed(name)).Properties.ReservedConcurrentExecutions;
      expect(reserved, name).toBe(RESERVED_CONCURRENCY[name as keyof typeof RESERVED_CONCURRENCY]);
      expect(reserved, name).toBeGreaterThanOrEqual(5);
    }
    const total = everywhere('AWS::Lambda::Function').reduce(
      (sum, [, fn]) => sum + Number(fn.Properties.ReservedConcurrentExecutions ?? 0),
      0,
    );
    expect(total).toBeLessThanOrEqual(ACCOUNT_CONCURRENCY - MIN_UNRESERVED);
  });

  it('wires every alarm to the operator topic, on alarm and on recovery: each function, each dead-letter queue', () => {
    const topic = operatorTopic();
    const alarms = everywhere('AWS::CloudWatch::Alarm');
    for (const [at, alarm] of alarms) {
      for (const list of [alarm.Properties.AlarmActions, alarm.Properties.OKActions] as unknown[][]) {
        expect(list, key(at)).toHaveLength(1);
        expect(same(target(at.file, list[0]), topic), key(at)).toBe(true);
      }
    }
    const subscriptions = everywhere('AWS::SNS::Subscription').filter(([at, s]) =>
      same(target(at.file, s.Properties.TopicArn), topic),
    );
    expect(subscriptions.map(([, s]) => s.Properties.Protocol)).toEqual(['email']);

    /** The resources an alarm's metrics name by a dimension. */
    const watched = (at: Located, alarm: Resource): Located[] => {
      const dimensions = [
        ...((alarm.Properties.Dimensions ?? []) as { Value: unknown }[]),
        ...(
          (alarm.Properties.Metrics ?? []) as { MetricStat?: { Metric: { Dimensions?: { Value: unknown }[] } } }[]
        ).flatMap((query) => query.MetricStat?.Metric.Dimensions ?? []),
      ];
      return dimensions.flatMap((dimension) => targetsIn(at.file, dimension.Value));
    };
    const ours = everywhere('AWS::Lambda::Function').filter(([, fn]) => serviceOf(fn));
    expect(ours.length).toBeGreaterThan(routeTable.length);
    for (const [fnAt, fn] of ours) {
      expect(
        alarms.some(([at, alarm]) => watched(at, alarm).some((w) => same(w, fnAt))),
        serviceOf(fn),
      ).toBe(true);
    }
    const queues = everywhere('AWS::SQS::Queue');
    expect(queues.length).toBeGreaterThan(0);
    for (const [queueAt, queue] of queues) {
      const watching = alarms.filter(([at, alarm]) => watched(at, alarm).some((w) => same(w, queueAt)));
      expect(watching, key(queueAt)).toHaveLength(1);
      // A work queue (the webhook deliveries', issue 29, and booking mail's, issue 30: each has a dead-letter queue of
      // its own) holds messages by design: its alarm is on the age of its oldest one (half an hour for webhooks, which
      // wait for their retries; ten minutes for mail, which is paced, never delayed). A dead-letter queue's, on its
      // first message.
      expect(watching[0]![1].Properties).toMatchObject(
        queue.Properties.RedrivePolicy
          ? {
              MetricName: 'ApproximateAgeOfOldestMessage',
              Threshold: key(queueAt).includes('BookingMail') ? 600 : 1800,
              ComparisonOperator: 'GreaterThanOrEqualToThreshold',
            }
          : {
              MetricName: 'ApproximateNumberOfMessagesVisible',
              Threshold: 1,
              ComparisonOperator: 'GreaterThanOrEqualToThreshold',
            },
      );
    }
    // The work queues: webhook deliveries (issue 29) and booking mail (issue 30).
    expect(queues.filter(([, queue]) => queue.Properties.RedrivePolicy)).toHaveLength(2);
  });

  it('keeps the table: point-in-time recovery, deletion protection, KMS encryption, retained with the stack gone', () => {
    const tables = everywhere('AWS::DynamoDB::GlobalTable');
    expect(tables).toHaveLength(1);
    const [, table] = tables[0]!;
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties.SSESpecification).toEqual({ SSEEnabled: true, SSEType: 'KMS' });
    const replicas = table.Properties.Replicas as Json[];
    expect(replicas.length).toBeGreaterThan(0);
    for (const replica of replicas) {
      expect(replica).toMatchObject({
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      });
    }
  });

  it('blocks public access to every bucket, refuses plain HTTP, logs access, and versions the photos', () => {
    const buckets = everywhere('AWS::S3::Bucket');
    const policies = everywhere('AWS::S3::BucketPolicy');
    const logBuckets = new Set<string>();
    for (const [at, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, key(at)).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption, key(at)).toBeDefined();
      const statements = policies
        .filter(([policyAt, policy]) => same(target(policyAt.file, policy.Properties.Bucket), at))
        .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Json[] }).Statement);
      expect(statements, key(at)).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Principal: { AWS: '*' },
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
      const logging = bucket.Properties.LoggingConfiguration as { DestinationBucketName: unknown } | undefined;
      if (logging) logBuckets.add(key(target(at.file, logging.DestinationBucketName)!));
    }
    // The site bucket and the photo bucket log to the one access log bucket, which expires what it holds.
    expect(logBuckets.size).toBe(1);
    const [logBucketAt, logBucket] = buckets.find(([at]) => logBuckets.has(key(at)))!;
    expect(buckets.filter(([at, b]) => !same(at, logBucketAt) && !b.Properties.LoggingConfiguration)).toEqual([]);
    expect(logBucket.Properties.LifecycleConfiguration).toEqual({
      Rules: [{ ExpirationInDays: 30, Status: 'Enabled' }],
    });

    // The photos: where PHOTO_BUCKET points, versioned, old versions gone after 30 days.
    const uploadPhoto = functionNamed('uploadPhoto');
    const variables = (resourceAt(uploadPhoto).Properties.Environment as { Variables: Json }).Variables;
    const photos = resourceAt(target(uploadPhoto.file, variables.PHOTO_BUCKET)!);
    expect(photos.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(photos.Properties.LifecycleConfiguration).toEqual({
      Rules: [
        { ExpiredObjectDeleteMarker: true, NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' },
      ],
    });
  });

  it('serves viewers TLS 1.2+ only, reaches origins over TLS 1.2, logs requests and sends the security headers', () => {
    const distributions = everywhere('AWS::CloudFront::Distribution');
    expect(distributions).toHaveLength(1);
    const [at, distribution] = distributions[0]!;
    const config = distribution.Properties.DistributionConfig as {
      Aliases: string[];
      ViewerCertificate: Json;
      Logging: { Bucket: unknown };
      Origins: { Id: string; CustomOriginConfig?: Json }[];
      DefaultCacheBehavior: Json;
      CacheBehaviors: Json[];
    };
    expect(config.Aliases).toEqual([DOMAIN]);
    expect(config.ViewerCertificate).toMatchObject({
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    expect(resourceAt(target(at.file, config.Logging.Bucket)!).Type).toBe('AWS::S3::Bucket');
    const custom = config.Origins.filter((origin) => origin.CustomOriginConfig);
    expect(custom.length).toBeGreaterThan(0);
    for (const origin of custom) {
      expect(origin.CustomOriginConfig, origin.Id).toMatchObject({
        OriginProtocolPolicy: 'https-only',
        OriginSSLProtocols: ['TLSv1.2'],
      });
    }
    const behaviors = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
    for (const behavior of behaviors) {
      expect(['redirect-to-https', 'https-only'], String(behavior.PathPattern)).toContain(
        behavior.ViewerProtocolPolicy,
      );
    }
    // Every page, asset and photo (the API answers JSON, which no browser renders as a page).
    const pages = behaviors.filter((behavior) => behavior.PathPattern !== '/api/*');
    expect(pages).toHaveLength(behaviors.length - 1);
    for (const behavior of pages) {
      const policy = resourceAt(target(at.file, behavior.ResponseHeadersPolicyId)!);
      const headers = (policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Json })
        .SecurityHeadersConfig;
      expect(headers, String(behavior.PathPattern ?? 'default')).toMatchObject({
        StrictTransportSecurity: { AccessControlMaxAgeSec: 365 * 86_400, IncludeSubdomains: true, Override: true },
        ContentTypeOptions: { Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ContentSecurityPolicy: { ContentSecurityPolicy: expect.stringContaining("default-src 'self'"), Override: true },
      });
    }
  });

  it('grants * resources only for the actions AWS offers nothing narrower for, each named with its reason', () => {
    const wildcards = new Map<string, Set<string>>();
    for (const [at, statement] of allStatements()) {
      if (statement.Effect !== 'Allow' || ![statement.Resource].flat().includes('*')) continue;
      for (const action of [statement.Action].flat()) {
        if (!wildcards.has(action)) wildcards.set(action, new Set());
        wildcards.get(action)!.add(key(at));
      }
    }
    const unexplained = [...wildcards].filter(([action]) => !(action in WILDCARD_RESOURCE_ACTIONS));
    expect(unexplained.map(([action, where]) => `${action} on * in ${[...where].join(', ')}`)).toEqual([]);
    // And the list holds nothing the stack no longer grants.
    expect([...wildcards.keys()].sort()).toEqual(Object.keys(WILDCARD_RESOURCE_ACTIONS).sort());
    // Only aws-cdk-lib's own deploy-time functions keep AWS's basic execution policy; ours write their own group.
    for (const [at, fn] of everywhere('AWS::Lambda::Function')) {
      const managed = (resourceAt(target(at.file, fn.Properties.Role)!).Properties.ManagedPolicyArns ??
        []) as unknown[];
      if (serviceOf(fn)) {
        expect(managed, serviceOf(fn)).toEqual([]);
      } else {
        for (const arn of managed)
          expect(JSON.stringify(arn), key(at)).toContain(`policy/service-role/${BASIC_EXECUTION_ROLE}`);
      }
    }
    for (const [at, role] of everywhere('AWS::IAM::Role')) {
      for (const arn of (role.Properties.ManagedPolicyArns ?? []) as unknown[]) {
        expect(JSON.stringify(arn), key(at)).toContain(`policy/service-role/${BASIC_EXECUTION_ROLE}`);
      }
    }
  });
});

/** Every statement of every role's inline policies and every AWS::IAM::Policy and ManagedPolicy, where it is. */
function allStatements(): [Located, Statement][] {
  return [
    ...everywhere('AWS::IAM::Role').flatMap(([at, role]) =>
      ((role.Properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[]).flatMap((policy) =>
        policy.PolicyDocument.Statement.map((statement): [Located, Statement] => [at, statement]),
      ),
    ),
    ...[...everywhere('AWS::IAM::Policy'), ...everywhere('AWS::IAM::ManagedPolicy')].flatMap(([at, policy]) =>
      (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement.map(
        (statement): [Located, Statement] => [at, statement],
      ),
    ),
  ];
}

/** A role's statements: its inline policies and the AWS::IAM::Policy resources attached to it. */
function statementsOfRole(role: Located): Statement[] {
  const inline = (
    (resourceAt(role).Properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[]
  ).flatMap((policy) => policy.PolicyDocument.Statement);
  const attached = everywhere('AWS::IAM::Policy')
    .filter(([at, policy]) =>
      ((policy.Properties.Roles ?? []) as unknown[]).some((r) => same(target(at.file, r), role)),
    )
    .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  return [...inline, ...attached];
}
