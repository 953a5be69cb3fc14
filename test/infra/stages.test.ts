import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { runCdkApp, runCdkCli } from '#test/support/cdk-app';
import type { Json, Resource } from '#test/support/cfn-template';
import { writeStandInSite } from '#test/support/stand-in-site';
import { tempDirsRemovedAfterAll } from '#test/support/temp-dirs';

/**
 * Stages, through the CDK app itself (infra/cdk/meetwise-app.ts) with the context and environment the CLI gives it,
 * synthesized in this process (test/support/cdk-app.ts); one refusal goes through infra/cdk/app.ts run as the CLI
 * runs it. Bundling is skipped (`aws:cdk:bundling-stacks`): stack.test.ts checks the bundles; this checks what a stage
 * changes.
 */

interface Synthesized {
  /** Stack name → its template and the templates of its nested stacks, merged. */
  stacks: Map<string, Record<string, Resource>>;
  /** Stack name → its tags in the assembly manifest. */
  tags: Map<string, Record<string, string>>;
  regions: Map<string, string>;
}

const tempDir = tempDirsRemovedAfterAll();

let siteDir: string;
beforeAll(() => {
  // A stand-in front end: what the stack reads of it is the HTML of index.html and the shells (book.html, team.html).
  siteDir = writeStandInSite(tempDir('meetwise-stage-site-'));
});

function runApp(context: Json, region = 'eu-west-1') {
  return runCdkApp({ context, outdir: tempDir('meetwise-stage-out-'), siteDir, region });
}

