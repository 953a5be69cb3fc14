import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildOpenApiDocument } from '#shared/api/openapi';
import { routeTable } from '#shared/api/routes';
import { SESSION_COOKIE_NAME } from '#shared/constants';
import { integrationConfig, startAppServer } from '#test/support/local-stack';

/** GET /api/openapi.json on the local stand-in for CloudFront + API Gateway: the real handler and composition. */

integrationConfig();
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(() => app.close());

describe('GET /api/openapi.json', () => {
  it('answers the document of the route table as JSON, to anyone', async () => {
    const response = await fetch(`${app.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(await response.json()).toEqual(buildOpenApiDocument(routeTable));
  });

  it('answers the same with a session cookie that is not valid (a public route signs no one in or out)', async () => {
    const response = await fetch(`${app.baseUrl}/api/openapi.json`, {
      headers: { cookie: `${SESSION_COOKIE_NAME}=not-a-session` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./);
  });

  it('is a document to read, not a write: other methods are 405', async () => {
    const response = await fetch(`${app.baseUrl}/api/openapi.json`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
