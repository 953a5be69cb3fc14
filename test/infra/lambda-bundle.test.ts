import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

import { lambdaBuildOptions, LambdaBundles } from '#infra/cdk/lambda-bundle';
import { repoRoot } from '#infra/cdk/stack';
import { tempDirsRemovedAfterAll } from '#test/support/temp-dirs';

/**
 * LambdaBundles: the planned entries are built in one esbuild call when the first is asked for, each handed to CDK
 * as the bundle a build of it alone gives; an entry that was not planned is built alone.
 */

const tempDir = tempDirsRemovedAfterAll();

/** A project with three handlers sharing a module, and one that does not compile. */
function project(): string {
  const root = tempDir('meetwise-bundles-');
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'bundles', type: 'module' }));
  mkdirSync(path.join(root, 'handlers'));
  writeFileSync(path.join(root, 'shared.ts'), 'export const greet = (who: string): string => `hello ${who}`;\n');
  for (const name of ['alpha', 'beta', 'gamma']) {
    writeFileSync(
      path.join(root, 'handlers', `${name}.ts`),
      `import { greet } from '../shared';\nexport const handler = async () => ({ body: greet(${JSON.stringify(name)}) });\n`,
    );
  }
  writeFileSync(path.join(root, 'handlers', 'broken.ts'), 'export const handler = async () => ({ body: ;\n');
  return root;
}

function functionIn(stack: Stack, bundles: LambdaBundles, name: string): string {
  const fn = new lambda.Function(stack, name, {
    code: bundles.code(path.join(bundles.projectRoot, 'handlers', `${name}.ts`)),
    handler: 'index.handler',
    runtime: lambda.Runtime.NODEJS_22_X,
  });
  const asset = (fn.node.defaultChild as lambda.CfnFunction).getMetadata('aws:asset:path') as string;
  return path.join((stack.node.root as App).outdir, asset);
}

/** The bundle of `entry` built alone, as a stack without LambdaBundles would. */
function aloneBuild(root: string, entry: string): string {
  const out = path.join(tempDir('meetwise-alone-'), 'index.mjs');
  buildSync({ ...lambdaBuildOptions(entry), absWorkingDir: root, outfile: out, sourcemap: true });
  return readFileSync(out, 'utf8');
}

const batchFolders = (outdir: string) => readdirSync(outdir).filter((name) => name.startsWith('bundling-batch-'));

describe('LambdaBundles', () => {
  it('builds the planned entries together when the first is asked for, and hands each to CDK as its own build', () => {
    const root = project();
    const app = new App({
      outdir: tempDir('meetwise-bundles-out-'),
      context: { 'aws:cdk:enable-asset-metadata': true },
    });
    const stack = new Stack(app, 'Bundles');
    // A planned file that is not there is left to its function (which names it) rather than failing the batch.
    const bundles = new LambdaBundles(root, [
      'handlers/alpha.ts',
      path.join(root, 'handlers/beta.ts'),
      'handlers/missing.ts',
    ]);

    const alpha = functionIn(stack, bundles, 'alpha');
    // beta's bundle waits beside CDK's folders until its function asks for it; nothing waits for the missing file.
    expect(batchFolders(app.outdir)).toHaveLength(1);
    const beta = functionIn(stack, bundles, 'beta');
    expect(batchFolders(app.outdir)).toEqual([]);
    // Not planned: built alone.
    const gamma = functionIn(stack, bundles, 'gamma');

    for (const [dir, entry] of [
      [alpha, 'handlers/alpha.ts'],
      [beta, 'handlers/beta.ts'],
      [gamma, 'handlers/gamma.ts'],
    ] as const) {
      expect(readdirSync(dir).sort(), entry).toEqual(['index.mjs', 'index.mjs.map']);
      expect(readFileSync(path.join(dir, 'index.mjs'), 'utf8'), entry).toBe(aloneBuild(root, entry));
      const { sources } = JSON.parse(readFileSync(path.join(dir, 'index.mjs.map'), 'utf8')) as { sources: string[] };
      expect(
        sources.some((source) => source.endsWith('shared.ts')),
        entry,
      ).toBe(true);
    }
    // Each function its own bundle.
    expect(new Set([alpha, beta, gamma]).size).toBe(3);
  });

  it('fails the synthesis naming the file when a planned entry does not compile', () => {
    const root = project();
    const app = new App({ outdir: tempDir('meetwise-bundles-out-') });
    const stack = new Stack(app, 'Bundles');
    const bundles = new LambdaBundles(root, ['handlers/alpha.ts', 'handlers/broken.ts']);
    expect(() => functionIn(stack, bundles, 'alpha')).toThrow(/handlers\/broken\.ts/);
  });
});
