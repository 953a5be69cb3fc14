import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';

import { EMBED_BUDGET_GZIP_BYTES } from '#shared/embed';

/**
 * Part of `npm run build`, after `vite build` (which empties frontend/dist): the embed script (issue 29) as one small
 * classic script named by its content's hash, `embed/embed.{hash}.js`, and the stable loader `embed.js` that names
 * it. The servers cache the first for a year and the second for five minutes (infra/local/static-site.ts,
 * infra/cdk/site.ts). Budget: 5 KB gzip for both (test/unit/embed-script.test.ts, `npm run bench`).
 */

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const common: BuildOptions = {
  bundle: true,
  minify: true,
  format: 'iife',
  // What every browser of the last few years runs (a host's visitors use whatever they have).
  target: ['es2020', 'chrome90', 'edge90', 'firefox90', 'safari15'],
  legalComments: 'none',
  write: false,
  logLevel: 'silent',
};

async function bundle(entry: string, define: Record<string, string> = {}): Promise<Uint8Array> {
  const result = await build({ ...common, entryPoints: [here(entry)], define });
  return result.outputFiles![0]!.contents;
}

/** Writes the script and the loader into `outDir` (a built front end); answers their paths and sizes. */
export async function buildEmbed(outDir: string) {
  const script = await bundle('./embed.ts');
  const hash = createHash('sha256').update(script).digest('hex').slice(0, 12);
  const scriptPath = `/embed/embed.${hash}.js`;
  const loader = await bundle('./loader.ts', { EMBED_SCRIPT_PATH: JSON.stringify(scriptPath) });
  mkdirSync(join(outDir, 'embed'), { recursive: true });
  writeFileSync(join(outDir, scriptPath), script);
  writeFileSync(join(outDir, 'embed.js'), loader);
  const gzip = (code: Uint8Array) => gzipSync(code, { level: 9 }).length;
  return { scriptPath, scriptGzip: gzip(script), loaderGzip: gzip(loader) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const built = await buildEmbed(here('../dist'));
  const total = built.scriptGzip + built.loaderGzip;
  console.log(
    `frontend/dist/embed.js → ${built.scriptPath}: ${(total / 1024).toFixed(1)} KB gzip (script ${built.scriptGzip} B, loader ${built.loaderGzip} B; budget ${EMBED_BUDGET_GZIP_BYTES / 1024} KB)`,
  );
}
