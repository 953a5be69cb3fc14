import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { functionOutputKey, repoRoot } from '#infra/cdk/stack';
import { runCdkApp } from '#test/support/cdk-app';
import type { Json, Resource } from '#test/support/cfn-template';
import { writeStandInSite } from '#test/support/stand-in-site';
import { tempDirsRemovedAfterAll } from '#test/support/temp-dirs';

/**
 * What the runbooks name (docs/operations.md): the stack's outputs list every function with its log group, every
 * dead-letter queue and the generated secrets, and the doc names no output the stack does not have. And the secret
 * rotation's grace period (`-c acceptPreviousSecrets=…`, `-c originSecretSent=previous`). Through the CDK app as the
 * CLI runs it, bundling skipped (stack.test.ts checks the bundles).
 */

const tempDir = tempDirsRemovedAfterAll();

interface Template {
  Resources: Record<string, Resource>;
  Outputs?: Record<string, { Value: unknown; Description?: string }>;
}

interface Synthesized {
  main: Template;
  /** The nested stacks' templates. */
  nested: Template[];
}

function runApp(context: Json) {
  return runCdkApp({
    context,
    outdir: tempDir('meetwise-outputs-out-'),
    siteDir: writeStandInSite(tempDir('meetwise-outputs-site-')),
    region: 'us-east-1',
  });
}

function synthesize(context: Json): Synthesized {
  const run = runApp({ stage: 'prod', ...context });
  expect(run.status, run.stderr).toBe(0);
  const read = (file: string) => JSON.parse(readFileSync(path.join(run.outdir, file), 'utf8')) as Template;
  return {
    main: read('Meetwise-prod.template.json'),
    nested: readdirSync(run.outdir)
      .filter((file) => file.endsWith('.nested.template.json'))
      .map(read),
  };
}

/** Where a value points: a resource of one template, by Ref or by one of its attributes. */
interface Target {
  template: Template;
  id: string;
  attribute: string;
}

