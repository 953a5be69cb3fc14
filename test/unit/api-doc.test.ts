import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { renderApiDoc } from '#shared/api/api-doc';
import { routeTable, type RouteDefinition } from '#shared/api/routes';

/** docs/api.md is the route table written out: a route, a field or an auth level changed without it fails here. */

describe('docs/api.md', () => {
  it('is what npm run docs:api writes from the route table today', () => {
    const written = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    expect(written, 'docs/api.md is stale: run npm run docs:api').toBe(renderApiDoc(routeTable));
  });

  it('lists every route with who may call it, and every body field with whether it is required', () => {
    const route = {
      name: 'example',
      method: 'POST',
      path: '/api/example/{id}',
      auth: 'signed-in',
      summary: 'Does the example.',
      params: z.object({ id: z.string() }),
      body: z.object({
        title: z.string().check(z.maxLength(200)),
        theme: z.optional(z.enum(['light', 'dark'])),
        tags: z.array(z.object({ name: z.string() })),
      }),
      response: z.object({ ok: z.boolean() }),
      needs: {},
    } as const satisfies RouteDefinition;
    const doc = renderApiDoc([route]);
    expect(doc).toContain('| [`POST /api/example/{id}`](#example) | a signed-in user | example |');
    expect(doc).toContain('| `title` | string (≤ 200 chars) | yes |');
    expect(doc).toContain('| `theme` | "light" \\| "dark" | no |');
    expect(doc).toContain('| `tags[].name` | string | yes |');
    expect(doc).toContain('| `ok` | boolean | yes |');
    expect(doc).toContain('Does the example.');
  });
});
