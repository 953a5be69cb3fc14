import * as z from 'zod/mini';

import type { HttpMethod } from '#shared/api/route-paths';
import type { RouteDefinition } from '#shared/api/routes';
import { IDEMPOTENCY_TTL_HOURS, MAX_JSON_BODY_BYTES, SESSION_COOKIE_NAME } from '#shared/constants';

/**
 * The OpenAPI 3.1 document of the HTTP API (issue 29), written from the route table: one operation per row, its
 * parameters, body and answer from the row's zod schemas (zod's own JSON Schema output: the input side of what is
 * sent, the output side of what is answered), who may call it as security requirements, and the error answers.
 * Pure: the same table always gives the same document, in the table's order. `GET /api/openapi.json` serves it
 * (functions/src/handlers/getOpenApiDocument.ts), `npm run docs:api` writes it to docs/openapi.json beside
 * docs/api.md (shared/api/api-doc.ts, the same table), and test/unit/openapi.test.ts validates it.
 */

export const OPENAPI_VERSION = '3.1.1';
/** The API's version: package.json's (test/unit/openapi.test.ts keeps the two equal). */
export const API_VERSION = '0.1.0';
/** Where a host creates keys, and what they start with (shared/api/schemas/integrations.ts). */
export const API_KEY_PREFIX = 'mw_';

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect), as zod writes it. */
export type JsonSchema = { [key: string]: unknown };

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
  encoding?: Record<string, { contentType: string }>;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; required?: boolean; schema: JsonSchema }>;
  content?: Record<string, OpenApiMediaType>;
}

export type OpenApiRef = { $ref: string };

export type SecurityRequirement = Record<string, string[]>;

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { description?: string; required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse | OpenApiRef>;
  security: SecurityRequirement[];
}

/** A type, not an interface: it is also the `{ openapi, … }` loose object the route's response schema answers. */
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; summary: string; description: string; license?: { name: string } };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    securitySchemes: Record<string, Record<string, string>>;
  };
};

/** The multipart field each upload row reads (its handler's `readMultipartFile(event, field, …)`). */
export const UPLOAD_FIELDS: Readonly<Record<string, string>> = { uploadPhoto: 'photo', uploadEventImage: 'image' };

/** Request headers a row's handler reads besides the common ones (the test checks each handler reads its own). */
export const HEADER_PARAMETERS: Readonly<Record<string, readonly OpenApiParameter[]>> = {
  createBooking: [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: `A retry with the same key and the same body gets the first answer again (kept ${IDEMPOTENCY_TTL_HOURS} hours); the same key with another body is 422.`,
      schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,128}$' },
    },
  ],
  stripeWebhook: [
    {
      name: 'Stripe-Signature',
      in: 'header',
      required: true,
      description: "Stripe's signature of the raw body (at most 5 minutes old); a wrong or stale one is 400.",
      schema: { type: 'string' },
    },
  ],
};

/** The `{ message, code, details? }` body of every refused request (functions/src/http/errors.ts). */
const errorSchema: JsonSchema = {
  type: 'object',
  description:
    'A refused request: a message for people, a stable code for programs, and for a 400 the field(s) at fault. Some answers add fields the client reads (e.g. `isInactive` on a deactivated event, `retryAfterSeconds` on a 429 or 503).',
  properties: {
    message: { type: 'string' },
    code: {
      type: 'string',
      examples: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS'],
    },
    details: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
        required: ['path', 'message'],
      },
    },
    retryAfterSeconds: { type: 'integer', minimum: 0 },
    requestId: { type: 'string', description: 'On a 500: quote it when reporting the problem.' },
  },
  required: ['message', 'code'],
  additionalProperties: true,
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorContent = { 'application/json': { schema: ERROR_REF } };
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'integer' } },
};

