import { randomUUID } from 'node:crypto';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';

import type { RouteDefinition } from '#shared/api/routes';
import {
  powertoolsMetrics,
  powertoolsMetricsPort,
  powertoolsRootLogger,
  publishMetrics,
} from '#functions/adapters/observability/powertools';
import { API_KEY_MESSAGES, bearerCredential } from '#functions/domain/api-keys';
import { Forbidden, Unauthorized, ValidationFailed } from '#functions/errors';
import { sessionToken, setCookieValue } from '#functions/http/cookies';
import { errorToResponse, validationFailed } from '#functions/http/errors';
import {
  header,
  readJsonBody,
  refuseCrossSiteWrite,
  refuseDirectApiCall,
  refuseResourceLoad,
} from '#functions/http/request';
import { documentResponse, jsonResponse } from '#functions/http/response';
import type { CookieToSet, CoreDeps, Logger, Principal } from '#functions/ports/core';
import type { Deps } from '#functions/ports/deps';

type Parsed<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

/** What a route's use case receives: validated inputs plus who is calling. */
export interface RouteInput<R extends RouteDefinition> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
  principal: Principal | null;
  requestId: string;
  event: APIGatewayProxyEventV2;
  /** Adds a Set-Cookie to the answer. */
  setCookie(cookie: CookieToSet): void;
}

/**
 * A route's use case call; `D` names the dependencies beyond the core ones that it needs, each a port of `Deps` or
 * the part of one it uses (createBooking: the booking write's part of the ledger).
 */
export type RouteRun<R extends RouteDefinition, D extends DepsPart = object> = (
  deps: CoreDeps & D,
  input: RouteInput<R>,
) => Promise<z.input<R['response']>>;

/** Some of the ports of `Deps`, each whole or in part. */
type DepsPart = { [K in keyof Deps]?: Partial<Deps[K]> };

interface State {
  requestId: string;
  /** The caller's X-Correlation-Id when it is a sane id, else the request id: carried on every log line. */
  correlationId: string;
  deps?: CoreDeps;
  /** The request's logger: the route's and the request's ids on every line. */
  logger?: Logger;
}

const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Whether a body schema is satisfied by an empty object: then sending no body at all is the same call. */
const acceptsNoBody = (schema: z.core.$ZodType): boolean => z.safeParse(schema, {}).success;

function parseWith(schema: z.core.$ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  const result = z.safeParse(schema, value);
  if (!result.success) throw validationFailed(result.error.issues, part === 'body' ? undefined : part);
  return result.data;
}

/**
 * Wraps a route's use case as a Lambda handler (middy): gets its dependencies from `provide` (built once per cold
 * start by functions/src/composition.ts; tests pass their own), checks the route's auth level,
 * reads and validates path parameters, query and body with the row's schemas, runs the use case, shapes the answer
 * with the row's response schema (so no internal field ever leaves), and maps every error in one place.
 */
/** The first invocation of this process counts a ColdStart metric (Powertools' own logs mark it per line). */
let coldStart = true;

