import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';

import { defineMeetwiseApp } from '#infra/cdk/meetwise-app';
import { repoRoot } from '#infra/cdk/stack';
import type { Json } from '#test/support/cfn-template';

/** What a run of the app gives: its exit status, what it wrote on stderr, and its cloud assembly's folder. */
export interface CdkAppRun {
  status: number | null;
  stderr: string;
  outdir: string;
}

interface CdkAppOptions {
  context: Json;
  outdir: string;
  siteDir: string;
  region: string;
}

/**
 * The context the CLI gives the app: cdk.json's context and feature flags plus `context`. Bundling is skipped
 * (`aws:cdk:bundling-stacks`; stack.test.ts checks the bundles), the front end is `siteDir`, and the stage's mail
 * sender and contact address are example ones (what `npm run deploy` always passes; a test leaves one out with `''`).
 */
function cliContext({ context, siteDir }: CdkAppOptions): Json {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: Json };
  return {
    ...cdkJson.context,
    'aws:cdk:bundling-stacks': [],
    siteDir,
    mailFrom: 'no-reply@example.com',
    contactEmail: 'hello@example.com',
    ...context,
  };
}

/**
 * Synthesizes the CDK app's stacks (infra/cdk/meetwise-app.ts, what infra/cdk/app.ts runs for the CLI) in this
 * process, with the context and environment the CLI would give it, the cloud assembly written to `outdir`. A refusal
 * (a thrown error, cdk-nag's validation included) is a non-zero status with its message, as the CLI's run shows it.
 */
export function runCdkApp(options: CdkAppOptions): CdkAppRun {
  try {
    const app = new App({ outdir: options.outdir, context: cliContext(options) });
    defineMeetwiseApp(app, { CDK_DEFAULT_ACCOUNT: '123456789012', CDK_DEFAULT_REGION: options.region });
    app.synth();
    return { status: 0, stderr: '', outdir: options.outdir };
  } catch (error) {
    return {
      status: 1,
      stderr: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error),
      outdir: options.outdir,
    };
  }
}

/** Runs infra/cdk/app.ts itself as the CLI runs it: context in CDK_CONTEXT_JSON, the cloud assembly in CDK_OUTDIR. */
export function runCdkCli(options: CdkAppOptions): CdkAppRun {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'infra/cdk/app.ts')], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      CDK_OUTDIR: options.outdir,
      CDK_DEFAULT_ACCOUNT: '123456789012',
      CDK_DEFAULT_REGION: options.region,
      CDK_CONTEXT_JSON: JSON.stringify(cliContext(options)),
    },
  });
  return { status: result.status, stderr: result.stderr, outdir: options.outdir };
}
