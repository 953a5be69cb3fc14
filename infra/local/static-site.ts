import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

import { RESERVED_EVENT_SLUGS } from '#shared/constants';
import { PUBLISHED_PAGE_CACHE_CONTROL, shellFileFor } from '#functions/domain/published-pages';
import { isEmbedFrameRequest, pageSecurityHeaders } from '#infra/security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);

interface Asset {
  body: Buffer;
  gzip?: Buffer;
  type: string;
  /** The file's modification time when read: a rebuild (npm run build while running) is served at once. */
  mtimeMs: number;
}

/**
 * The key of a booking page's published file for a path (`book/{slug}`, `events/{slug}`, a team's `team/{slug}`),
 * or null when the path is no booking page: /events/new and the other host screens' names are the app's.
 */
export function bookingPageKey(pathname: string): string | null {
  const match = /^\/(book|events|team)\/([a-z0-9-]{1,60})\/?$/.exec(pathname);
  if (!match) return null;
  const [, area, slug] = match as unknown as [string, string, string];
  if (area === 'events' && (RESERVED_EVENT_SLUGS as readonly string[]).includes(slug)) return null;
  return `${area}/${slug}`;
}

/** The embed script's stable loader (issue 29): cached briefly, so a new build's script is picked up within minutes. */
export const EMBED_LOADER_CACHE_CONTROL = 'public, max-age=300';
const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Serves the built front end the way CloudFront + S3 do: files under /assets/ (content-hashed by Vite) and /embed/
 * (the embed script, named by its content's hash) with a one-year immutable cache, the embed loader /embed.js with a
 * five-minute one; `/` the landing page prerendered at build time (landing.html); a booking page
 * (/book/{slug}, /events/{slug}, /team/{slug}) its published file from `publishedDir` when there is one (the
 * publisher's, with its short shared cache), else its own shell (book.html; team.html for a team's page); every other path that is not a file
 * index.html with no-cache, so the client router can answer it. Text files are gzip-compressed when the client
 * accepts it.
 */
export function staticSite(rootDir: string, publishedDir?: string) {
  const root = resolve(rootDir);
  const published = publishedDir ? resolve(publishedDir) : undefined;
  const cache = new Map<string, Asset>();

  const load = (file: string): Asset => {
    const { mtimeMs } = statSync(file);
    let asset = cache.get(file);
    if (!asset || asset.mtimeMs !== mtimeMs) {
      const body = readFileSync(file);
      // Published pages are files without an extension (their keys are their paths): HTML.
      const ext = published && file.startsWith(published + sep) ? '.html' : extname(file);
      asset = {
        body,
        type: TYPES[ext] ?? 'application/octet-stream',
        ...(COMPRESSIBLE.has(ext) && body.length > 1024 ? { gzip: gzipSync(body, { level: 9 }) } : {}),
        mtimeMs,
      };
      cache.set(file, asset);
    }
    return asset;
  };

  /**
   * The page headers follow the built index.html (its inline scripts' hashes); worked out once per build, for the
   * pages and for the embed pages (framable: infra/security-headers.ts isEmbedFrameRequest).
   */
  const pageHeaders = new WeakMap<Asset, { page: Record<string, string>; embed: Record<string, string> }>();
  const headersFor = (indexAsset: Asset, embed: boolean): Record<string, string> => {
    let headers = pageHeaders.get(indexAsset);
    if (!headers) {
      const html = indexAsset.body.toString('utf8');
      headers = { page: pageSecurityHeaders(html), embed: pageSecurityHeaders(html, { embed: true }) };
      pageHeaders.set(indexAsset, headers);
    }
    return embed ? headers.embed : headers.page;
  };

  const resolveFile = (pathname: string): string | null => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const candidate = normalize(join(root, decoded));
    if (candidate !== root && !candidate.startsWith(root + sep)) return null;
    return existsSync(candidate) && statSync(candidate).isFile() ? candidate : null;
  };

  /** The page of a path that is no file: the landing page, a published booking page, or a booking page's shell. */
  const pageFor = (pathname: string): { file: string; published: boolean } | null => {
    const landing = join(root, 'landing.html');
    if (pathname === '/' && existsSync(landing)) return { file: landing, published: false };
    const key = bookingPageKey(pathname);
    if (!key) return null;
    if (published) {
      const file = join(published, key);
      if (existsSync(file)) return { file, published: true };
    }
    const shell = join(root, shellFileFor(pathname));
    return existsSync(shell) ? { file: shell, published: false } : null;
  };

  return (request: IncomingMessage, response: ServerResponse): void => {
    const index = join(root, 'index.html');
    if (!existsSync(index)) {
      response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('The front end is not built. Run `npm run build` (npm start does it for you).');
      return;
    }
    const { pathname, search } = new URL(request.url ?? '/', 'http://localhost');
    const found = resolveFile(pathname);
    // A missing hashed asset is a real 404 (an old page asking for a deleted chunk), not the SPA.
    if (!found && (pathname.startsWith('/assets/') || pathname.startsWith('/embed/'))) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found');
      return;
    }
    const page = found ? null : pageFor(pathname);
    const file = found ?? page?.file ?? index;
    let asset: Asset;
    try {
      asset = load(file);
    } catch (error) {
      // A published page taken down between the check and the read: the shell answers, as it would have.
      if (!page?.published || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      asset = load(join(root, shellFileFor(pathname)));
    }
    const immutable = found !== null && (pathname.startsWith('/assets/') || pathname.startsWith('/embed/'));
    const useGzip = asset.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = useGzip ? asset.gzip! : asset.body;
    // An embed page (/book/{slug}?embed=1, /booking/{id}?embed=1) may be framed by any site: CloudFront's function
    // on those behaviours does the same (infra/security-headers.ts embedFramingFunctionCode).
    const embed = !found && asset.type.startsWith('text/html') && isEmbedFrameRequest(pathname, search);
    response.writeHead(200, {
      // The same headers CloudFront's response headers policy adds (infra/security-headers.ts).
      ...headersFor(load(index), embed),
      'content-type': asset.type,
      'content-length': body.length,
      'cache-control': immutable
        ? IMMUTABLE_CACHE_CONTROL
        : found !== null && pathname === '/embed.js'
          ? EMBED_LOADER_CACHE_CONTROL
          : page?.published
            ? PUBLISHED_PAGE_CACHE_CONTROL
            : 'no-cache',
      vary: 'accept-encoding',
      ...(useGzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}

/**
 * Uploaded photos at /photos/{key}, as CloudFront serves them from the photo bucket: files only (no fallback),
 * immutable (every upload gets a new key), never sniffed as anything but the image type of their extension.
 */
export function photoFiles(photosDir: string) {
  const root = resolve(photosDir);
  return (request: IncomingMessage, response: ServerResponse): void => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    let file: string | null = null;
    try {
      const candidate = normalize(join(root, decodeURIComponent(pathname.slice('/photos/'.length))));
      if (candidate.startsWith(root + sep) && existsSync(candidate) && statSync(candidate).isFile()) file = candidate;
    } catch {
      file = null;
    }
    const type = file ? TYPES[extname(file)] : undefined;
    if (!file || !type?.startsWith('image/')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found');
      return;
    }
    const body = readFileSync(file);
    response.writeHead(200, {
      'content-type': type,
      'content-length': body.length,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}
