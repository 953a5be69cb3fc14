import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { routeTable } from '#shared/api/routes';
import { jobTable, queueJobs, streamJobTable, timerJobTable } from '#shared/jobs';
import { SESSION_DAYS } from '#functions/adapters/sessions/signed-cookie';
import { parseConfig } from '#functions/config';
import { mailSuppressionJob } from '#infra/cdk/booking-lifecycle';
import { functionOutputKey, repoRoot, ROTATED_SECRETS } from '#infra/cdk/stack';

/**
 * docs/operations.md's runbook commands name what the code has: npm scripts in package.json, stack outputs of
 * functions that exist, CDK context the app reads, the rotation's values. (test/infra/stack-outputs.test.ts checks
 * every output the doc reads against the synthesized template.)
 */

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const doc = read('docs/operations.md');
/** The doc's fenced shell blocks: the commands an operator pastes. */
const commands = [...doc.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1]!).join('\n');

/** Every function the stack makes, by the name its output carries. */
const functionNames = [
  ...routeTable.map((route) => route.name),
  ...jobTable.map((job) => job.name),
  ...streamJobTable.map((job) => job.name),
  ...timerJobTable.map((job) => job.name),
  ...Object.values(queueJobs).map((job) => job.name),
  mailSuppressionJob.name,
  'serveBookingShell',
];
const functionOutputs = new Set(functionNames.map(functionOutputKey));

describe('docs/operations.md runbook commands', () => {
  it('has runnable shell blocks that read the stack outputs through one helper', () => {
    expect(commands).toContain(
      `out() { aws cloudformation describe-stacks --stack-name "$STACK" --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text; }`,
    );
    expect(commands).toMatch(/^STACK=Meetwise-[a-z][a-z0-9-]*$/m);
    // No placeholder to fill in by hand inside a command, other than the values an operator brings (new secrets).
    for (const line of commands.split('\n').filter((l) => l.includes('{') && !l.includes('$('))) {
      expect(line, line).not.toMatch(/\{(stage|function|queue|name)\}/);
    }
  });

  it('runs only npm scripts that package.json has', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const used = [...doc.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
    expect(used).toEqual(expect.arrayContaining(['deploy', 'smoke', 'table:copy']));
    for (const script of used) expect(Object.keys(scripts), `npm run ${script}`).toContain(script);
  });

  it('names only functions the stack outputs, and reads a function, its logs, a dead-letter queue and the publisher', () => {
    const named = [...doc.matchAll(/`?\b(\w+Function)\b/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(5);
    for (const key of named) expect(functionOutputs.has(key), key).toBe(true);
    // The steps the issue asks for, each a command.
    expect(commands).toMatch(/read -r FUNCTION LOGS <<< "\$\(out \w+Function\)"/);
    expect(commands).toContain('aws logs tail "$LOGS"');
    expect(commands).toContain('aws sqs start-message-move-task --source-arn "$(out MailDeadLettersArn)"');
    expect(commands).toMatch(/aws lambda invoke --function-name "\$FUNCTION"/);
    expect(commands).toContain('read -r FUNCTION LOGS <<< "$(out publishBookingPagesFunction)"');
  });

  it('republishes with the event the publisher takes', () => {
    const payload = /--payload '([^']+)'/.exec(commands)?.[1];
    expect(JSON.parse(payload!)).toEqual({ republishAll: true });
    expect(read('functions/src/jobs/publishBookingPages.ts')).toContain(
      '(event as RepublishAllEvent).republishAll === true',
    );
  });

  it('passes only CDK context the app reads, with values it accepts', () => {
    const app = read('infra/cdk/meetwise-app.ts');
    const contexts = [...commands.matchAll(/-c (\w+)=([^\s]+)/g)].map((match) => [match[1]!, match[2]!] as const);
    expect(contexts.map(([key]) => key)).toEqual(
      expect.arrayContaining(['acceptPreviousSecrets', 'originSecretSent', 'googleClientSecretArn']),
    );
    for (const [key, value] of contexts) {
      expect(app, key).toContain(`context('${key}')`);
      if (key === 'acceptPreviousSecrets') {
        for (const name of value.split(',')) expect(ROTATED_SECRETS as readonly string[]).toContain(name);
      }
      if (key === 'originSecretSent') expect(['current', 'previous']).toContain(value);
    }
  });

  it('tells the grace period the code gives: the previous values are configuration the functions accept', () => {
    expect(doc).toContain(`Sessions of the old key last at most ${SESSION_DAYS} days`);
    const secret = 'a'.repeat(64);
    const config = parseConfig({
      SESSION_SECRET: secret,
      SESSION_SECRET_PREVIOUS: secret.replaceAll('a', 'b'),
      ORIGIN_SECRET: secret,
      ORIGIN_SECRET_PREVIOUS: secret.replaceAll('a', 'c'),
    });
    expect(config.sessionSecretPrevious).toBe('b'.repeat(64));
    expect(config.originSecretPrevious).toBe('c'.repeat(64));
    // The values `openssl rand -hex 32` makes pass both secrets' checks.
    expect(commands).toContain('--secret-string "$(openssl rand -hex 32)"');
    const hex = '0123456789abcdef'.repeat(4);
    expect(() => parseConfig({ SESSION_SECRET: hex, ORIGIN_SECRET: hex })).not.toThrow();
  });
});
