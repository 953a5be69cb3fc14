import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { renderApiDoc } from '#shared/api/api-doc';
import { buildOpenApiDocument, renderOpenApiJson } from '#shared/api/openapi';
import { routeTable, type RouteDefinition } from '#shared/api/routes';

/**
 * docs/api.md and docs/openapi.json are the route table written out (`npm run docs:api` writes both): a route, a
 * field or an auth level changed without them fails here.
 */

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

  it('keeps the dialect of the table: a row an API key may call says so', () => {
    const route = {
      name: 'keyed',
      method: 'GET',
      path: '/api/keyed',
      auth: 'signed-in',
      apiKey: true,
      summary: 'Keys too.',
      response: z.object({ ok: z.boolean() }),
      needs: {},
    } as const satisfies RouteDefinition;
    expect(renderApiDoc([route])).toContain('| [`GET /api/keyed`](#keyed) | a signed-in user or an API key | keyed |');
  });
});

describe('docs/openapi.json', () => {
  it('is what npm run docs:api writes from the route table today', () => {
    const written = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
    expect(written === renderOpenApiJson(routeTable), 'docs/openapi.json is stale: run npm run docs:api').toBe(true);
  });

  it('lists the routes docs/api.md lists, each with the same callers, and api.md links to it', () => {
    const page = renderApiDoc(routeTable);
    expect(page).toContain('[`openapi.json`](openapi.json)');
    expect(page).toContain('`GET /api/openapi.json`');
    const listed = [...page.matchAll(/^\| \[`(\w+) (\S+)`\]\(#\w+\) \| ([^|]+) \| (\w+) \|$/gm)].map(
      ([, method, path, who, name]) => ({
        method,
        path,
        name,
        byKey: who!.includes('API key'),
        anyone: who === 'anyone',
      }),
    );
    const document = buildOpenApiDocument(routeTable);
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation: operation!,
      })),
    );
    const order = (rows: { method: string; path: string }[]) => rows.map((row) => `${row.method} ${row.path}`);
    expect(listed).toHaveLength(routeTable.length);
    // The document groups a path's methods together; each path's methods keep the table's order.
    expect(order(operations).sort()).toEqual(order(listed as { method: string; path: string }[]).sort());
    for (const row of listed) {
      const operation = operations.find((one) => one.method === row.method && one.path === row.path)!.operation;
      expect(operation.operationId).toBe(row.name);
      expect(
        operation.security.some((requirement) => 'bearerKey' in requirement),
        row.name,
      ).toBe(row.byKey);
      expect(operation.security.length === 0, row.name).toBe(row.anyone);
    }
  });
});
