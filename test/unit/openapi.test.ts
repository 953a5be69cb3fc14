import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

import { billingRoutes } from '#shared/api/billing-routes';
import {
  API_VERSION,
  buildOpenApiDocument,
  HEADER_PARAMETERS,
  jsonSchemaOf,
  UPLOAD_FIELDS,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
  type OpenApiResponse,
} from '#shared/api/openapi';
import { routes, routeTable, type RouteDefinition } from '#shared/api/routes';
import { WEBHOOK_EVENT_TYPES } from '#shared/api/schemas/integrations';
import { SESSION_COOKIE_NAME } from '#shared/constants';
import { SESSION_COOKIE } from '#functions/adapters/sessions/signed-cookie';
import { NotFound, TooManyRequests, ValidationFailed } from '#functions/errors';
import { run as getOpenApiDocumentRun } from '#functions/handlers/getOpenApiDocument';
import { errorToResponse } from '#functions/http/errors';
import { httpRoute } from '#functions/http/route-handler';
import type { Deps } from '#functions/ports/deps';
import { findRoute } from '#infra/local/server';
import { apiEvent, testContext } from '#test/support/api-event';

/**
 * The OpenAPI document (issue 29 §4): valid OpenAPI 3.1 by a maintained validator, every row of the route table in
 * it with its method, path and who may call it, the row's schemas carried over, and served as it is by
 * GET /api/openapi.json.
 */

const document = buildOpenApiDocument(routeTable);

const operationOf = (route: Pick<RouteDefinition, 'method' | 'path'>, doc: OpenApiDocument = document) =>
  doc.paths[route.path]?.[route.method.toLowerCase() as 'get'] as OpenApiOperation;

const bodySchema = (operation: OpenApiOperation, type = 'application/json') =>
  operation.requestBody!.content[type]!.schema as JsonSchema & {
    properties: Record<string, JsonSchema>;
    required?: string[];
  };

const answer = (operation: OpenApiOperation, status: string) => operation.responses[status] as OpenApiResponse;

/**
 * Validates with @seriousme/openapi-schema-validator: the official OpenAPI 3.1 schema, and every $ref resolved. One
 * validator for the file: it compiles the OpenAPI schema once (a second or more under load) and keeps nothing of a
 * document between two calls, where a new one per call made the broken-documents test outlast 5 s on a busy machine.
 */
