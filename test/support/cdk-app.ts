import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { repoRoot } from '#infra/cdk/stack';
import type { Json } from '#test/support/cfn-template';

/**
 * Runs the CDK app itself (infra/cdk/app.ts) as the CLI runs it: cdk.json's context and feature flags plus `context`
 * in CDK_CONTEXT_JSON, the cloud assembly written to `outdir`. Bundling is skipped (`aws:cdk:bundling-stacks`;
 * stack.test.ts checks the bundles), the front end is `siteDir`, and the stage's mail sender and contact address are
 * example ones (what `npm run deploy` always passes; a test leaves one out with `''`).
 */
export function runCdkApp({
  context,
  outdir,
  siteDir,
  region,
}: {
  context: Json;
  outdir: string;
  siteDir: string;
  region: string;
}) {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: Json };
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'infra/cdk/app.ts')], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      CDK_OUTDIR: outdir,
      CDK_DEFAULT_ACCOUNT: '123456789012',
      CDK_DEFAULT_REGION: region,
      CDK_CONTEXT_JSON: JSON.stringify({
        ...cdkJson.context,
        'aws:cdk:bundling-stacks': [],
        siteDir,
        mailFrom: 'no-reply@example.com',
        contactEmail: 'hello@example.com',
        ...context,
      }),
    },
  });
  return { ...result, outdir };
}
