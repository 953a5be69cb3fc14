import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';

import { hasMalformedPercentEncoding, matchPath } from '#shared/api/route-paths';
import { routeTable, type RouteDefinition } from '#shared/api/routes';
import { toApiGatewayEvent } from '#infra/local/api-gateway-event';
import { photoFiles, staticSite } from '#infra/local/static-site';

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

/** API Gateway's own payload limit; our handlers apply their stricter ones. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** How long, and how much of, an oversized body is drained after its 413 before the connection is cut. */
const DRAIN_LIMIT_MS = 30_000;
const DRAIN_LIMIT_BYTES = 100 * 1024 * 1024;

const handlers = new Map<string, Promise<LambdaHandler>>();

/** The same handler module the CDK stack bundles for this row: functions/src/handlers/{name}.ts. */
function loadHandler(route: RouteDefinition): Promise<LambdaHandler> {
  let loaded = handlers.get(route.name);
  if (!loaded) {
    loaded = import(`../../functions/src/handlers/${route.name}.ts`).then(
      (module: { handler: LambdaHandler }) => module.handler,
    );
    handlers.set(route.name, loaded);
  }
  return loaded;
}

function lambdaContext(name: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(text);
}

/** An oversized body being drained: `drained` settles true once it has all arrived, false when it was cut off. */
interface TooLarge {
  drained: Promise<boolean>;
}

/**
 * The body, or TooLarge when it passes API Gateway's 10 MB. The rest of an oversized body is then read and discarded
 * (see drain) so that a client still sending can read the 413 answer instead of a reset or a broken pipe.
 */
function readBody(request: IncomingMessage): Promise<Buffer | TooLarge> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      request.off('data', collect);
      chunks.length = 0;
      resolve({ drained: drain(request, size) });
    };
    request.on('data', collect);
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * Discards the rest of a request body: true once it has all arrived; false when the client sends on past
 * DRAIN_LIMIT_BYTES or DRAIN_LIMIT_MS (the connection is then destroyed) or goes away.
 */
function drain(request: IncomingMessage, alreadyRead: number): Promise<boolean> {
  return new Promise((resolve) => {
    let drained = alreadyRead;
    const settle = (complete: boolean) => {
      clearTimeout(timer);
      request.off('data', discard);
      resolve(complete);
    };
    const discard = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained <= DRAIN_LIMIT_BYTES) return;
      settle(false);
      request.destroy();
    };
    const timer = setTimeout(() => {
      settle(false);
      request.destroy();
    }, DRAIN_LIMIT_MS);
    timer.unref();
    request.on('data', discard);
    request.once('end', () => settle(true));
    request.once('close', () => settle(false));
    request.resume();
  });
}

/**
 * The 413 for an oversized body. The whole answer (with its Content-Length) is written at once, so the client can
 * read it while still sending, but the response is ended only after the rest of the body has been drained: ending it
 * is what lets Node close the socket (for a client that sent `Connection: close`), and closing a socket the client is
 * still writing to resets it. Hence no `connection: close` of our own either.
 */
function sendTooLarge(response: ServerResponse, message: string, body: TooLarge): void {
  const text = JSON.stringify({ message, code: 'PAYLOAD_TOO_LARGE' });
  response.writeHead(413, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
  });
  response.write(text);
  void body.drained.then((complete) => {
    if (complete) response.end();
  });
}

function writeResult(response: ServerResponse, result: APIGatewayProxyResultV2): void {
  if (typeof result === 'string' || result === undefined || result === null) {
    sendJson(response, 200, result ?? null);
    return;
  }
  if (typeof result !== 'object' || !('statusCode' in result)) {
    sendJson(response, 200, result);
    return;
  }
  const headers: Record<string, string | number | boolean | string[]> = { ...(result.headers ?? {}) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body =
    result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  response.writeHead(result.statusCode ?? 200, headers as Record<string, string | string[]>);
  response.end(body);
}

/**
 * Finds the row for a request: the matching row, or which methods the path allows. As in API Gateway, a path with
 * more literal segments wins over one with variables (/api/events/slug/{slug} over /api/events/{eventRef}/…).
 */
export function findRoute(method: string, pathname: string) {
  const allowed: string[] = [];
  let best: { route: (typeof routeTable)[number]; params: Record<string, string>; literals: number } | undefined;
  for (const route of routeTable) {
    const params = matchPath(route.path, pathname);
    if (!params) continue;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
      const literals = route.path.split('/').filter((segment) => segment && !segment.startsWith('{')).length;
      if (!best || literals > best.literals) best = { route, params, literals };
    } else allowed.push(route.method);
  }
  return best ? { route: best.route, params: best.params, allowed } : { route: undefined, params: {}, allowed };
}

