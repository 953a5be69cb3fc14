import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';

import { toApiGatewayEvent } from '#infra/local/api-gateway-event';
import { staticSite } from '#infra/local/static-site';

/** The local stand-ins for API Gateway's event mapping and the CloudFront + S3 site, over real loopback HTTP. */

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

async function serve(listener: RequestListener): Promise<string> {
  server = createServer(listener);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function eventEcho(): RequestListener {
  return (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const event = toApiGatewayEvent(
        request,
        Buffer.concat(chunks),
        { method: 'POST', path: '/api/events/{slug}' },
        { slug: 'intro' },
      );
      response.end(JSON.stringify(event));
    });
  };
}

describe('API Gateway v2 event mapping', () => {
  it('maps headers, cookies, query, path parameters and a JSON body as text', async () => {
    const base = await serve(eventEcho());
    const response = await fetch(`${base}/api/events/intro?a=1&b=x%20y&a=2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'session=abc; theme=dark', 'X-Custom': 'Yes' },
      body: '{"x":1}',
    });
    const event = await response.json();
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/events/{slug}',
      rawPath: '/api/events/intro',
      rawQueryString: 'a=1&b=x%20y&a=2',
      cookies: ['session=abc', 'theme=dark'],
      queryStringParameters: { a: '1,2', b: 'x y' },
      pathParameters: { slug: 'intro' },
      body: '{"x":1}',
      isBase64Encoded: false,
      requestContext: { http: { method: 'POST', path: '/api/events/intro' }, stage: '$default' },
    });
    expect(event.headers['x-custom']).toBe('Yes');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('base64-encodes binary bodies such as multipart uploads', async () => {
    const base = await serve(eventEcho());
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const event = await (
      await fetch(`${base}/api/x`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: bytes })
    ).json();
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body, 'base64')).toEqual(bytes);
  });
});

describe('static site', () => {
  function site() {
    const dir = mkdtempSync(join(tmpdir(), 'meetwise-site-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Meetwise</title>');
    writeFileSync(join(dir, 'assets', 'app-1a2b3c.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
    return staticSite(dir);
  }

  it('serves hashed assets with a one-year immutable cache, gzip-compressed when accepted', async () => {
    const base = await serve(site());
    const response = await fetch(`${base}/assets/app-1a2b3c.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toContain('console.log');
  });

  it('compresses only for clients that accept gzip', async () => {
    const base = await serve(site());
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
      import('node:http').then(({ get }) =>
        get(`${base}/assets/app-1a2b3c.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }),
      );
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toContain('console.log');
  });

  it('serves index.html without long caching, and falls back to it for client routes', async () => {
    const base = await serve(site());
    for (const path of ['/', '/contact-us', '/book/intro-call']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Meetwise</title>');
    }
  });

  it('serves a rebuilt index.html at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meetwise-site-'));
    writeFileSync(join(dir, 'index.html'), '<title>first build</title>');
    const base = await serve(staticSite(dir));
    expect(await (await fetch(`${base}/`)).text()).toContain('first build');
    writeFileSync(join(dir, 'index.html'), '<title>second build</title>');
    utimesSync(join(dir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect(await (await fetch(`${base}/`)).text()).toContain('second build');
  });

  it('answers 404 for a missing hashed asset instead of the page', async () => {
    const base = await serve(site());
    expect((await fetch(`${base}/assets/old-chunk.js`)).status).toBe(404);
  });

  it('never serves files outside the site folder', async () => {
    const base = await serve(site());
    const response = await fetch(`${base}/%2e%2e/%2e%2e/etc/passwd`);
    expect(await response.text()).toContain('<title>Meetwise</title>');
  });
});
