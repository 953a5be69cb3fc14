import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { inlineScriptHashes, pageSecurityHeaders } from '#infra/security-headers';
import { integrationConfig, startAppServer } from '../support/local-stack.ts';

/** What the local stand-in for CloudFront + API Gateway answers outside the route table. */

integrationConfig();
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
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

  it('serves the public settings through the route table', async () => {
    const response = await fetch(`${app.baseUrl}/api/settings`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toHaveProperty('meetingDuration');
  });

  it('answers malformed percent-encoding in a path or query with a JSON 400, and keeps serving', async () => {
    for (const path of ['/api/events/public/%E0%A4%A', '/api/events/%ZZ', '/api/time-slots?date=%ZZ&eventId=1001', '/book/%E0%A4%A', '/photos/%ZZ.png']) {
      const response = await fetch(`${app.baseUrl}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({ message: 'The address is not valid: malformed percent-encoding.', code: 'VALIDATION_FAILED' });
    }
    expect((await fetch(`${app.baseUrl}/api/settings`)).status).toBe(200);
  });

  it('answers an upload over 10 MB with 413 and the spec\'s words for that upload, not a connection reset', async () => {
    const body = new FormData();
    body.append('photo', new Blob([new Uint8Array(11 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    const response = await fetch(`${app.baseUrl}/api/profile/upload-photo`, { method: 'POST', body });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The photo must be 2 MB or smaller.', code: 'PAYLOAD_TOO_LARGE' });
    expect((await fetch(`${app.baseUrl}/api/settings`)).status).toBe(200);
  });

  it('serves pages with the same CSP CloudFront sends, allowing only the inline scripts of the built index.html', async () => {
    const html = readFileSync('frontend/dist/index.html', 'utf8');
    for (const path of ['/', '/book/intro-call', '/events']) {
      const response = await fetch(`${app.baseUrl}${path}`);
      expect(response.headers.get('content-security-policy'), path).toBe(pageSecurityHeaders(html)['content-security-policy']);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(inlineScriptHashes(html).length).toBeGreaterThan(0);
  });
});