/** Follows a main-stack value (a Ref, a GetAtt, or a nested stack's output) to the resource it names. */
function resolve(value: unknown, synthesized: Synthesized, template = synthesized.main): Target {
  const ref = (value as { Ref?: string }).Ref;
  if (typeof ref === 'string') return { template, id: ref, attribute: 'Ref' };
  const getAtt = (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
  if (!getAtt) throw new Error(`Not a reference: ${JSON.stringify(value)}`);
  const [id, attribute] = getAtt;
  if (attribute.startsWith('Outputs.')) {
    const name = attribute.slice('Outputs.'.length);
    const nested = synthesized.nested.find((t) => t.Outputs?.[name]);
    if (!nested) throw new Error(`No nested stack has the output ${name}`);
    return resolve(nested.Outputs![name]!.Value, synthesized, nested);
  }
  return { template, id, attribute };
}

/** Every resource of one type, in the main stack and its nested stacks. */
const everyResource = (synthesized: Synthesized, type: string) =>
  [synthesized.main, ...synthesized.nested].flatMap((template) =>
    Object.entries(template.Resources)
      .filter(([, resource]) => resource.Type === type)
      .map(([id, resource]) => ({ template, id, resource })),
  );

/** Our functions (each names its route or job in POWERTOOLS_SERVICE_NAME), not CDK's own helpers. */
const ourFunctions = (synthesized: Synthesized) =>
  everyResource(synthesized, 'AWS::Lambda::Function').flatMap((found) => {
    const variables = (found.resource.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)
      ?.Variables;
    const name = variables?.POWERTOOLS_SERVICE_NAME;
    return typeof name === 'string' ? [{ ...found, name, variables: variables! }] : [];
  });

/** The output keys docs/operations.md reads with its `out` helper. */
function outputsNamedInDoc(): string[] {
  const doc = readFileSync(path.join(repoRoot, 'docs/operations.md'), 'utf8');
  return [...new Set([...doc.matchAll(/\$\(out ([A-Za-z0-9]+)\)/g)].map((match) => match[1]!))];
}

describe('stack outputs for the runbooks', () => {
  let synthesized: Synthesized;
  beforeAll(() => {
    synthesized = synthesize({});
  }, 300_000);

  it('names every function and its log group: "{function name} {log group name}"', () => {
    const functions = ourFunctions(synthesized);
    // Every route, every job, the booking page shell: far more than a handful, each once.
    expect(functions.length).toBeGreaterThan(90);
    expect(new Set(functions.map((fn) => fn.name)).size).toBe(functions.length);
    for (const fn of functions) {
      const output = synthesized.main.Outputs?.[functionOutputKey(fn.name)];
      expect(output, fn.name).toBeDefined();
      const [separator, parts] = (output!.Value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
      expect(separator).toBe(' ');
      expect(parts).toHaveLength(2);
      const [functionTarget, logsTarget] = parts.map((part) => resolve(part, synthesized));
      expect(functionTarget).toMatchObject({ template: fn.template, id: fn.id, attribute: 'Ref' });
      const logGroup = (fn.resource.Properties.LoggingConfig as { LogGroup: unknown }).LogGroup;
      expect(logsTarget!.template).toBe(fn.template);
      expect(logsTarget!.template.Resources[logsTarget!.id]!.Type, fn.name).toBe('AWS::Logs::LogGroup');
      expect({ Ref: logsTarget!.id }).toEqual(logGroup);
    }
  });

  it('names every dead-letter queue by URL and ARN', () => {
    // Every dead-letter queue keeps its messages 14 days (infra/cdk/dead-letters.ts); the work queues 4.
    const deadLetterQueues = everyResource(synthesized, 'AWS::SQS::Queue').filter(
      ({ resource }) => resource.Properties.MessageRetentionPeriod === 1_209_600,
    );
    expect(deadLetterQueues.length).toBeGreaterThanOrEqual(8);
    const outputs = synthesized.main.Outputs!;
    for (const queue of deadLetterQueues) {
      const urlKey = Object.keys(outputs).find((key) => {
        if (!key.endsWith('DeadLetters')) return false;
        const target = resolve(outputs[key]!.Value, synthesized);
        return target.template === queue.template && target.id === queue.id;
      });
      expect(urlKey, queue.id).toBeDefined();
      expect(resolve(outputs[urlKey!]!.Value, synthesized).attribute).toBe('Ref'); // a queue's Ref is its URL
      const arn = resolve(outputs[`${urlKey}Arn`]!.Value, synthesized);
      expect(arn).toMatchObject({ template: queue.template, id: queue.id, attribute: 'Arn' });
    }
  });

  it('names the generated secrets, stays within 200 outputs, and has every output docs/operations.md reads', () => {
    const outputs = synthesized.main.Outputs!;
    for (const key of ['SessionSecretArn', 'OriginSecretArn']) {
      const target = resolve(outputs[key]!.Value, synthesized);
      expect(synthesized.main.Resources[target.id]!.Type).toBe('AWS::SecretsManager::Secret');
    }
    // CloudFormation's limit per stack.
    expect(Object.keys(outputs).length).toBeLessThanOrEqual(200);
    const named = outputsNamedInDoc();
    expect(named.length).toBeGreaterThan(5);
    for (const key of named) expect(Object.keys(outputs), `docs/operations.md reads ${key}`).toContain(key);
  });

  it('passes no previous secret outside a rotation, and CloudFront sends the current origin secret', () => {
    for (const fn of ourFunctions(synthesized)) {
      expect(fn.variables.SESSION_SECRET_PREVIOUS, fn.name).toBeUndefined();
      expect(fn.variables.ORIGIN_SECRET_PREVIOUS, fn.name).toBeUndefined();
    }
    expect(JSON.stringify(synthesized.main.Resources)).not.toContain('AWSPREVIOUS');
  });
});

describe('a secret rotation’s grace period', () => {
  const previousOf = (secretLogicalId: string) => ({
    'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretLogicalId }, ':SecretString::AWSPREVIOUS:}}']],
  });
  const secretId = (synthesized: Synthesized, description: string) =>
    Object.entries(synthesized.main.Resources).find(
      ([, resource]) =>
        resource.Type === 'AWS::SecretsManager::Secret' &&
        String(resource.Properties.Description).includes(description),
    )![0];

  it('gives every function the previous session key and origin secret, and CloudFront the previous origin secret', () => {
    const synthesized = synthesize({ acceptPreviousSecrets: 'session,origin', originSecretSent: 'previous' });
    const session = secretId(synthesized, 'SESSION_SECRET');
    const origin = secretId(synthesized, 'ORIGIN_SECRET');
    const functions = ourFunctions(synthesized);
    expect(functions.length).toBeGreaterThan(90);
    for (const fn of functions) {
      // Nested stacks get the secret's ARN as a parameter: compare the dynamic reference's shape there.
      const expected = (id: string) =>
        fn.template === synthesized.main
          ? previousOf(id)
          : {
              'Fn::Join': ['', ['{{resolve:secretsmanager:', expect.anything(), ':SecretString::AWSPREVIOUS:}}']],
            };
      expect(fn.variables.SESSION_SECRET_PREVIOUS, fn.name).toEqual(expected(session));
      expect(fn.variables.ORIGIN_SECRET_PREVIOUS, fn.name).toEqual(expected(origin));
    }
    const [distribution] = everyResource(synthesized, 'AWS::CloudFront::Distribution');
    const headers = (distribution!.resource.Properties.DistributionConfig as { Origins: Json[] }).Origins.flatMap(
      (o) => (o.OriginCustomHeaders ?? []) as { HeaderName: string; HeaderValue: unknown }[],
    );
    expect(headers.find((h) => h.HeaderName === 'x-origin-verify')?.HeaderValue).toEqual(previousOf(origin));
  });

  it('refuses CloudFront sending the previous origin secret the functions would not accept, and unknown names', () => {
    const refused = runApp({ stage: 'prod', originSecretSent: 'previous' });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('originSecretSent=previous needs acceptPreviousSecrets to include origin');
    const unknown = runApp({ stage: 'prod', acceptPreviousSecrets: 'session,google' });
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain('"google" is not one of session, origin');
  });
});
