import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

import { buildPath, matchPath, routePaths } from '#shared/api/route-paths';
import { routeTable } from '#shared/api/routes';

describe('route table', () => {
  it('has one row per method and path, and unique handler names', () => {
    const keys = routeTable.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const names = routeTable.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(routeTable.map((route) => [route.name, route] as const))(
    '%s has a handler file and API Gateway syntax',
    (name, route) => {
      expect(existsSync(`functions/src/handlers/${name}.ts`)).toBe(true);
      // A last segment may be a file name (`/api/openapi.json`, the document a tool downloads by that name).
      expect(route.path).toMatch(/^\/api(\/([a-z0-9-]+|\{[A-Za-z]+\}))*\/([a-z0-9-]+(\.[a-z]+)?|\{[A-Za-z]+\})$/);
      if (['POST', 'PUT', 'PATCH'].includes(route.method) && route.body === undefined) {
        // writes without a body are allowed (e.g. logout), but must say so by omitting the schema on purpose
        expect(route.needs).toBeDefined();
      }
    },
  );

  it('lets every row read the table: each request with a session cookie is checked against its session item', () => {
    for (const route of routeTable) expect(['read', 'readwrite'], route.name).toContain(route.needs.table);
  });

  it('builds every row on its address in the schema-free half, and has a row for every address', () => {
    expect(routeTable.map((route) => route.name).sort()).toEqual(Object.keys(routePaths).sort());
    for (const [name, address] of Object.entries(routePaths)) {
      expect(routeTable.find((route) => route.name === name)).toMatchObject({ name, ...address });
    }
  });

  it.each(['createBooking', 'getSettings', 'verifyPayment'])(
    "bundles into %s's function its own row and address, and no other row, schema or address",
    async (name) => {
      // Each row and each address is a constant of its own, built by a pure call, and a handler names its own row:
      // a bundler drops the rest of the table (a spread or an unmarked call in a row would keep every row).
      const { outputFiles } = await build({
        entryPoints: [`functions/src/handlers/${name}.ts`],
        bundle: true,
        write: false,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        logLevel: 'silent',
      });
      const code = outputFiles[0]!.text;
      const own = routeTable.find((route) => route.name === name)!;
      expect(code).toContain(`"${own.path}"`);
      const others = routeTable.filter((route) => route.path !== own.path);
      expect(others.filter((route) => code.includes(`"${route.path}"`)).map((route) => route.name)).toEqual([]);
      expect(others.filter((route) => code.includes(`"${route.name}"`)).map((route) => route.name)).toEqual([]);
    },
  );

  it('builds and matches paths with parameters', () => {
    expect(buildPath('/api/events/{slug}/date-overrides', { slug: 'intro call' })).toBe(
      '/api/events/intro%20call/date-overrides',
    );
    expect(() => buildPath('/api/events/{slug}')).toThrow('Missing path parameter "slug"');
    expect(matchPath('/api/events/{slug}', '/api/events/intro%20call')).toEqual({ slug: 'intro call' });
    expect(matchPath('/api/events/{slug}', '/api/events/a/b')).toBeNull();
    expect(matchPath('/api/settings', '/api/settings')).toEqual({});
    expect(matchPath('/api/settings', '/api/settingsx')).toBeNull();
  });
});