function synthesize(context: Json, region?: string): Synthesized {
  const run = runApp(context, region);
  expect(run.status, run.stderr).toBe(0);
  const manifest = JSON.parse(readFileSync(path.join(run.outdir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<
      string,
      { type: string; environment?: string; properties?: { templateFile: string; tags?: Record<string, string> } }
    >;
  };
  const stacks = new Map<string, Record<string, Resource>>();
  const tags = new Map<string, Record<string, string>>();
  const regions = new Map<string, string>();
  const nestedFiles = readdirSync(run.outdir).filter((file) => file.endsWith('.nested.template.json'));
  for (const [name, artifact] of Object.entries(manifest.artifacts)) {
    if (artifact.type !== 'aws:cloudformation:stack') continue;
    const read = (file: string) =>
      (JSON.parse(readFileSync(path.join(run.outdir, file), 'utf8')) as { Resources: Record<string, Resource> })
        .Resources;
    const resources = { ...read(artifact.properties!.templateFile) };
    // Nested stacks' templates are named after their parent stack's id without its hyphens (the edge stack has none).
    for (const file of nestedFiles.filter((f) => f.startsWith(name.replaceAll('-', '')))) {
      Object.assign(resources, read(file));
    }
    stacks.set(name, resources);
    tags.set(name, artifact.properties!.tags ?? {});
    regions.set(name, artifact.environment!.split('/').at(-1)!);
  }
  return { stacks, tags, regions };
}

const ofType = (resources: Record<string, Resource>, type: string) =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type);

/**
 * The names that must be unique in an account and region, where the stack sets them itself (where it leaves them
 * out, CloudFormation makes one from the stack's name).
 */
const PHYSICAL_NAMES = [
  'TableName',
  'FunctionName',
  'BucketName',
  'QueueName',
  'TopicName',
  'LogGroupName',
  'AlarmName',
  'RoleName',
  'ManagedPolicyName',
  'Name',
];
const NOT_PHYSICAL = new Set(['AWS::ApiGatewayV2::Api', 'AWS::ApiGatewayV2::Route']);

function explicitNames(resources: Record<string, Resource>): string[] {
  return Object.values(resources).flatMap((resource) =>
    NOT_PHYSICAL.has(resource.Type)
      ? []
      : PHYSICAL_NAMES.flatMap((key) => {
          const value = resource.Properties?.[key];
          return typeof value === 'string' ? [`${resource.Type}.${key}=${value}`] : [];
        }),
  );
}

describe('stages', () => {
  let prod: Synthesized;
  let dev: Synthesized;
  beforeAll(() => {
    prod = synthesize({ stage: 'prod' });
    dev = synthesize({ stage: 'dev' });
  }, 240_000);

  it('makes a stack per stage, and its us-east-1 edge companion, tagged with the stage', () => {
    expect([...prod.stacks.keys()].sort()).toEqual(['Meetwise-prod', 'Meetwise-prod-Edge']);
    expect([...dev.stacks.keys()].sort()).toEqual(['Meetwise-dev', 'Meetwise-dev-Edge']);
    expect(prod.regions.get('Meetwise-prod')).toBe('eu-west-1');
    expect(prod.regions.get('Meetwise-prod-Edge')).toBe('us-east-1');
    expect(prod.tags.get('Meetwise-prod')).toMatchObject({ 'meetwise:stage': 'prod' });
    expect(dev.tags.get('Meetwise-dev')).toMatchObject({ 'meetwise:stage': 'dev' });
  });

  it('gives each stage its own table, kept and protected, and names no resource the other stage names', () => {
    for (const [stage, synthesized] of [
      ['prod', prod],
      ['dev', dev],
    ] as const) {
      const tables = ofType(synthesized.stacks.get(`Meetwise-${stage}`)!, 'AWS::DynamoDB::GlobalTable');
      expect(tables).toHaveLength(1);
      const [, table] = tables[0]!;
      // No fixed table name: CloudFormation names it after the stage's stack.
      expect(table.Properties.TableName).toBeUndefined();
      expect(table.DeletionPolicy).toBe('Retain');
    }
    const prodNames = explicitNames(prod.stacks.get('Meetwise-prod')!);
    const devNames = explicitNames(dev.stacks.get('Meetwise-dev')!);
    expect(prodNames).toContain('AWS::SES::ConfigurationSet.Name=Meetwise-prod-booking-mail');
    expect(prodNames).toContain('AWS::Scheduler::ScheduleGroup.Name=Meetwise-prod-booking-timers');
    expect(devNames).toContain('AWS::SES::ConfigurationSet.Name=Meetwise-dev-booking-mail');
    expect(prodNames.filter((name) => devNames.includes(name))).toEqual([]);
  });

  it("keeps each stage's metrics and alarms in a namespace of its own", () => {
    const resources = prod.stacks.get('Meetwise-prod')!;
    const functions = ofType(resources, 'AWS::Lambda::Function').filter(
      ([, fn]) => (fn.Properties.Environment as { Variables?: Json } | undefined)?.Variables?.TABLE_NAME,
    );
    expect(functions.length).toBeGreaterThan(40);
    for (const [id, fn] of functions) {
      expect((fn.Properties.Environment as { Variables: Json }).Variables.METRICS_NAMESPACE, id).toBe('Meetwise-prod');
    }
    const namespaces = ofType(resources, 'AWS::CloudWatch::Alarm').flatMap(([, alarm]) =>
      alarm.Properties.Namespace ? [alarm.Properties.Namespace] : [],
    );
    expect(namespaces).toContain('Meetwise-prod');
    expect(
      namespaces.filter((namespace) => namespace !== 'Meetwise-prod' && !String(namespace).startsWith('AWS/')),
    ).toEqual([]);
  });

  it('points a custom domain at the distribution with A and AAAA alias records in the hosted zone', () => {
    const withDomain = synthesize({
      stage: 'prod',
      domainName: 'book.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-aaaa-bbbb-cccc-123456789abc',
      hostedZoneId: 'Z0123456789ABC',
      hostedZoneName: 'example.com',
    });
    const resources = withDomain.stacks.get('Meetwise-prod')!;
    const [[distributionId, distribution]] = ofType(resources, 'AWS::CloudFront::Distribution') as [[string, Resource]];
    expect((distribution.Properties.DistributionConfig as Json).Aliases).toEqual(['book.example.com']);
    const records = ofType(resources, 'AWS::Route53::RecordSet').map(([, record]) => record.Properties);
    expect(records.map((record) => record.Type).sort()).toEqual(['A', 'AAAA']);
    for (const record of records) {
      expect(record).toMatchObject({ Name: 'book.example.com.', HostedZoneId: 'Z0123456789ABC' });
      expect(JSON.stringify(record.AliasTarget)).toContain(distributionId);
    }
    // Without a hosted zone, no records: the operator points the name at the distribution.
    expect(ofType(prod.stacks.get('Meetwise-prod')!, 'AWS::Route53::RecordSet')).toEqual([]);
  }, 120_000);

  it.each([
    [
      { stage: 'Prod' },
      'Stage "Prod" must be 1 to 16 lower-case letters, digits or hyphens, starting with a letter (for example dev or prod)',
    ],
    [
      {
        stage: 'dev',
        domainName: 'book.example.com',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/0f1e2d3c',
      },
      'certificateArn must be an ACM certificate in us-east-1 (arn:aws:acm:us-east-1:…), got "arn:aws:acm:eu-west-1:123456789012:certificate/0f1e2d3c"',
    ],
    [
      {
        stage: 'dev',
        domainName: 'book.example.org',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c',
        hostedZoneId: 'Z0123456789ABC',
        hostedZoneName: 'example.com',
      },
      'domainName "book.example.org" is not inside the hosted zone "example.com"',
    ],
    [{ stage: 'dev', hostedZoneId: 'Z0123456789ABC' }, 'hostedZoneId and hostedZoneName go together'],
    // Issue 31: no mail as the project's own domain when a deploy forgets its sender or contact address.
    [{ stage: 'dev', mailFrom: '' }, 'Context "mailFrom" (the address booking mail is sent from) is required'],
    [{ stage: 'dev', contactEmail: '' }, 'Context "contactEmail" (where the contact form and replies go) is required'],
  ])(
    'refuses %j',
    (context, message) => {
      const run = runApp(context);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain(message);
      expect(readdirSync(run.outdir).filter((file) => file.endsWith('.template.json'))).toEqual([]);
    },
    60_000,
  );

  it('refuses a stage without its mail sender when run as the CLI runs it (infra/cdk/app.ts)', () => {
    const run = runCdkCli({
      context: { stage: 'dev', mailFrom: '' },
      outdir: tempDir('meetwise-stage-out-'),
      siteDir,
      region: 'eu-west-1',
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('Context "mailFrom" (the address booking mail is sent from) is required');
    expect(readdirSync(run.outdir).filter((file) => file.endsWith('.template.json'))).toEqual([]);
  }, 60_000);
});
