import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import type { RouteDefinition } from '#shared/api/routes';
import { httpRoute } from '#functions/http/route-handler';
import type { Deps } from '#functions/ports/deps';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';

/**
 * Answers never say "failed" when the work happened (issue 13, item 3): the wrapper has no deadline of its own
 * shorter than the function's, so slow work that commits is answered as done.
 */

const route = {
  name: 'slowWrite',
  method: 'POST',
  path: '/api/slow',
  auth: 'public',
  summary: 'test route',
  body: z.strictObject({}),
  response: z.object({ written: z.boolean() }),
  successStatus: 201,
  needs: {},
} as const satisfies RouteDefinition;

describe('route deadline', () => {
  it('answers the committed result even when the work outlasts what the context says is left', async () => {
    let committed = false;
    const deps = {
      logger: console,
      config: { siteUrl: 'http://localhost:3000', originSecret: undefined },
      sessions: { authenticate: async () => null },
    } as unknown as Deps;
    const handler = httpRoute(
      route,
      async () => {
        await new Promise((done) => setTimeout(done, 150));
        committed = true;
        return { written: true };
      },
      async () => deps,
    );
    // A context with 50 ms left: middy's early timeout would have answered 500 at 45 ms, before the commit.
    const context = { ...testContext, getRemainingTimeInMillis: () => 50 };
    const result = (await handler(
      apiEvent({ method: 'POST', path: '/api/slow', headers: jsonHeaders, body: '{}' }),
      context,
    )) as {
      statusCode: number;
      body: string;
    };
    expect(committed).toBe(true);
    expect(result.statusCode).toBe(201);
    expect(JSON.parse(result.body)).toEqual({ written: true });
  });
});
