import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

import type { RouteDefinition } from '#shared/api/routes';
import { httpRoute } from '#functions/http/route-handler';
import type { Principal } from '#functions/ports/core';
import type { Deps } from '#functions/ports/deps';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';

/** The shared wrapper, with fake dependencies: auth levels, body rules, validation, answer shaping, error mapping. */

const route = {
  name: 'example',
  method: 'POST',
  path: '/api/example',
  auth: 'public',
  summary: 'test route',
  body: z.strictObject({ title: z.string().check(z.minLength(3, 'Title must be at least 3 characters.')) }),
  response: z.object({ title: z.string() }),
  successStatus: 201,
  needs: {},
} as const satisfies RouteDefinition;

function depsFor(principal: Principal | null, originSecret?: string) {
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const deps = {
    logger,
    config: { siteUrl: 'http://localhost:3000', originSecret },
    sessions: { authenticate: async () => principal },
  } as unknown as Deps;
  return { deps, logger, provider: async () => deps };
}

async function call(
  routeDef: RouteDefinition,
  run: (deps: Deps, input: { body: unknown }) => Promise<unknown>,
  event: Parameters<typeof apiEvent>[0],
  principal: Principal | null = null,
  originSecret?: string,
) {
  const { provider, logger } = depsFor(principal, originSecret);
  const handler = httpRoute(routeDef, run as never, provider);
  const result = (await handler(apiEvent(event), testContext)) as {
    statusCode: number;
    body: string;
    headers: Record<string, string>;
  };
  return { status: result.statusCode, body: JSON.parse(result.body), headers: result.headers, logger };
}

const post = (body: string | Buffer, headers: Record<string, string> = jsonHeaders) => ({
  method: 'POST',
  path: '/api/example',
  body,
  headers,
});

