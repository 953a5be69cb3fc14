import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmdirSync } from 'node:fs';
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
 * AWS SDK inside. The stack (LambdaBundles below) adds the source map and the output file; the bench builds in memory.
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
 * The bundles of one stack's functions, built together on this machine with esbuild's API in the synthesizing
 * process (esbuild is a dev dependency, so a deploy or a synth always has it). The first function CDK asks to bundle
 * builds every planned entry in one esbuild call: the ~100 functions share most of their modules, which esbuild then
 * reads and parses once instead of once per function (about 6 s instead of 20 on a quiet machine). Each output is
 * the one a build of that entry alone gives, byte for byte, and is moved into the folder CDK asked for when CDK asks.
 * An entry that was not planned is built alone.
 */
export class LambdaBundles {
  /** Planned entry (relative to the project root) → its output folder's name, beside CDK's bundling folders. */
  readonly #planned = new Map<string, string>();
  /** The entries built together and not yet handed to CDK; undefined until the first is asked for. */
  #waiting: Set<string> | undefined;

  constructor(
    readonly projectRoot: string,
    entries: readonly string[],
  ) {
    const batch = randomBytes(6).toString('hex');
    // A missing file is left to its function, which names it (api.ts makeFunction) instead of failing the batch.
    const present = entries.filter((file) => existsSync(path.resolve(projectRoot, file)));
    for (const entry of new Set(present.map((file) => this.#relative(file)))) {
      this.#planned.set(entry, `bundling-batch-${batch}-${this.#planned.size}`);
    }
  }

  /**
   * A function's code: `entry` (under the project root) bundled to `index.mjs` with its source map, named by the
   * bundle's own hash, so an unchanged function is not uploaded again. Its handler is `index.handler`.
   */
  code(entry: string): lambda.Code {
    const relative = this.#relative(entry);
    return lambda.Code.fromAsset(this.projectRoot, {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // Never used: the local bundling below always succeeds or throws (CDK asks for an image all the same).
        image: DockerImage.fromRegistry('dummy'),
        local: new EsbuildLocally(relative, (outputDir) => this.#bundle(relative, outputDir)),
      },
    });
  }

  #relative(entry: string): string {
    return path.relative(this.projectRoot, path.resolve(this.projectRoot, entry));
  }

  /** Writes `entry`'s bundle into `outputDir`: from the batch when it was planned there, otherwise alone. */
  #bundle(entry: string, outputDir: string): void {
    const folder = this.#planned.get(entry);
    // Built beside CDK's own bundling folder, as deep, so the source maps' relative paths are the same.
    const stagingDir = path.dirname(outputDir);
    if (folder !== undefined && this.#waiting === undefined) {
      // A failed build throws (esbuild's buildSync), naming each error and its file: CDK reports it.
      buildSync({
        ...lambdaBuildOptions(entry),
        entryPoints: [...this.#planned].map(([plannedEntry, out]) => ({ in: plannedEntry, out: `${out}/index` })),
        outdir: stagingDir,
        outExtension: { '.js': '.mjs' },
        absWorkingDir: this.projectRoot,
        sourcemap: true,
      });
      this.#waiting = new Set(this.#planned.keys());
    }
    if (folder !== undefined && this.#waiting?.delete(entry)) {
      for (const file of ['index.mjs', 'index.mjs.map']) {
        renameSync(path.join(stagingDir, folder, file), path.join(outputDir, file));
      }
      rmdirSync(path.join(stagingDir, folder));
      return;
    }
    buildSync({
      ...lambdaBuildOptions(entry),
      absWorkingDir: this.projectRoot,
      outfile: path.join(outputDir, 'index.mjs'),
      sourcemap: true,
    });
  }
}

/**
 * CDK's hook for bundling without Docker. Its public fields are part of the asset's cache key, so two functions never
 * share a bundle; the bundler is private (not in the key).
 */
class EsbuildLocally implements ILocalBundling {
  readonly #bundle: (outputDir: string) => void;

  constructor(
    readonly entry: string,
    bundle: (outputDir: string) => void,
  ) {
    this.#bundle = bundle;
  }

  tryBundle(outputDir: string): boolean {
    this.#bundle(outputDir);
    return true;
  }
}