/** The error answers, by status: each operation refers to the ones it may give. */
const ERROR_RESPONSES: Record<number, { name: string; response: OpenApiResponse }> = {
  400: {
    name: 'BadRequest',
    response: { description: 'Bad input: `details` names each field at fault.', content: errorContent },
  },
  401: {
    name: 'Unauthorized',
    response: {
      description: 'Not signed in (no valid session), or an API key that is unknown or revoked.',
      content: errorContent,
    },
  },
  402: {
    name: 'PaymentRequired',
    response: { description: 'The free trial has ended and no plan is active.', content: errorContent },
  },
  403: {
    name: 'Forbidden',
    response: {
      description:
        "Not allowed: not an administrator, an API key on a route keys may not call, a write from another site, a request that did not come through the site's address, or one the browser made to load a resource.",
      content: errorContent,
    },
  },
  404: { name: 'NotFound', response: { description: 'Not found (or not the caller’s).', content: errorContent } },
  409: {
    name: 'Conflict',
    response: {
      description: 'The request clashes with the current state (taken, changed meanwhile, or not possible now).',
      content: errorContent,
    },
  },
  410: { name: 'Gone', response: { description: 'It existed and has ended for good.', content: errorContent } },
  413: {
    name: 'PayloadTooLarge',
    response: {
      description: `The body is too large (JSON: at most ${MAX_JSON_BODY_BYTES / 1024} KB).`,
      content: errorContent,
    },
  },
  422: {
    name: 'Unprocessable',
    response: { description: 'Well-formed but not possible as asked.', content: errorContent },
  },
  429: {
    name: 'TooManyRequests',
    response: {
      description: 'Too many requests: try again after `Retry-After` seconds.',
      headers: RETRY_AFTER,
      content: errorContent,
    },
  },
  503: {
    name: 'ServiceUnavailable',
    response: {
      description: 'A service it depends on is unavailable, or the server is busy: try again later.',
      content: errorContent,
    },
  },
};

const SUCCESS_TEXT: Record<number, string> = { 200: 'OK.', 201: 'Created.', 202: 'Accepted.', 204: 'No content.' };
const WRITES = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Which part of the API a route belongs to, for grouping (the path's first segment after /api). */
const TAGS: { name: string; description: string; test: RegExp }[] = [
  { name: 'bookings', description: 'Booking, and managing bookings.', test: /^\/api\/bookings\b/ },
  {
    name: 'availability',
    description: 'Free days and slots of an event type.',
    test: /^\/api\/(available-dates|time-slots)\b/,
  },
  {
    name: 'events',
    description: "A host's event types and date exceptions.",
    test: /^\/api\/(events|date-overrides|uploads)\b/,
  },
  {
    name: 'calendar',
    description: "A host's calendar connection and feed.",
    test: /^\/api\/(user\/calendar|calendar)\b/,
  },
  { name: 'teams', description: 'Teams, members and invitations.', test: /^\/api\/teams\b/ },
  {
    name: 'integrations',
    description: 'Webhooks, API keys and this document.',
    test: /^\/api\/(webhooks|api-keys|openapi\.json)\b/,
  },
  {
    name: 'billing',
    description: 'Plans, payments and subscriptions.',
    test: /^\/api\/(subscription|stripe|stripe-config)\b/,
  },
  {
    name: 'account',
    description: 'Sign-up, sign-in, sessions and the profile.',
    test: /^\/api\/(auth|login|logout|me|profile)\b/,
  },
  { name: 'site', description: 'Site settings and the contact form.', test: /^\/api\/(settings|contact)\b/ },
];

const OTHER_TAG = { name: 'other', description: 'Everything else.' };
const tagOf = (path: string): string => TAGS.find((tag) => tag.test.test(path))?.name ?? OTHER_TAG.name;

/**
 * A zod schema as JSON Schema. A part JSON Schema cannot say (a transform's output, a custom check, a bigint)
 * becomes `{}` (any value) rather than stopping the document; a schema that fails altogether (a recursive one, whose
 * `$ref`s into its own `$defs` would not resolve inside this document) is described as such, never written broken.
 */
export function jsonSchemaOf(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      cycles: 'throw',
      reused: 'inline',
    }) as JsonSchema;
    return json;
  } catch (error) {
    return { description: `Not describable as JSON Schema (${error instanceof Error ? error.message : 'unknown'}).` };
  }
}

/** The properties of an object schema (the first object of a union), with which of them are required. */
function objectFields(json: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const variants = (json.anyOf ?? json.oneOf) as JsonSchema[] | undefined;
  const object = variants?.find((variant) => variant.properties) ?? json;
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({ name, schema, required: required.has(name) }));
}

const pathNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