export function httpRoute<R extends RouteDefinition, D extends CoreDeps>(
  route: R,
  run: (deps: D, input: RouteInput<R>) => Promise<z.input<R['response']>>,
  provide: () => D | Promise<D>,
) {
  const states = new WeakMap<object, State>();

  const core = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyResultV2> => {
    const state = states.get(context) ?? { requestId: randomUUID(), correlationId: randomUUID() };
    const provided = await provide();
    state.deps = provided;
    let logger =
      provided.logger?.with?.({ route: route.name, requestId: state.requestId, correlationId: state.correlationId }) ??
      provided.logger;
    state.logger = logger;
    const deps = { ...provided, logger };
    // In the cloud only CloudFront reaches the API (its origin secret), whatever the caller: a key's call comes
    // through the site's address like a browser's.
    refuseDirectApiCall(event, deps.config.originSecret, deps.config.originSecretPrevious);
    // An API key (issue 29): `Authorization: Bearer …`. Only a row marked `apiKey` takes one; any other answers 403
    // before anything is read (so a function without table access never looks a key up).
    const apiKey = bearerCredential(header(event, 'authorization'));
    if (apiKey !== null && !route.apiKey) throw new Forbidden(API_KEY_MESSAGES.notAllowed);
    // A provider's signed callback is not a browser's request: its signature is checked by the use case, and no
    // session is read (a cookie sent along would mean nothing). A key's call is not a browser's ambient credential
    // either: a page on another site cannot add the header (nor read an answer: no CORS), so the same-site rule,
    // which guards the session cookie, does not apply to it, and no cookie is read.
    if (!route.webhook) {
      if (apiKey === null) refuseCrossSiteWrite(event, deps.config.siteUrl);
      refuseResourceLoad(event);
    }
    let principal: Principal | null;
    if (apiKey !== null) {
      principal = (await deps.apiKeyVerifier?.authenticate(apiKey, { clock: deps.clock, logger })) ?? null;
      if (!principal?.apiKeyId) {
        logger.warn('API key refused: unknown, malformed or revoked');
        throw new Unauthorized(API_KEY_MESSAGES.invalid);
      }
      // Every line of this request names the key (its id: never the key itself).
      logger = logger.with?.({ apiKeyId: principal.apiKeyId }) ?? logger;
      state.logger = logger;
      deps.logger = logger;
      logger.info('API key call', { apiKeyId: principal.apiKeyId, userId: principal.userId });
    } else {
      principal = route.webhook
        ? null
        : await deps.sessions.authenticate(
            sessionToken({ cookies: event.cookies ?? [], headers: event.headers ?? {} }),
          );
    }
    if (route.auth !== 'public' && !principal) throw new Unauthorized('Authentication required.');
    if (route.auth === 'admin' && !principal?.isAdmin) throw new Forbidden('Administrator access required.');

    const params = parseWith(route.params, event.pathParameters ?? {}, 'params');
    const query = parseWith(route.query, event.queryStringParameters ?? {}, 'query');
    let body: unknown;
    if (route.body) {
      // A call whose whole payload may be left out (the spec's "no body" calls) works with no body at all.
      const raw = readJsonBody(event) ?? (acceptsNoBody(route.body) ? {} : undefined);
      if (raw === undefined) throw new ValidationFailed('Request body is required.');
      body = parseWith(route.body, raw, 'body');
    }

    const cookies: string[] = [];
    const result = await run(deps, {
      params,
      query,
      body,
      principal,
      requestId: state.requestId,
      event,
      setCookie: (cookie: CookieToSet) =>
        cookies.push(typeof cookie === 'string' ? cookie : setCookieValue(cookie.name, cookie.value, cookie)),
    } as RouteInput<R>);
    // The response schema strips anything the schema does not name (keys, internal flags).
    const shaped = z.parse(route.response, result);
    const response =
      route.successStatus === 302
        ? {
            statusCode: 302,
            headers: { location: (shaped as { location: string }).location, 'cache-control': 'no-store' },
          }
        : route.contentType
          ? documentResponse(route.successStatus ?? 200, route.contentType, shaped as string)
          : jsonResponse(route.successStatus ?? 200, shaped);
    return cookies.length ? { ...response, cookies } : response;
  };

  // No early timeout: middy's would answer 500 while the use case goes on and may still commit (a registration
  // "failed" that in fact happened). The work a request may do is bounded instead (Overloaded, throttles), and the
  // function's own timeout is the only deadline.
  // Logs and metrics (docs/operations.md): the Powertools logger learns the Lambda context (function, request id,
  // cold start, trace id); each request gets a child logger with the route and the request's ids; the counts the use
  // case made, plus a ServerError for any 5xx answer, leave as one EMF line when the invocation ends. The event itself
  // is never logged (logEvent off, whatever POWERTOOLS_LOGGER_LOG_EVENT says): it carries session cookies and API keys.
  return middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context>(core, { timeoutEarlyInMillis: 0 })
    .use(injectLambdaContext(powertoolsRootLogger(), { resetKeys: true, logEvent: false }))
    .use({
      before: (request) => {
        const requestId = request.event.requestContext?.requestId || request.context.awsRequestId || randomUUID();
        const offered = request.event.headers?.['x-correlation-id'];
        const correlationId = offered && CORRELATION_ID.test(offered) ? offered : requestId;
        states.set(request.context, { requestId, correlationId });
        if (coldStart) {
          coldStart = false;
          powertoolsMetrics().captureColdStartMetric();
        }
      },
      after: () => publishMetrics(),
      onError: async (request) => {
        const state = states.get(request.context);
        const requestId = state?.requestId ?? randomUUID();
        const logger = state?.logger ?? state?.deps?.logger ?? console;
        request.response = errorToResponse(request.error, requestId, logger);
        if (Number((request.response as { statusCode?: number }).statusCode) >= 500)
          powertoolsMetricsPort().count('ServerError');
        publishMetrics();
      },
    });
}
