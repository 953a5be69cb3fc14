import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EMBED_ATTRIBUTES, EMBED_BUDGET_GZIP_BYTES, EMBED_PARAMS } from '#shared/embed';
import { staticSite } from '#infra/local/static-site';
import { embedFramingFunctionCode, isEmbedFrameRequest, pageSecurityHeaders } from '#infra/security-headers';

/**
 * The embed (issue 29): the built script and its loader (`npm run build`: frontend/embed/build.ts) within budget and
 * named by content, the local server's caching of them, and the framing rule, the same on the local server and in
 * CloudFront's function (infra/security-headers.ts). The behaviour in a browser: test/e2e/embed.test.ts.
 */

const DIST = 'frontend/dist';
const built = existsSync(`${DIST}/embed.js`);
const gzip = (code: Buffer) => gzipSync(code, { level: 9 }).length;

describe.runIf(built)('the embed script, built', () => {
  const loader = () => readFileSync(`${DIST}/embed.js`);
  const scriptPath = () => /"(\/embed\/embed\.([0-9a-f]{12})\.js)"/.exec(loader().toString('utf8'));

  it('the loader names one script of this build, which is named by its content', () => {
    const named = scriptPath();
    expect(named, 'the loader names /embed/embed.{hash}.js').not.toBeNull();
    const script = readFileSync(`${DIST}${named![1]}`);
    expect(createHash('sha256').update(script).digest('hex').slice(0, 12)).toBe(named![2]);
  });

  it(`loader and script together: at most ${EMBED_BUDGET_GZIP_BYTES / 1024} KB gzip, no framework`, () => {
    const script = readFileSync(`${DIST}${scriptPath()![1]}`);
    expect(gzip(loader()) + gzip(script)).toBeLessThanOrEqual(EMBED_BUDGET_GZIP_BYTES);
    const code = script.toString('utf8');
    expect(code).not.toMatch(/react|createElement\(\w+,\s*\{/i);
    // The contract's names come from shared/embed.ts.
    for (const attribute of Object.values(EMBED_ATTRIBUTES)) expect(code).toContain(attribute);
    expect(code).toContain(EMBED_PARAMS.origin);
  });
});

describe('which requests are embed pages', () => {
  it('a booking page or a manage page with embed=1, nothing else', () => {
    expect(isEmbedFrameRequest('/book/intro-call', '?embed=1')).toBe(true);
    expect(isEmbedFrameRequest('/book/intro-call/', '?embed=1&theme=dark&embed_origin=https%3A%2F%2Fa.example')).toBe(
      true,
    );
    expect(isEmbedFrameRequest('/booking/0f8a', '?token=abc&embed=1')).toBe(true);
    for (const [path, search] of [
      ['/book/intro-call', ''],
      ['/book/intro-call', '?embed=0'],
      ['/book/intro-call', '?embed=true'],
      ['/book/intro-call', '?embed=0&embed=1'],
      ['/book/intro-call/more', '?embed=1'],
      ['/events/intro-call', '?embed=1'],
      ['/team/sales', '?embed=1'],
      ['/events', '?embed=1'],
      ['/login', '?embed=1'],
      ['/billing', '?embed=1'],
      ['/', '?embed=1'],
      ['/bookings/0f8a', '?embed=1'],
    ] as const) {
      expect(isEmbedFrameRequest(path, search), `${path}${search}`).toBe(false);
    }
  });

  it("CloudFront's function applies the same rule to what the response headers policy sent", () => {
    const handler = new Function(`${embedFramingFunctionCode}; return handler;`)() as (event: unknown) => {
      headers: Record<string, { value: string }>;
    };
    const policy = pageSecurityHeaders('<script>1</script>');
    const run = (search: string, type = 'text/html; charset=utf-8') => {
      const querystring = Object.fromEntries(
        [...new URLSearchParams(search)].reverse().map(([name, value]) => [name, { value }]),
      );
      const headers = Object.fromEntries(
        Object.entries({ ...policy, 'content-type': type }).map(([name, value]) => [name, { value }]),
      );
      const response = handler({ request: { uri: '/book/intro-call', querystring }, response: { headers } });
      return Object.fromEntries(Object.entries(response.headers).map(([name, { value }]) => [name, value]));
    };
    const embed = pageSecurityHeaders('<script>1</script>', { embed: true });
    // Run on the /book/* and /booking/* behaviours: the query string decides, as isEmbedFrameRequest's does.
    for (const search of ['?embed=1', '?embed=1&theme=dark', '?token=x&embed=1']) {
      expect(run(search)).toEqual({ ...embed, 'content-type': 'text/html; charset=utf-8' });
      expect(isEmbedFrameRequest('/book/intro-call', search)).toBe(true);
    }
    for (const search of ['', '?embed=0', '?embed=yes']) {
      expect(run(search)).toEqual({ ...policy, 'content-type': 'text/html; charset=utf-8' });
      expect(isEmbedFrameRequest('/book/intro-call', search)).toBe(false);
    }
    // Only pages: anything else keeps its headers whatever the query says.
    expect(run('?embed=1', 'application/json')).toEqual({ ...policy, 'content-type': 'application/json' });
  });

  it('an embed page keeps the CSP of every page but for frame-ancestors', () => {
    const page = pageSecurityHeaders('<script>1</script>');
    const embed = pageSecurityHeaders('<script>1</script>', { embed: true });
    expect(page['x-frame-options']).toBe('DENY');
    expect(page['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(embed['x-frame-options']).toBeUndefined();
    expect(embed['content-security-policy']).toBe(
      page['content-security-policy']!.replace("frame-ancestors 'none'", 'frame-ancestors *'),
    );
  });
});

describe('the local server: the embed files and the framing rule', () => {
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'meetwise-embed-site-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><script>1</script>');
    writeFileSync(join(dir, 'book.html'), '<!doctype html><title>booking</title><script>1</script>');
    writeFileSync(join(dir, 'embed.js'), 'console.log("loader");\n');
    mkdirSync(join(dir, 'embed'));
    writeFileSync(join(dir, 'embed/embed.0123456789ab.js'), 'console.log("script");\n');
    server = createServer(staticSite(dir));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the loader cached for five minutes and the script for a year, as JavaScript', async () => {
    const loader = await fetch(`${base}/embed.js`);
    expect(loader.status).toBe(200);
    expect(loader.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(loader.headers.get('cache-control')).toBe('public, max-age=300');
    const script = await fetch(`${base}/embed/embed.0123456789ab.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // An old build's script is a real 404, never the single-page app.
    expect((await fetch(`${base}/embed/embed.ffffffffffff.js`)).status).toBe(404);
  });

  it('lets any site frame /book/{slug}?embed=1 and /booking/{id}?embed=1, and no other page', async () => {
    const headersOf = async (path: string) => {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      return response.headers;
    };
    for (const path of [
      '/book/intro-call?embed=1',
      '/book/intro-call?embed=1&theme=dark',
      '/booking/0f8a?token=x&embed=1',
    ]) {
      const headers = await headersOf(path);
      expect(headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(headers.get('x-frame-options'), path).toBeNull();
      expect(headers.get('content-security-policy'), path).toContain('frame-ancestors *');
    }
    for (const path of [
      '/book/intro-call',
      '/book/intro-call?embed=0',
      '/booking/0f8a?token=x',
      '/events?embed=1',
      '/login?embed=1',
      '/billing?embed=1',
      '/?embed=1',
      '/embed.js?embed=1',
    ]) {
      const headers = await headersOf(path);
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });
});