function parametersOf(route: RouteDefinition): OpenApiParameter[] {
  const declared = route.params ? objectFields(jsonSchemaOf(route.params, 'input')) : [];
  // Every `{name}` of the path is a parameter, described by the row's params schema where it names it.
  const path = pathNames(route.path).map((name): OpenApiParameter => {
    const field = declared.find((one) => one.name === name);
    return { name, in: 'path', required: true, schema: field?.schema ?? { type: 'string' } };
  });
  const query = route.query
    ? objectFields(jsonSchemaOf(route.query, 'input')).map((field): OpenApiParameter => ({
        name: field.name,
        in: 'query',
        required: field.required,
        schema: field.schema,
      }))
    : [];
  return [...path, ...query, ...(HEADER_PARAMETERS[route.name] ?? [])];
}

/** Whether a body schema is satisfied by an empty object: then no body at all is the same call (route-handler.ts). */
const acceptsNoBody = (schema: z.core.$ZodType): boolean => z.safeParse(schema, {}).success;

function requestBodyOf(route: RouteDefinition): OpenApiOperation['requestBody'] {
  if (route.webhook === 'stripe') {
    return {
      description:
        "A Stripe event, exactly as Stripe sends it: the raw bytes are verified against the Stripe-Signature header before anything is read, so the body is not described here (see Stripe's Event object).",
      required: true,
      content: { 'application/json': { schema: { type: 'object', description: 'A Stripe Event object.' } } },
    };
  }
  if (route.body) {
    const optional = acceptsNoBody(route.body);
    return {
      ...(optional ? { description: 'Every field may be left out: the call also works with no body at all.' } : {}),
      required: !optional,
      content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } },
    };
  }
  if (route.tooLargeMessage) {
    const field = UPLOAD_FIELDS[route.name] ?? 'file';
    return {
      description: `An upload: one file in the form field \`${field}\`, its type told by its bytes (PNG, JPEG, GIF or WebP). The whole request is at most 10 MB.`,
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { [field]: { type: 'string', contentMediaType: 'application/octet-stream' } },
            required: [field],
          },
          encoding: { [field]: { contentType: 'image/png, image/jpeg, image/gif, image/webp' } },
        },
      },
    };
  }
  return undefined;
}

function successOf(route: RouteDefinition): [string, OpenApiResponse] {
  const status = route.successStatus ?? 200;
  if (status === 302) {
    return [
      '302',
      {
        description: 'A redirect: the browser goes on to `Location`.',
        headers: { Location: { description: 'Where to go next.', required: true, schema: { type: 'string' } } },
      },
    ];
  }
  const schema = jsonSchemaOf(route.response, 'output');
  if (route.contentType) {
    const mediaType = route.contentType.split(';')[0]!.trim();
    return [
      String(status),
      { description: `A \`${route.contentType}\` document.`, content: { [mediaType]: { schema } } },
    ];
  }
  return [
    String(status),
    { description: SUCCESS_TEXT[status] ?? 'Done.', content: { 'application/json': { schema } } },
  ];
}

/** The error statuses a row may answer, from its shape and from what its summary says. */
function errorStatusesOf(route: RouteDefinition): number[] {
  const statuses = new Set<number>();
  const hasInput = Boolean(route.params || route.query || route.body || route.tooLargeMessage || route.webhook);
  if (hasInput || HEADER_PARAMETERS[route.name]) statuses.add(400);
  if (route.auth !== 'public') statuses.add(401);
  // Any route: a request not through the site, or a browser loading it as a resource; and per auth level.
  statuses.add(403);
  if (route.params) statuses.add(404);
  const write = WRITES.has(route.method);
  if (write && !route.webhook) statuses.add(409);
  if (route.body || route.tooLargeMessage || route.webhook) statuses.add(413);
  // Anonymous writes count against the abuse limits; an API key is limited per key.
  if (route.apiKey || (write && route.auth === 'public' && !route.webhook)) statuses.add(429);
  for (const match of route.summary.matchAll(/\b([45]\d\d)\b/g)) statuses.add(Number(match[1]));
  return [...statuses].filter((status) => ERROR_RESPONSES[status]).sort((a, b) => a - b);
}

