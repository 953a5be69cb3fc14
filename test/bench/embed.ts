import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface EmbedSizes {
  /** The versioned script the loader names (/embed/embed.{hash}.js). */
  scriptPath: string;
  loaderGzipBytes: number;
  scriptGzipBytes: number;
}

/**
 * The embed's weight on a host's page (issue 29): the loader /embed.js and the script it loads, as built
 * (frontend/embed/build.ts), gzip level 9 as the servers send them. Null when the build has no embed.
 */
export function benchEmbed(distDir = 'frontend/dist'): EmbedSizes | null {
  const loaderFile = join(distDir, 'embed.js');
  if (!existsSync(loaderFile)) return null;
  const loader = readFileSync(loaderFile);
  const scriptPath = /"(\/embed\/embed\.[0-9a-f]+\.js)"/.exec(loader.toString('utf8'))?.[1];
  if (!scriptPath || !existsSync(join(distDir, scriptPath))) return null;
  const gzip = (code: Buffer) => gzipSync(code, { level: 9 }).length;
  return {
    scriptPath,
    loaderGzipBytes: gzip(loader),
    scriptGzipBytes: gzip(readFileSync(join(distDir, scriptPath))),
  };
}
