import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

/** A minimal API Gateway v2 event, for calling a handler directly. */
export function apiEvent(options: {
  method: string;
  path: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  pathParameters?: Record<string, string>;
  cookies?: string[];
}): APIGatewayProxyEventV2 {
  const binary = Buffer.isBuffer(options.body);
  return {
    version: '2.0',
    routeKey: `${options.method} ${options.path}`,
    rawPath: options.path,
    rawQueryString: new URLSearchParams(options.query ?? {}).toString(),
    headers: options.headers ?? {},
    ...(options.cookies ? { cookies: options.cookies } : {}),
    ...(options.query ? { queryStringParameters: options.query } : {}),
    ...(options.pathParameters ? { pathParameters: options.pathParameters } : {}),
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: options.method,
        path: options.path,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'test',
      },
      requestId: 'req-test',
      routeKey: `${options.method} ${options.path}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    ...(options.body !== undefined
      ? { body: binary ? (options.body as Buffer).toString('base64') : (options.body as string) }
      : {}),
    isBase64Encoded: binary,
  };
}

export const testContext = { awsRequestId: 'aws-req-test', functionName: 'test' } as Context;

export const jsonHeaders = { 'content-type': 'application/json' };
