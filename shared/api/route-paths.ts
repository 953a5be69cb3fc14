import * as addresses from '#shared/api/route-addresses';

/**
 * The route table's addresses: method and path of every route, by name, with no schemas. The full rows
 * (shared/api/routes.ts) are built on these; the front-end API client uses only this file at run time, so a page
 * does not carry every route's zod schemas to make a call.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteAddress {
  method: HttpMethod;
  /** API Gateway syntax: /api/events/{slug} */
  path: `/api/${string}`;
}

/**
 * Every address by route name (shared/api/route-addresses.ts, one constant each): the front-end API client's table.
 */
export const routePaths = addresses satisfies Record<string, RouteAddress>;

export type RouteName = keyof typeof routePaths;

/** `/api/events/{slug}` + `{ slug: 'a b' }` → `/api/events/a%20b`. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Whether a raw path or query string has percent-encoding that does not decode (`%ZZ`, `%E0%A4%A`: not hex, or
 * not UTF-8). Such an address is refused with 400 before any route is matched.
 */
export function hasMalformedPercentEncoding(raw: string): boolean {
  for (const part of raw.split(/[/?&=]/)) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Matches a concrete path against a row's template; returns the decoded parameters or null (also for a parameter
 * that does not decode, which callers refuse first: see hasMalformedPercentEncoding).
 */
export function matchPath(template: string, actual: string): Record<string, string> | null {
  const { names, pattern } = compiledTemplate(template);
  const found = pattern.exec(actual);
  if (!found) return null;
  const params: Record<string, string> = {};
  try {
    names.forEach((name, index) => {
      params[name] = decodeURIComponent(found[index + 1] ?? '');
    });
  } catch {
    return null;
  }
  return params;
}

/** Each template's pattern, compiled once (the local server tries the whole route table on every request). */
const compiledTemplates = new Map<string, { names: string[]; pattern: RegExp }>();

function compiledTemplate(template: string): { names: string[]; pattern: RegExp } {
  let compiled = compiledTemplates.get(template);
  if (!compiled) {
    const names: string[] = [];
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a, b) => {
      names.push(a ?? b);
      return '([^/]+)';
    });
    compiled = { names, pattern: new RegExp(`^${source}$`) };
    compiledTemplates.set(template, compiled);
  }
  return compiled;
}
