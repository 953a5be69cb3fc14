import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

import { pageSecurityHeaders } from '#infra/security-headers';

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
 * Serves the built front end the way CloudFront + S3 do: files under /assets/ (content-hashed by Vite) with a
 * one-year immutable cache, index.html with no-cache, and every other path that is not a file falls back to
 * index.html so the client router can answer it. Text files are gzip-compressed when the client accepts it.
 */
export function staticSite(rootDir: string) {
  const root = resolve(rootDir);
  const cache = new Map<string, Asset>();

  const load = (file: string): Asset => {
    const { mtimeMs } = statSync(file);
    let asset = cache.get(file);
    if (!asset || asset.mtimeMs !== mtimeMs) {
      const body = readFileSync(file);
      const ext = extname(file);
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

  /** The page headers follow the built index.html (its inline scripts' hashes); worked out once per build. */
  const pageHeaders = new WeakMap<Asset, Record<string, string>>();
  const headersFor = (indexAsset: Asset): Record<string, string> => {
    let headers = pageHeaders.get(indexAsset);
    if (!headers) pageHeaders.set(indexAsset, (headers = pageSecurityHeaders(indexAsset.body.toString('utf8'))));
    return headers;
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

  return (request: IncomingMessage, response: ServerResponse): void => {
    const index = join(root, 'index.html');
    if (!existsSync(index)) {
      response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('The front end is not built. Run `npm run build` (npm start does it for you).');
      return;
    }
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const found = resolveFile(pathname);
    // A missing hashed asset is a real 404 (an old page asking for a deleted chunk), not the SPA.
    if (!found && pathname.startsWith('/assets/')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found');
      return;
    }
    const file = found ?? index;
    const asset = load(file);
    const immutable = found !== null && pathname.startsWith('/assets/');
    const useGzip = asset.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = useGzip ? asset.gzip! : asset.body;
    response.writeHead(200, {
      // The same headers CloudFront's response headers policy adds (infra/security-headers.ts).
      ...headersFor(load(index)),
      'content-type': asset.type,
      'content-length': body.length,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
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
