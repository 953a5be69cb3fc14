import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
