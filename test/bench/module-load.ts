import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

import type { LambdaBundle } from '#test/bench/bundles';

/**
 * Cold module load of each Lambda bundle: the bundle of bundles.ts (the CDK stack's esbuild settings) written to
 * node_modules/.cache/meetwise-bench/bundles/{name}.mjs (inside node_modules, so the `@aws-sdk/*` imports it leaves
 * out resolve from the project's node_modules as they do from the runtime's in Lambda, and nothing needs ignoring),
 * then imported in a fresh Node process: a tiny runner takes performance.now() around `await import(file)` and
 * prints the difference, so Node's own start-up is not counted. That is the module's top-level code and everything
 * it imports (the SDK clients, zod schemas, Powertools), i.e. the part of a cold start that the bundle decides;
 * the first invocation's work (composing the dependencies, the first DynamoDB call) is not in it.
 *
 * The process gets the environment a Lambda of the stack has (the runtime's variables and the ones
 * infra/cdk/api.ts sets, with placeholder values of the right shape) and runs in the bundle folder, where no `.env`
 * is, so nothing of the local configuration leaks in. One unmeasured load of each bundle first (the file is then in
 * the page cache, as on a warm Lambda host; a bundle that does not load is reported, not measured). The measured
 * loads go round-robin over the bundles, so a burst of load from other work on the machine spreads over all of them.
 */

export const BENCH_CACHE_DIR = resolve('node_modules/.cache/meetwise-bench');

export interface ModuleLoad {
  name: string;
  auth: string;
  bytes: number;
  runs: number[];
  medianMs: number;
  /** The first line of the error when the bundle does not load. */
  error?: string;
}

const RUNNER = `const started = performance.now();
await import(process.argv[2]);
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms }));
// A module that starts a timer or a socket at its top level must not keep the measurement waiting.
process.exit(0);
`;

const run = promisify(execFile);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** What a function of the stack finds in its environment at cold start (values are placeholders). */
function lambdaEnvironment(name: string, taskRoot: string): NodeJS.ProcessEnv {
  const secret = () => randomBytes(32).toString('base64url');
  return {
    PATH: process.env['PATH'],
    // The Lambda runtime's own (Node 22 on arm64, 512 MB: the stack's settings).
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    AWS_LAMBDA_FUNCTION_NAME: `Meetwise-${name}Function`,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/Meetwise-${name}Function`,
    AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
    AWS_XRAY_DAEMON_ADDRESS: '169.254.79.129:2000',
    LAMBDA_TASK_ROOT: taskRoot,
    _HANDLER: `${name}.handler`,
    TZ: ':UTC',
    LANG: 'en_US.UTF-8',
    // The stack's (infra/cdk/api.ts, makeFunction): every variable functions/src/config.ts needs to start.
    TABLE_NAME: 'Meetwise-Table',
    MAIL_FROM: 'no-reply@example.com',
    CONTACT_EMAIL: 'hello@example.com',
    SESSION_SECRET: secret(),
    ORIGIN_SECRET: secret(),
    ADMIN_EMAILS: 'admin@example.com',
    PHOTO_BUCKET: 'meetwise-photos-bench',
    CALENDAR_KMS_KEY_ID: 'arn:aws:kms:us-east-1:123456789012:key/00000000-0000-4000-8000-000000000000',
    POWERTOOLS_SERVICE_NAME: name,
    // The site bucket, which the stack gives the booking page publisher (publishBookingPages); ignored by the others.
    SITE_BUCKET: 'meetwise-site-bench',
    // The stack also sets NODE_OPTIONS=--enable-source-maps with a source map beside the bundle; the bench's bundles
    // have none (as bundles.ts builds them), so that option is left out.
  };
}

async function loadOnce(runner: string, file: string, env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  const { stdout } = await run(process.execPath, [runner, pathToFileURL(file).href], {
    env,
    cwd,
    timeout: 60_000,
    maxBuffer: 1024 * 1024,
  });
  const ms = (JSON.parse(stdout) as { ms: number }).ms;
  if (typeof ms !== 'number') throw new Error(`The load runner printed ${stdout}`);
  return ms;
}

const firstLine = (error: unknown) => {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  const text = stderr || (error instanceof Error ? error.message : String(error));
  // Node prints the failing file and a caret before the error itself: keep the line naming the error.
  const lines = text.split('\n').map((line) => line.trim());
  return (lines.find((line) => /^\w*(Error|Exception)\b/.test(line)) ?? lines[0] ?? '').slice(0, 200);
};

/**
 * Loads each bundle `runsOf(bundle)` times (10 for the public functions in run.ts), each in a fresh process, plus an
 * empty module the same way: the measurement's own floor.
 */
export async function benchModuleLoad(bundles: LambdaBundle[], runsOf: (bundle: LambdaBundle) => number) {
  const dir = join(BENCH_CACHE_DIR, 'bundles');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const runner = join(BENCH_CACHE_DIR, 'load-module.mjs');
  writeFileSync(runner, RUNNER);
  const empty = join(dir, '__empty.mjs');
  writeFileSync(empty, 'export {};\n');

  const targets = bundles.map((bundle) => {
    const file = join(dir, `${bundle.name}.mjs`);
    if (!bundle.error) writeFileSync(file, bundle.code);
    return {
      bundle,
      file,
      env: lambdaEnvironment(bundle.name, dir),
      wanted: runsOf(bundle),
      runs: [] as number[],
      error: bundle.error ? `does not build: ${bundle.error}` : undefined,
    };
  });
  const floor = { file: empty, env: lambdaEnvironment('empty', dir), runs: [] as number[] };

  for (const target of targets) {
    if (target.error) continue;
    try {
      await loadOnce(runner, target.file, target.env, dir);
    } catch (error) {
      target.error = firstLine(error);
    }
  }
  await loadOnce(runner, floor.file, floor.env, dir);

  const rounds = Math.max(0, ...targets.map((target) => target.wanted));
  for (let round = 0; round < rounds; round++) {
    floor.runs.push(await loadOnce(runner, floor.file, floor.env, dir));
    for (const target of targets) {
      if (target.error || target.runs.length >= target.wanted) continue;
      target.runs.push(await loadOnce(runner, target.file, target.env, dir));
    }
  }

  const loads: ModuleLoad[] = targets.map((target) => ({
    name: target.bundle.name,
    auth: target.bundle.auth,
    bytes: target.bundle.bytes,
    runs: target.runs,
    medianMs: target.runs.length ? median(target.runs) : Number.NaN,
    ...(target.error ? { error: target.error } : {}),
  }));
  return { loads, floorMs: median(floor.runs), dir };
}
