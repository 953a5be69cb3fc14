import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inlineScriptHashes, pageSecurityHeaders } from '#infra/security-headers';
import { integrationConfig, startAppServer } from '#test/support/local-stack';

/** What the local stand-in for CloudFront + API Gateway answers outside the route table. */

/**
 * Streams `megabytes` MB to `path`, writing on (with backpressure) after the answer has begun to come, as a slow
 * uploader would, until the answer has been read: its status and body, or the error (a reset, a broken pipe) that
 * came first. `agent: false` is a fresh connection whose request says `Connection: close` (Node's client stops
 * sending once such an answer is complete); a keep-alive Agent's says `keep-alive` (its client sends the whole body).
 */
interface LargeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  agent: Agent | false;
}

function streamLargeBody(baseUrl: string, { method, path, headers, agent }: LargeRequest, megabytes: number) {
  return new Promise<{ status?: number; body: string; error?: string }>((resolve) => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const result: { status?: number; body: string; error?: string } = { body: '' };
    const request = httpRequest(new URL(path, baseUrl), { method, headers, agent }, (response) => {
      result.status = response.statusCode;
      response.setEncoding('utf8');
      response.on('data', (text: string) => (result.body += text));
      response.on('end', () => resolve(result));
      response.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ ...result, error: error.code ?? error.message }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ ...result, error: error.code ?? error.message }));
    let written = 0;
    const writeMore = () => {
      while (written < megabytes && !request.destroyed) {
        written += 1;
        if (!request.write(chunk)) {
          request.once('drain', writeMore);
          return;
        }
      }
      if (!request.destroyed) request.end();
    };
    writeMore();
  });
}

integrationConfig();
let app: Awaited<ReturnType<typeof startAppServer>>;
/** Routes that wrote the table, as the server told the local runners (infra/local/lifecycle.ts nudge). */
const writes: string[] = [];
beforeAll(async () => {
  app = await startAppServer({ afterWrite: () => writes.push('write') });
});
afterAll(() => app.close());

describe('local server', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await fetch(`${app.baseUrl}/api/does-not-exist`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'No API route for GET /api/does-not-exist.', code: 'NOT_FOUND' });
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    const response = await fetch(`${app.baseUrl}/api/contact/submit`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('tells the local runners when a route that writes the table has answered, not after one that only reads', async () => {
    writes.length = 0;
    expect((await fetch(`${app.baseUrl}/api/settings`)).status).toBe(200);
    expect(writes).toEqual([]);
    const sent = await fetch(`${app.baseUrl}/api/contact/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question.' }),
    });
    expect(sent.status).toBe(200);
    expect(writes).toEqual(['write']);
  });

  it('serves the public settings through the route table', async () => {
    const response = await fetch(`${app.baseUrl}/api/settings`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toHaveProperty('meetingDuration');
  });

  it('answers malformed percent-encoding in a path or query with a JSON 400, and keeps serving', async () => {
    for (const path of [
      '/api/events/public/%E0%A4%A',
      '/api/events/%ZZ',
      '/api/time-slots?date=%ZZ&eventId=1001',
      '/book/%E0%A4%A',
      '/photos/%ZZ.png',
    ]) {
      const response = await fetch(`${app.baseUrl}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({
        message: 'The address is not valid: malformed percent-encoding.',
        code: 'VALIDATION_FAILED',
      });
    }
    expect((await fetch(`${app.baseUrl}/api/settings`)).status).toBe(200);
  });

  it("answers an upload over 10 MB with 413 and the spec's words for that upload, not a connection reset", async () => {
    const body = new FormData();
    body.append('photo', new Blob([new Uint8Array(11 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    const response = await fetch(`${app.baseUrl}/api/profile/upload-photo`, { method: 'POST', body });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The photo must be 2 MB or smaller.', code: 'PAYLOAD_TOO_LARGE' });
    expect((await fetch(`${app.baseUrl}/api/settings`)).status).toBe(200);
  });

  it('lets a client still streaming a 60 MB body read the 413 answer, on an upload and on a JSON route', async () => {
    const keepAlive = new Agent({ keepAlive: true });
    const generic = { message: 'Request body is too large (limit 10 MB).', code: 'PAYLOAD_TOO_LARGE' };
    const cases: (LargeRequest & { answer: unknown })[] = [
      {
        method: 'POST',
        path: '/api/profile/upload-photo',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(60 * 1024 * 1024) },
        agent: false,
        answer: { message: 'The photo must be 2 MB or smaller.', code: 'PAYLOAD_TOO_LARGE' },
      },
      {
        method: 'POST',
        path: '/api/profile/upload-photo',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        agent: keepAlive,
        answer: { message: 'The photo must be 2 MB or smaller.', code: 'PAYLOAD_TOO_LARGE' },
      },
      {
        method: 'PATCH',
        path: '/api/events/anything',
        headers: { 'content-type': 'application/json' },
        agent: false,
        answer: generic,
      },
      {
        method: 'POST',
        path: '/api/events/anything/date-overrides',
        headers: { 'content-type': 'application/json' },
        agent: keepAlive,
        answer: generic,
      },
    ];
    try {
      for (const { answer, ...request } of cases) {
        const label = `${request.method} ${request.path} (${request.agent ? 'keep-alive' : 'close'})`;
        const result = await streamLargeBody(app.baseUrl, request, 60);
        expect(result.error, label).toBeUndefined();
        expect(result.status, label).toBe(413);
        expect(JSON.parse(result.body), label).toEqual(answer);
      }
    } finally {
      keepAlive.destroy();
    }
    expect((await fetch(`${app.baseUrl}/api/settings`)).status).toBe(200);
  });

  it('serves pages with the same CSP CloudFront sends, allowing only the inline scripts of the built index.html', async () => {
    const html = readFileSync('frontend/dist/index.html', 'utf8');
    for (const path of ['/', '/book/intro-call', '/events']) {
      const response = await fetch(`${app.baseUrl}${path}`);
      expect(response.headers.get('content-security-policy'), path).toBe(
        pageSecurityHeaders(html)['content-security-policy'],
      );
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(inlineScriptHashes(html).length).toBeGreaterThan(0);
  });
});