function securityOf(route: RouteDefinition): SecurityRequirement[] {
  if (route.auth === 'public') return [];
  // Alternatives: either the session cookie or, where a key may call the route, an API key.
  return route.auth === 'signed-in' && route.apiKey
    ? [{ sessionCookie: [] }, { bearerKey: [] }]
    : [{ sessionCookie: [] }];
}

const AUTH_TEXT = {
  public: 'Anyone may call it.',
  'signed-in': 'A signed-in user (session cookie).',
  admin: 'An administrator (session cookie).',
} as const;

function operationOf(route: RouteDefinition): OpenApiOperation {
  const who =
    route.auth === 'signed-in' && route.apiKey
      ? 'A signed-in user (session cookie) or an API key (`Authorization: Bearer mw_…`) acting as its host.'
      : AUTH_TEXT[route.auth];
  const parameters = parametersOf(route);
  const requestBody = requestBodyOf(route);
  const [status, success] = successOf(route);
  const responses: OpenApiOperation['responses'] = { [status]: success };
  for (const error of errorStatusesOf(route)) {
    if (error === 413 && route.tooLargeMessage) {
      responses['413'] = { description: `Too large: "${route.tooLargeMessage}"`, content: errorContent };
    } else {
      responses[String(error)] = { $ref: `#/components/responses/${ERROR_RESPONSES[error]!.name}` };
    }
  }
  responses.default = { $ref: '#/components/responses/Error' };
  return {
    operationId: route.name,
    summary: route.summary,
    description: route.webhook
      ? "Called by Stripe, not by people: authenticated by Stripe's signature, with no session."
      : who,
    tags: [tagOf(route.path)],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security: securityOf(route),
  };
}

const DESCRIPTION = [
  "Meetwise's HTTP API, written from its route table (`shared/api/routes.ts`); `docs/api.md` is the same table as",
  'a page. The API lives under `/api` on the site’s own address and answers JSON unless an operation says otherwise.',
  '',
  `Who may call an operation is its security: none (anyone), the session cookie \`${SESSION_COOKIE_NAME}\` that`,
  'signing in sets, or an API key. A write sent with the cookie must come from the site itself (`Origin`,',
  '`Sec-Fetch-Site`): anything else is 403. An API key (`mw_…`, made in the console under Integrations → API keys)',
  'is sent as `Authorization: Bearer mw_…`, acts as its host on the operations that list it, needs no such check,',
  'is limited per key (429 with `Retry-After`), and is refused (403) everywhere else.',
  '',
  'A refused request answers `{ message, code }` (with `details` per field for a 400) and the status says why.',
  'An `X-Correlation-Id` header, when sent, is carried on every log line of the request.',
].join('\n');

/** The whole document for the given routes (the route table), operations and paths in the table's order. */
export function buildOpenApiDocument(routes: readonly RouteDefinition[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    const method = route.method.toLowerCase() as Lowercase<HttpMethod>;
    if (item[method]) throw new Error(`Two routes for ${route.method} ${route.path}.`);
    item[method] = operationOf(route);
  }
  const used = new Set(routes.map((route) => tagOf(route.path)));
  const responses: Record<string, OpenApiResponse> = {};
  for (const { name, response } of Object.values(ERROR_RESPONSES)) responses[name] = response;
  responses.Error = { description: 'Any other refusal, or a server error (500).', content: errorContent };
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Meetwise',
      version: API_VERSION,
      summary: 'Appointment scheduling: event types, availability, bookings, teams and integrations.',
      description: DESCRIPTION,
    },
    servers: [{ url: '/', description: "The site's own address: every path starts with /api." }],
    tags: [...TAGS, OTHER_TAG]
      .filter((tag) => used.has(tag.name))
      .map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: errorSchema },
      responses,
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description:
            "The session cookie that signing in sets (HttpOnly). A write sent with it must come from the site's own origin.",
        },
        bearerKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_KEY_PREFIX}…`,
          description: `An API key: \`${API_KEY_PREFIX}…\`, created in the console (Integrations → API keys) and shown once.`,
        },
      },
    },
  };
}

/** docs/openapi.json's text: the document, two-space indented, with a final newline. */
export const renderOpenApiJson = (routes: readonly RouteDefinition[]): string =>
  `${JSON.stringify(buildOpenApiDocument(routes), null, 2)}\n`;