const validator = new Validator();
async function validate(doc: unknown) {
  return validator.validate(structuredClone(doc) as Record<string, unknown>);
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.info).toMatchObject({ title: 'Meetwise', version: API_VERSION });
  });

  it('is refused by the validator when broken: the check can fail', async () => {
    const optionalPathParameter = structuredClone(document);
    operationOf(routes.getBooking, optionalPathParameter).parameters![0]!.required = false;
    expect((await validate(optionalPathParameter)).valid).toBe(false);

    const noVersion = structuredClone(document) as unknown as { info: Partial<OpenApiDocument['info']> };
    delete noVersion.info.version;
    expect((await validate(noVersion)).valid).toBe(false);

    const badRef = structuredClone(document);
    operationOf(routes.getMe, badRef).responses['404'] = { $ref: '#/components/responses/Nowhere' };
    expect((await validate(badRef)).valid).toBe(false);

    const badSecurity = structuredClone(document) as unknown as { components: { securitySchemes: object } };
    badSecurity.components.securitySchemes = { sessionCookie: { type: 'apiKey' } };
    expect((await validate(badSecurity)).valid).toBe(false);
  });

  it('carries the version of package.json and the session cookie of the sessions adapter', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(API_VERSION).toBe(pkg.version);
    expect(SESSION_COOKIE_NAME).toBe(SESSION_COOKIE);
  });

  it('has one operation per row of the route table, with its method, path, name and summary, and no other', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation!.operationId}`),
    );
    expect(operations.sort()).toEqual(routeTable.map((route) => `${route.method} ${route.path} ${route.name}`).sort());
    for (const route of routeTable) {
      expect(operationOf(route), route.name).toMatchObject({ operationId: route.name, summary: route.summary });
    }
    expect(operationOf(routes.getOpenApiDocument).security).toEqual([]);
  });

  it('declares every path parameter of every route, required, and none the path does not have', () => {
    for (const route of routeTable) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = (operationOf(route).parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(declared.map((parameter) => parameter.name).sort(), route.name).toEqual(names.sort());
      for (const parameter of declared) expect(parameter.required, `${route.name} ${parameter.name}`).toBe(true);
    }
    const [id, deliveryId] = operationOf(routes.redeliverWebhook).parameters!;
    expect(id).toMatchObject({ name: 'id', schema: { type: 'string', format: 'uuid' } });
    expect(deliveryId).toMatchObject({ name: 'deliveryId', schema: { type: 'string', format: 'uuid' } });
  });

  it('turns each query schema into query parameters, with which are required', () => {
    for (const route of routeTable.filter((row) => row.query)) {
      const expected = jsonSchemaOf(route.query!, 'input') as { properties: object; required?: string[] };
      const query = operationOf(route).parameters!.filter((parameter) => parameter.in === 'query');
      expect(
        query.map((parameter) => parameter.name),
        route.name,
      ).toEqual(Object.keys(expected.properties));
      for (const parameter of query) {
        expect(parameter.required, `${route.name} ${parameter.name}`).toBe(
          (expected.required ?? []).includes(parameter.name),
        );
      }
    }
    const timeSlots = operationOf(routes.getTimeSlots).parameters!;
    expect(timeSlots.find((parameter) => parameter.name === 'date')).toMatchObject({ in: 'query', required: true });
  });

  it('secures each route as its row says: anyone, the session cookie, or also an API key', () => {
    expect(document.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }),
      bearerKey: expect.objectContaining({
        type: 'http',
        scheme: 'bearer',
        description: expect.stringContaining('mw_'),
      }),
    });
    for (const route of routeTable) {
      const expected =
        route.auth === 'public'
          ? []
          : route.auth === 'signed-in' && route.apiKey
            ? [{ sessionCookie: [] }, { bearerKey: [] }]
            : [{ sessionCookie: [] }];
      expect(operationOf(route).security, route.name).toEqual(expected);
      expect(Object.keys(operationOf(route).responses).includes('401'), route.name).toBe(route.auth !== 'public');
    }
    // The routes an API key may call (issue 29 §3): event types and bookings to read, cancelling, webhooks.
    const byKey = routeTable
      .filter((route) => operationOf(route).security.some((requirement) => 'bearerKey' in requirement))
      .map((route) => route.name)
      .sort();
    expect(byKey).toEqual(
      [
        'listEvents',
        'getEvent',
        'getEventBySlug',
        'listBookings',
        'getBooking',
        'cancelBooking',
        'createWebhook',
        'listWebhooks',
        'updateWebhook',
        'deleteWebhook',
        'testWebhook',
        'listWebhookDeliveries',
        'redeliverWebhook',
      ].sort(),
    );
    expect(operationOf(routes.updateSettings).security).toEqual([{ sessionCookie: [] }]);
    expect(operationOf(routes.createApiKey).security).toEqual([{ sessionCookie: [] }]);
    expect(operationOf(routes.listWebhooks).responses['429']).toEqual({
      $ref: '#/components/responses/TooManyRequests',
    });
  });

  it("carries the rows' schemas: createBooking's required fields, createWebhook's events and secret", () => {
    const booking = bodySchema(operationOf(routes.createBooking));
    expect(operationOf(routes.createBooking).requestBody!.required).toBe(true);
    expect(booking.required).toEqual(
      expect.arrayContaining(['name', 'email', 'date', 'startTime', 'endTime', 'eventId']),
    );
    expect(booking.required).not.toContain('guests');
    expect(booking.additionalProperties).toBe(false);
    expect(
      Object.keys(answer(operationOf(routes.createBooking), '201').content!['application/json']!.schema),
    ).toContain('properties');

    const webhook = bodySchema(operationOf(routes.createWebhook));
    expect(webhook.required).toEqual(['url', 'events']);
    expect(webhook.properties.events).toMatchObject({
      type: 'array',
      minItems: 1,
      items: { enum: [...WEBHOOK_EVENT_TYPES] },
    });
    expect(webhook.properties.url).toMatchObject({ type: 'string', maxLength: 2000 });
    const created = answer(operationOf(routes.createWebhook), '201').content!['application/json']!.schema as {
      properties: object;
      required: string[];
    };
    expect(created.required).toEqual(expect.arrayContaining(['id', 'url', 'events', 'active', 'secret']));
    const listed = answer(operationOf(routes.listWebhooks), '200').content!['application/json']!.schema as {
      type: string;
      items: { properties: object };
    };
    expect(listed.type).toBe('array');
    expect(Object.keys(listed.items.properties)).not.toContain('secret');

    // A body that may be left out whole (logout's empty object) is not required.
    expect(operationOf(routes.logout).requestBody!.required).toBe(false);
    expect(operationOf(routes.updateWebhook).requestBody!.required).toBe(false);
  });

  it("answers each row's success status: JSON, a document in its own type, or a redirect", () => {
    for (const route of routeTable) {
      const status = String(route.successStatus ?? 200);
      const success = answer(operationOf(route), status);
      expect(success, `${route.name} ${status}`).toBeDefined();
      if (status === '302') {
        expect(success.content, route.name).toBeUndefined();
        expect(success.headers?.Location, route.name).toMatchObject({ required: true });
      } else if (route.contentType) {
        expect(Object.keys(success.content!), route.name).toEqual([route.contentType.split(';')[0]]);
      } else {
        expect(Object.keys(success.content!), route.name).toEqual(['application/json']);
      }
    }
    expect(answer(operationOf(routes.calendarFeed), '200').content!['text/calendar']!.schema).toEqual({
      type: 'string',
    });
    expect(Object.keys(operationOf(routes.testWebhook).responses)).toContain('202');
    expect(Object.keys(operationOf(routes.startGoogleSignIn).responses)).toContain('302');
  });

  it('describes the uploads as multipart with the field each handler reads, and 413 in its words', () => {
    const uploads = routeTable.filter((route) => route.tooLargeMessage);
    expect(uploads.map((route) => route.name).sort()).toEqual(Object.keys(UPLOAD_FIELDS).sort());
    for (const route of uploads) {
      const field = UPLOAD_FIELDS[route.name]!;
      const handler = readFileSync(`functions/src/handlers/${route.name}.ts`, 'utf8');
      expect(handler, route.name).toContain(`readMultipartFile(event, '${field}'`);
      const operation = operationOf(route);
      expect(bodySchema(operation, 'multipart/form-data')).toMatchObject({ required: [field] });
      expect(answer(operation, '413').description).toContain(route.tooLargeMessage);
    }
  });

  it("describes Stripe's webhook honestly: a raw signed body, the signature header, no session", () => {
    const operation = operationOf(billingRoutes.stripeWebhook);
    expect(operation.security).toEqual([]);
    expect(operation.requestBody).toMatchObject({ required: true, description: expect.stringContaining('raw') });
    expect(operation.parameters).toEqual([expect.objectContaining({ name: 'Stripe-Signature', in: 'header' })]);
    for (const [name, headers] of Object.entries(HEADER_PARAMETERS)) {
      const handler = readFileSync(`functions/src/handlers/${name}.ts`, 'utf8');
      for (const parameter of headers as OpenApiParameter[]) {
        expect(handler, `${name} ${parameter.name}`).toContain(`header(event, '${parameter.name.toLowerCase()}')`);
      }
    }
  });

  it('describes the error body the server really sends', () => {
    const error = document.components.schemas.Error as {
      properties: Record<string, unknown>;
      required: string[];
    };
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    for (const thrown of [
      new ValidationFailed('Please enter a name.', [{ path: 'name', message: 'Please enter a name.' }]),
      new NotFound('Webhook not found.'),
      new TooManyRequests('Too many requests.', 60),
      new Error('boom'),
    ]) {
      const body = JSON.parse(String((errorToResponse(thrown, 'req-1', logger) as { body: string }).body)) as object;
      for (const key of error.required) expect(body, thrown.message).toHaveProperty(key);
      for (const key of Object.keys(body)) expect(Object.keys(error.properties), key).toContain(key);
    }
    const createEvent = operationOf(routes.createEvent).responses;
    expect(Object.keys(createEvent)).toEqual(
      expect.arrayContaining(['201', '400', '401', '402', '403', '409', 'default']),
    );
    expect(Object.keys(operationOf(routes.getBooking).responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', 'default']),
    );
  });

  it('uses the input side of a schema for requests and the output side for answers, and never stops on a part JSON Schema cannot say', async () => {
    const toNumber = z.pipe(
      z.string(),
      z.transform((value) => Number(value)),
    );
    expect(jsonSchemaOf(toNumber, 'input')).toEqual({ type: 'string' });
    expect(jsonSchemaOf(toNumber, 'output')).toEqual({});
    const tree = z.object({
      name: z.string(),
      get children() {
        return z.array(tree);
      },
    });
    expect(jsonSchemaOf(tree, 'output')).toEqual({ description: expect.stringContaining('Not describable') });
    const odd = {
      name: 'odd',
      method: 'POST',
      path: '/api/odd/{id}',
      auth: 'signed-in',
      summary: 'Has parts JSON Schema cannot say.',
      query: z.object({ count: toNumber }),
      body: z.object({ big: z.bigint(), when: z.date(), custom: z.custom<string>(() => true), count: toNumber }),
      response: z.object({ count: toNumber, at: z.date(), tree }),
      needs: {},
    } as const satisfies RouteDefinition;
    const doc = buildOpenApiDocument([odd]);
    const operation = operationOf(odd, doc);
    expect(operation.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'count', in: 'query', required: true, schema: { type: 'string' } },
    ]);
    expect(bodySchema(operation).properties.count).toEqual({ type: 'string' });
    expect(bodySchema(operation).required).toEqual(['big', 'when', 'custom', 'count']);
    expect(answer(operation, '200').content!['application/json']!.schema).toMatchObject({
      description: expect.any(String),
    });
    expect((await validate(doc)).valid).toBe(true);
  });

  it('is the same document every time it is built (stable order)', () => {
    expect(JSON.stringify(buildOpenApiDocument(routeTable))).toBe(JSON.stringify(document));
    expect(Object.keys(document.paths)[0]).toBe(routeTable[0]!.path);
  });
});

describe('GET /api/openapi.json', () => {
  const deps = {
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    config: { siteUrl: 'http://localhost:3000' },
    sessions: { authenticate: async () => null },
  } as unknown as Deps;
  const handler = httpRoute(routes.getOpenApiDocument, getOpenApiDocumentRun, async () => deps);

  it('is the getOpenApiDocument row, for anyone, on the local server too', () => {
    expect(routes.getOpenApiDocument).toMatchObject({ method: 'GET', path: '/api/openapi.json', auth: 'public' });
    expect(findRoute('GET', '/api/openapi.json').route?.name).toBe('getOpenApiDocument');
  });

  it('answers the same document as JSON through the route handler, built once', async () => {
    const call = async () =>
      (await handler(apiEvent({ method: 'GET', path: '/api/openapi.json' }), testContext)) as {
        statusCode: number;
        headers: Record<string, string>;
        body: string;
      };
    const first = await call();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json\b/);
    expect(JSON.parse(first.body)).toEqual(document);
    const second = await call();
    expect(second.body).toBe(first.body);
    const input = {} as Parameters<typeof getOpenApiDocumentRun>[1];
    expect(await getOpenApiDocumentRun(deps, input)).toBe(await getOpenApiDocumentRun(deps, input));
  });
});
