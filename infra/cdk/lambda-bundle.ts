import path from 'node:path';
import { AssetHashType, DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { buildSync, type BuildOptions } from 'esbuild';

/**
 * Left out of every bundle: the AWS SDK v3 comes with the Node 22 runtime (CDK's default for it). Bundling our own
 * copy would add about 370 KB of SDK core to every function, past the 300 KB budget (`npm run bench`).
 * Everything else (zod, middy, our code) is bundled and tree-shaken. `npm run bench` builds with the same options.
 * node-fetch: googleapis' HTTP layer loads it only when given no fetch of its own; our Google client always hands it
 * the runtime's fetch (adapters/google/oauth-client.ts), so the 90 KB of node-fetch and its polyfills never run.
 * https-proxy-agent: gaxios imports it (with agent-base, debug, supports-color and ms, 17 KB) only when an HTTPS
 * proxy is configured, which no Lambda of ours is.
 */
export const LAMBDA_EXTERNAL_MODULES = ['@aws-sdk/*', 'node-fetch', 'https-proxy-agent'] as const;

/** What every bundle is built with: `process.env.NODE_ENV` is "production", so a library keeps only that build. */
export const LAMBDA_DEFINE = { 'process.env.NODE_ENV': JSON.stringify('production') };

/**
 * Lets the ESM bundle load CommonJS dependencies that call `require` (esbuild's ESM output has no `require`).
 * The alias avoids clashing with any `createRequire` the bundled code declares itself.
 */
export const esmRequireBanner =
  "import { createRequire as __meetwiseCreateRequire } from 'node:module'; const require = __meetwiseCreateRequire(import.meta.url);";

/**
 * esbuild's options for one function's bundle: one minified ESM file for Node 22 with everything but the runtime's
 * AWS SDK inside. The stack (lambdaCode below) adds the source map and the output file; the bench builds in memory.
 */
export function lambdaBuildOptions(entry: string): BuildOptions {
  return {
    entryPoints: [entry],
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: { js: esmRequireBanner },
    define: LAMBDA_DEFINE,
    external: [...LAMBDA_EXTERNAL_MODULES],
    logLevel: 'silent',
  };
}

/**
 * Bundles on this machine with esbuild's API, in the synthesizing process (esbuild is a dev dependency, so a deploy
 * or a synth always has it). CDK's NodejsFunction ran `npx --no-install esbuild` once per function instead: about a
 * second of npm's start-up for each of ~100 functions. Its public fields are part of the asset's cache key, so two
 * functions never share a bundle.
 */
class EsbuildLocally implements ILocalBundling {
  constructor(
    readonly projectRoot: string,
    readonly entry: string,
  ) {}

  tryBundle(outputDir: string): boolean {
    // A failed build throws (esbuild's buildSync), naming each error: CDK reports it for the function.
    buildSync({
      ...lambdaBuildOptions(this.entry),
      absWorkingDir: this.projectRoot,
      outfile: path.join(outputDir, 'index.mjs'),
      sourcemap: true,
    });
    return true;
  }
}

/**
 * A function's code: `entry` (under `projectRoot`) bundled to `index.mjs` with its source map, named by the bundle's
 * own hash, so an unchanged function is not uploaded again. Its handler is `index.handler`.
 */
export function lambdaCode(projectRoot: string, entry: string): lambda.Code {
  return lambda.Code.fromAsset(projectRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never used: the local bundling above always succeeds or throws (CDK asks for an image all the same).
      image: DockerImage.fromRegistry('dummy'),
      local: new EsbuildLocally(projectRoot, path.relative(projectRoot, path.resolve(entry))),
    },
  });
}
