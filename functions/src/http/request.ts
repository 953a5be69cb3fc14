import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { MAX_JSON_BODY_BYTES } from '#shared/constants';
import { PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from '#functions/errors';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/** The raw body as bytes (API Gateway hands binary bodies over base64-encoded). */
export function bodyBytes(event: APIGatewayProxyEventV2): Buffer {
  if (event.body === undefined || event.body === null) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/**
 * Reads a JSON request body under the house rules: at most 16 KB (413), JSON content type on a write (415),
 * well-formed JSON (400). Answers undefined when there is no body.
 */
export function readJsonBody(event: APIGatewayProxyEventV2): unknown {
  const method = event.requestContext.http.method.toUpperCase();
  const bytes = bodyBytes(event);
  if (bytes.length === 0) return undefined;
  if (bytes.length > MAX_JSON_BODY_BYTES) {
    throw new PayloadTooLarge(`Request body is too large (limit ${MAX_JSON_BODY_BYTES / 1024} KB).`);
  }
  if (WRITE_METHODS.has(method) && !JSON_TYPE.test(header(event, 'content-type') ?? '')) {
    throw new UnsupportedMediaType('Content-Type must be application/json.');
  }
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ValidationFailed('Malformed JSON body.');
  }
}
