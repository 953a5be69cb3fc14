import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** Content types API Gateway passes through as text; every other body arrives base64-encoded. */
const TEXT_TYPES = /^(text\/|application\/(?:[\w.+-]+\+)?(?:json|xml)|application\/x-www-form-urlencoded)/i;

/**
 * Turns a Node request into the API Gateway HTTP API (payload 2.0) event a Lambda would receive:
 * lower-cased headers with repeated values comma-joined, cookies split out, query parameters, path parameters,
 * and the body as text or base64.
 */
export function toApiGatewayEvent(
  request: IncomingMessage,
  body: Buffer,
  route: { method: string; path: string },
  pathParameters: Record<string, string>,
): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i]!.toLowerCase();
    const value = request.rawHeaders[i + 1]!;
    if (name === 'cookie') continue;
    headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
  }
  // API Gateway tells the function how the browser connected; here it is plain HTTP. The headers CloudFront sets
  // in the cloud are never taken from the client.
  headers['x-forwarded-proto'] = 'http';
  delete headers['x-forwarded-host'];
  delete headers['x-viewer-address'];
  const cookies = (request.headers.cookie ?? '')
    .split(';')
    .map((cookie) => cookie.trim())
    .filter(Boolean);

  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = query[key] === undefined ? value : `${query[key]},${value}`;

  const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? '');
  const now = new Date();
  const routeKey = `${route.method} ${route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(url.search ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method: (request.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };
}