describe('httpRoute', () => {
  it('refuses a browser loading the API as an image, style, script, font or object, before the use case runs', async () => {
    const run = vi.fn(async (_deps: Deps, { body }: { body: unknown }) => body);
    for (const destination of ['image', 'style', 'script', 'font', 'object', 'embed', 'iframe', 'audio', 'worker']) {
      const result = await call(
        route,
        run,
        post('{"title":"Intro"}', { ...jsonHeaders, 'sec-fetch-dest': destination }),
      );
      expect(result, destination).toMatchObject({
        status: 403,
        body: { message: 'This address cannot be loaded as a resource.', code: 'FORBIDDEN' },
      });
    }
    expect(run).not.toHaveBeenCalled();
    for (const destination of [undefined, 'empty', 'document']) {
      const headers = destination ? { ...jsonHeaders, 'Sec-Fetch-Dest': destination } : jsonHeaders;
      expect((await call(route, run, post('{"title":"Intro"}', headers))).status, String(destination)).toBe(201);
    }
  });

  it('refuses, where an origin secret is configured (the cloud), every request that did not come through CloudFront', async () => {
    const secret = 'o'.repeat(48);
    const run = vi.fn(async (_deps: Deps, { body }: { body: unknown }) => body);
    for (const headers of [
      jsonHeaders,
      { ...jsonHeaders, 'x-origin-verify': 'wrong' },
      { ...jsonHeaders, 'x-origin-verify': `${secret}x` },
    ]) {
      const result = await call(route, run, post('{"title":"Intro"}', headers), null, secret);
      expect(result).toMatchObject({
        status: 403,
        body: { message: 'Please use the site address: the API is not reachable directly.' },
      });
    }
    expect(run).not.toHaveBeenCalled();
    const through = await call(
      route,
      run,
      post('{"title":"Intro"}', { ...jsonHeaders, 'X-Origin-Verify': secret }),
      null,
      secret,
    );
    expect(through.status).toBe(201);
  });

  it('answers the use case result with the row status, shaped by the response schema', async () => {
    const result = await call(
      route,
      async (_deps, { body }) => ({ ...(body as object), secret: 'internal' }),
      post('{"title":"Intro"}'),
    );
    expect(result.status).toBe(201);
    expect(result.body).toEqual({ title: 'Intro' });
    expect(result.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('accepts a base64-encoded JSON body', async () => {
    const result = await call(route, async (_d, { body }) => body, post(Buffer.from('{"title":"Intro"}')));
    expect(result).toMatchObject({ status: 201, body: { title: 'Intro' } });
  });

  it('accepts JSON with a charset and vendor JSON types', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/merge-patch+json']) {
      const result = await call(
        route,
        async (_d, { body }) => body,
        post('{"title":"Intro"}', { 'Content-Type': type }),
      );
      expect(result.status).toBe(201);
    }
  });

  it('refuses a body over 16 KB with 413 before parsing it', async () => {
    const run = vi.fn();
    const result = await call(route, run, post(`{"title":"${'x'.repeat(16 * 1024)}"}`));
    expect(result).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(run).not.toHaveBeenCalled();
  });

  it('refuses a non-JSON content type on a write with 415', async () => {
    const cases: Record<string, string>[] = [
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      {},
    ];
    for (const headers of cases) {
      const result = await call(route, vi.fn(), post('{"title":"Intro"}', headers));
      expect(result).toMatchObject({ status: 415, body: { message: 'Content-Type must be application/json.' } });
    }
  });

  it('refuses malformed JSON with 400', async () => {
    const result = await call(route, vi.fn(), post('{"title":'));
    expect(result).toEqual(
      expect.objectContaining({ status: 400, body: { message: 'Malformed JSON body.', code: 'VALIDATION_FAILED' } }),
    );
  });

  it('reports every validation problem with the first as the message', async () => {
    const result = await call(route, vi.fn(), post('{"title":"ab","extra":1,"more":2}'));
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      message: 'Title must be at least 3 characters.',
      code: 'VALIDATION_FAILED',
      details: [
        { path: 'title', message: 'Title must be at least 3 characters.' },
        { path: '', message: 'Unknown fields: "extra", "more".' },
      ],
    });
  });

  it('validates the query and path parameters with the row schemas', async () => {
    const withQuery = {
      ...route,
      method: 'GET',
      body: undefined,
      query: z.strictObject({ month: z.coerce.number().check(z.int(), z.gte(1), z.lte(12, 'Month must be 1 to 12.')) }),
      params: z.object({ slug: z.string().check(z.regex(/^[a-z-]+$/, 'Invalid slug.')) }),
      successStatus: 200,
      response: z.object({ ok: z.boolean() }),
    } as const satisfies RouteDefinition;
    const good = await call(withQuery, async () => ({ ok: true }), {
      method: 'GET',
      path: '/api/x',
      query: { month: '12' },
      pathParameters: { slug: 'intro' },
    });
    expect(good.status).toBe(200);
    const badQuery = await call(withQuery, async () => ({ ok: true }), {
      method: 'GET',
      path: '/api/x',
      query: { month: '13' },
      pathParameters: { slug: 'intro' },
    });
    expect(badQuery.body).toMatchObject({ message: 'Month must be 1 to 12.', details: [{ path: 'query.month' }] });
    const badParam = await call(withQuery, async () => ({ ok: true }), {
      method: 'GET',
      path: '/api/x',
      query: { month: '1' },
      pathParameters: { slug: 'A B' },
    });
    expect(badParam.body).toMatchObject({ message: 'Invalid slug.', details: [{ path: 'params.slug' }] });
  });

  it('answers 401 on a signed-in or admin route without a session, before reading the body', async () => {
    const run = vi.fn();
    for (const auth of ['signed-in', 'admin'] as const) {
      const result = await call({ ...route, auth }, run, post('not json at all'));
      expect(result).toMatchObject({
        status: 401,
        body: { message: 'Authentication required.', code: 'UNAUTHORIZED' },
      });
    }
    expect(run).not.toHaveBeenCalled();
  });

  it('answers 403 on an admin route to a signed-in non-admin, and runs for an admin', async () => {
    const adminRoute = { ...route, auth: 'admin' } as const;
    const host = await call(adminRoute, vi.fn(), post('{"title":"Intro"}'), {
      userId: 'u1',
      isAdmin: false,
      sessionId: 'test-session',
    });
    expect(host).toMatchObject({ status: 403, body: { message: 'Administrator access required.', code: 'FORBIDDEN' } });
    const admin = await call(adminRoute, async (_d, { body }) => body, post('{"title":"Intro"}'), {
      userId: 'u2',
      isAdmin: true,
      sessionId: 'test-session',
    });
    expect(admin.status).toBe(201);
  });

  it('turns an unknown error into a generic 500 with a request id, and logs the details', async () => {
    const result = await call(
      route,
      async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.1:5432 password=hunter2');
      },
      post('{"title":"Intro"}'),
    );
    expect(result.status).toBe(500);
    expect(result.body).toEqual({ message: 'Internal server error', code: 'INTERNAL', requestId: 'req-test' });
    expect(JSON.stringify(result.body)).not.toContain('hunter2');
    expect(result.logger.error).toHaveBeenCalledWith(
      'Unhandled error',
      expect.objectContaining({
        requestId: 'req-test',
        error: expect.objectContaining({ message: expect.stringContaining('ECONNREFUSED') }),
      }),
    );
  });

  it('treats an answer that breaks the response schema as a server error, not as data', async () => {
    const result = await call(route, async () => ({ title: 42 }), post('{"title":"Intro"}'));
    expect(result).toMatchObject({ status: 500, body: { code: 'INTERNAL' } });
  });
});