/**
 * The local stand-in for CloudFront + API Gateway: `/api/...` requests become API Gateway v2 events handed to the
 * row's handler; `/photos/...` serves uploaded photos; every other path serves the built front end.
 */
export function createAppServer(options: {
  siteDir: string;
  photosDir: string;
  /** The booking pages the publisher wrote (DATA_DIR/site), served before the booking page's shell. */
  publishedDir?: string;
  log?: (line: string) => void;
  /** SITE_URL: a page asked for under another host name (127.0.0.1 for localhost) is redirected there. */
  siteUrl?: string;
  /** `BILLING=demo npm start`: the fake Stripe under /demo-stripe/ (infra/local/demo-billing.ts); true: answered. */
  demoBilling?: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;
  /** Called when a route that writes the table (`needs.table: 'readwrite'`) has answered. */
  afterWrite?: () => void;
}): Server {
  const siteHost = options.siteUrl ? new URL(options.siteUrl).host : undefined;
  const site = staticSite(options.siteDir, options.publishedDir);
  const photos = photoFiles(options.photosDir);
  const log = options.log ?? (() => undefined);

  return createServer((request, response) => {
    // Nothing a request sends may end the process: whatever one request throws is answered and logged here.
    handle(request, response).catch((error: unknown) => {
      log(`${request.method} ${request.url} failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!response.headersSent) sendJson(response, 500, { message: 'Internal server error', code: 'INTERNAL' });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawUrl = request.url ?? '/';
    if (hasMalformedPercentEncoding(rawUrl)) {
      request.resume();
      sendJson(response, 400, {
        message: 'The address is not valid: malformed percent-encoding.',
        code: 'VALIDATION_FAILED',
      });
      return;
    }
    const url = new URL(rawUrl, 'http://localhost');
    if (options.demoBilling && (await options.demoBilling(request, response))) return;
    if (url.pathname.startsWith('/photos/')) {
      photos(request, response);
      return;
    }
    if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) {
      // Pages are served under SITE_URL only, so the browser's Origin is the one the API's same-site check expects.
      if (siteHost && request.headers.host !== siteHost && (request.method === 'GET' || request.method === 'HEAD')) {
        response.writeHead(302, {
          location: `${options.siteUrl}${url.pathname}${url.search}`,
          'cache-control': 'no-store',
        });
        response.end();
        return;
      }
      site(request, response);
      return;
    }
    const method = (request.method ?? 'GET').toUpperCase();
    const { route, params, allowed } = findRoute(method, url.pathname);
    if (!route) {
      if (allowed.length) {
        sendJson(
          response,
          405,
          { message: `Method ${method} is not allowed here.`, code: 'METHOD_NOT_ALLOWED' },
          { allow: allowed.join(', ') },
        );
      } else {
        sendJson(response, 404, { message: `No API route for ${method} ${url.pathname}.`, code: 'NOT_FOUND' });
      }
      return;
    }
    const started = performance.now();
    try {
      const body = await readBody(request);
      if (!Buffer.isBuffer(body)) {
        sendTooLarge(response, route.tooLargeMessage ?? 'Request body is too large (limit 10 MB).', body);
        return;
      }
      const handler = await loadHandler(route);
      const event = toApiGatewayEvent(request, body, route, params);
      const result = await handler(event, lambdaContext(route.name));
      writeResult(response, result);
    } catch (error) {
      log(`${method} ${url.pathname} failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!response.headersSent) sendJson(response, 500, { message: 'Internal server error', code: 'INTERNAL' });
    } finally {
      log(`${method} ${url.pathname} ${response.statusCode} ${(performance.now() - started).toFixed(1)} ms`);
      if (route.needs.table === 'readwrite') options.afterWrite?.();
    }
  }
}
