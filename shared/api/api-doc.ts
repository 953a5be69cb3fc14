import * as z from 'zod/mini';

import type { RouteDefinition } from '#shared/api/routes';

/**
 * docs/api.md, written from the route table: every route with its auth level, what it does, and the fields of its
 * path parameters, query, body and answer as their zod schemas say (through zod's JSON Schema output). Pure: the
 * same table always gives the same text. `npm run docs:api` writes the file, and docs/openapi.json beside it from
 * the same table (shared/api/openapi.ts); test/unit/api-doc.test.ts fails when a file and the table disagree.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
};

const AUTH_TEXT = { public: 'anyone', 'signed-in': 'a signed-in user', admin: 'an administrator' } as const;
/** Who may call a route, as both documents say it: an API key too where the row allows one. */
export const whoMayCall = (route: RouteDefinition): string =>
  route.auth === 'signed-in' && route.apiKey ? `${AUTH_TEXT[route.auth]} or an API key` : AUTH_TEXT[route.auth];

/** A compact type text: `string (≤ 200)`, `"light" | "dark"`, `array of string (≤ 10)`, `object`, `any`. */
function typeText(schema: JsonSchema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' \\| ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map(typeText))].join(' \\| ');
  const types = [schema.type ?? 'any'].flat();
  const base = types
    .map((type) => (type === 'array' ? `array of ${typeText(schema.items)}` : type === 'integer' ? 'integer' : type))
    .join(' \\| ');
  const limits = [
    schema.format,
    schema.minLength !== undefined && schema.minLength > 0 ? `≥ ${schema.minLength} chars` : undefined,
    schema.maxLength !== undefined ? `≤ ${schema.maxLength} chars` : undefined,
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : undefined,
    schema.maximum !== undefined ? `≤ ${schema.maximum}` : undefined,
    schema.maxItems !== undefined ? `≤ ${schema.maxItems} items` : undefined,
  ].filter(Boolean);
  return limits.length ? `${base} (${limits.join(', ')})` : base;
}

/** One row per field, nested objects as `parent.child` (array items as `parent[].child`). */
function fieldRows(schema: JsonSchema, prefix = ''): string[] {
  const objectSchema = schema.anyOf?.find((option) => option.properties) ?? schema;
  if (!objectSchema.properties) return prefix ? [] : [`| (the whole value) | ${typeText(schema)} | yes |`];
  const required = new Set(objectSchema.required ?? []);
  return Object.entries(objectSchema.properties).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const row = `| \`${path}\` | ${typeText(field)} | ${required.has(name) ? 'yes' : 'no'} |`;
    const nested = field.anyOf?.find((option) => option.properties) ?? field;
    if (nested.properties) return [row, ...fieldRows(nested, `${path}.`)];
    if (nested.items?.properties) return [row, ...fieldRows(nested.items, `${path}[].`)];
    return [row];
  });
}

function section(title: string, schema: z.core.$ZodType, io: 'input' | 'output'): string[] {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return [`${title}:`, '', '| field | type | required |', '|---|---|---|', ...fieldRows(json), ''];
}

/** The whole document for the given routes (the route table), in its order. */
export function renderApiDoc(routes: readonly RouteDefinition[]): string {
  const lines = [
    '# HTTP API',
    '',
    'Written by `npm run docs:api` from the route table (`shared/api/routes.ts`); `npm test` fails when this file',
    'and the table disagree. Every route answers JSON unless it says otherwise. A refused request answers',
    '`{ message, code }` (with `details` per field for a 400), the status telling why: 400 bad input, 401 not',
    'signed in, 403 not allowed, 404 not found, 409 conflict, 413 too large, 422 not processable, 429 too many',
    "(with `Retry-After`), 503 unavailable. Writes need the site's own `Origin`; the API is reached through the site",
    '(`/api/…`). Fields marked "no" may be left out; a call whose body is all optional works with no body at all.',
    '',
    'A signed-in user is one with the session cookie that signing in sets. Routes "a signed-in user or an API key"',
    'also take an API key (`mw_…`, made in the console under Integrations → API keys) as',
    '`Authorization: Bearer mw_…`: it acts as its host, needs no `Origin`, is limited per key (429), and every other',
    'route answers it 403.',
    '',
    'The same table is written as an OpenAPI 3.1 document, [`openapi.json`](openapi.json) (by the same command,',
    'from `shared/api/openapi.ts`), and served by the API itself at `GET /api/openapi.json`: point a client',
    'generator or an API tool at either.',
    '',
    '| route | who may call | name |',
    '|---|---|---|',
    ...routes.map(
      (route) =>
        `| [\`${route.method} ${route.path}\`](#${route.name.toLowerCase()}) | ${whoMayCall(route)} | ${route.name} |`,
    ),
    '',
  ];
  for (const route of routes) {
    lines.push(
      `## ${route.name}`,
      '',
      `\`${route.method} ${route.path}\` · ${whoMayCall(route)}`,
      '',
      route.summary,
      '',
    );
    if (route.params) lines.push(...section('Path parameters', route.params, 'input'));
    if (route.query) lines.push(...section('Query', route.query, 'input'));
    if (route.body) lines.push(...section('Body (JSON)', route.body, 'input'));
    else if (route.tooLargeMessage) lines.push('Body: `multipart/form-data` (an upload, at most 10 MB).', '');
    else if (route.webhook === 'stripe') {
      lines.push("Body: Stripe's event as Stripe sends it, verified raw against its `Stripe-Signature` header.", '');
    }
    const status = route.successStatus ?? 200;
    if (status === 302) lines.push("Answer: `302` to the answer's `location`.", '');
    else if (route.contentType) lines.push(`Answer: \`${status}\`, a \`${route.contentType}\` document.`, '');
    else lines.push(...section(`Answer (\`${status}\`)`, route.response, 'output'));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
