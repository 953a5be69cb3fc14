import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

import { BENCH_CACHE_DIR } from '#test/bench/module-load';

/**
 * What the booking page's JavaScript is made of. A second production build of the front end (Vite's JS API with
 * frontend/vite.config.ts, written to node_modules/.cache/meetwise-bench/vite-analysis so frontend/dist is left
 * alone) with a small plugin that keeps, per output chunk, its modules and each module's rendered length (after
 * tree-shaking, before minification). The build is deterministic: its chunk file names are those of frontend/dist,
 * so each script the browser loaded (frontend.ts) is found by its file name (else, if the source changed since
 * `npm run build`, by its chunk name when that is unique: marked ≈). A chunk's gzip bytes as served are shared
 * out over its modules in proportion to their rendered length (minification and compression are taken to shrink
 * every module alike: an estimate, good for ranking), and modules are grouped by package (node_modules) or by
 * folder of ours (frontend/src/features/booking, shared/api, …).
 */

export interface BuiltChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  /** The HTML page (or module) the chunk is the entry of. */
  facade: string | null;
  imports: string[];
  dynamicImports: string[];
  /** Rendered length of the chunk's modules, by owner (package or folder of ours). */
  owners: Map<string, number>;
  gzipBytes: number;
}

const ROOT = resolve('.');

/** The package of a module in node_modules, else the folder of ours it is in, else Vite's own helpers. */
export function ownerOf(moduleId: string): string {
  const id = moduleId.replace(/^\0/, '').split('?')[0]!;
  const packages = id.lastIndexOf('/node_modules/');
  if (packages >= 0) {
    const [first, second] = id.slice(packages + '/node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  if (!isAbsolute(id)) return '(vite runtime)';
  const path = relative(ROOT, id);
  if (path.startsWith('..')) return '(outside the project)';
  const parts = path.split('/');
  const folders = parts.slice(0, -1);
  // frontend/src/features/booking, frontend/src/components/booking, frontend/src/lib; shared/api/schemas, shared/rules.
  const depth = parts[0] === 'frontend' ? (['features', 'components'].includes(parts[2] ?? '') ? 4 : 3) : 3;
  return folders.slice(0, depth).join('/') || path;
}

/** Builds the front end again with the chunk-recording plugin; the chunks by file name (assets/…). */
export async function analysisBuild(): Promise<Map<string, BuiltChunk>> {
  const chunks = new Map<string, BuiltChunk>();
  const record: Plugin = {
    name: 'meetwise-bench-chunk-modules',
    // After every other plugin has rewritten the chunks: their code is what is written to disk.
    writeBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const owners = new Map<string, number>();
        for (const [id, module] of Object.entries(item.modules)) {
          const owner = ownerOf(id);
          owners.set(owner, (owners.get(owner) ?? 0) + module.renderedLength);
        }
        chunks.set(item.fileName, {
          fileName: item.fileName,
          name: item.name,
          isEntry: item.isEntry,
          facade: item.facadeModuleId ? relative(ROOT, item.facadeModuleId) : null,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          owners,
          gzipBytes: gzipSync(item.code, { level: 9 }).length,
        });
      }
    },
  };
  await build({
    configFile: resolve('frontend/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: join(BENCH_CACHE_DIR, 'vite-analysis'), emptyOutDir: true },
    plugins: [record],
  });
  return chunks;
}

/** The chunks an HTML entry loads before any dynamic import: its entry chunk and their static imports, transitively. */
export function staticGraph(chunks: Map<string, BuiltChunk>, html: string): Set<string> {
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.facade?.endsWith(html));
  const graph = new Set<string>();
  const visit = (fileName: string) => {
    if (graph.has(fileName)) return;
    graph.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  if (entry) visit(entry.fileName);
  return graph;
}

export interface LoadedChunk {
  url: string;
  gzipBytes: number;
  chunk: BuiltChunk | null;
  /** Found by the chunk's name rather than its file name (the source changed since the served build). */
  approximate: boolean;
  /** 'entry graph' when `html`'s entry graph holds it, else 'loaded later' (a dynamic import). */
  how: 'entry graph' | 'loaded later' | 'unknown';
}

const nameOf = (fileName: string) => basename(fileName).replace(/-[A-Za-z0-9_-]{8}\.js$/, '');

/**
 * The scripts a page loaded (their URL and gzip bytes as the browser got them), each with its chunk of the analysis
 * build, and the gzip bytes of the page's JavaScript shared out per owner, largest first.
 */
export function attribute(
  chunks: Map<string, BuiltChunk>,
  scripts: { url: string; gzipBytes: number }[],
  html: string,
): { loaded: LoadedChunk[]; owners: [string, number][]; entry: Set<string> } {
  const entry = staticGraph(chunks, html);
  const byName = new Map<string, BuiltChunk[]>();
  for (const chunk of chunks.values()) byName.set(chunk.name, [...(byName.get(chunk.name) ?? []), chunk]);
  const owners = new Map<string, number>();
  const loaded = scripts.map((script): LoadedChunk => {
    const fileName = new URL(script.url).pathname.replace(/^\//, '');
    let chunk = chunks.get(fileName) ?? null;
    let approximate = false;
    if (!chunk) {
      const same = byName.get(nameOf(fileName)) ?? [];
      if (same.length === 1) [chunk, approximate] = [same[0]!, true];
    }
    if (chunk) {
      const total = [...chunk.owners.values()].reduce((sum, length) => sum + length, 0);
      for (const [owner, length] of chunk.owners)
        owners.set(owner, (owners.get(owner) ?? 0) + (total ? (script.gzipBytes * length) / total : 0));
    } else {
      const unknown = '(scripts not in the analysis build)';
      owners.set(unknown, (owners.get(unknown) ?? 0) + script.gzipBytes);
    }
    return {
      url: script.url,
      gzipBytes: script.gzipBytes,
      chunk,
      approximate,
      how: chunk ? (entry.has(chunk.fileName) ? 'entry graph' : 'loaded later') : 'unknown',
    };
  });
  return { loaded, owners: [...owners].sort((a, b) => b[1] - a[1]), entry };
}

/** The owners of one chunk, its served gzip bytes shared out, largest first. */
export function chunkOwners(chunk: BuiltChunk, gzipBytes: number): [string, number][] {
  const total = [...chunk.owners.values()].reduce((sum, length) => sum + length, 0);
  return [...chunk.owners]
    .map(([owner, length]): [string, number] => [owner, total ? (gzipBytes * length) / total : 0])
    .sort((a, b) => b[1] - a[1]);
}
