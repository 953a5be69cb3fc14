import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

import { MAX_JSON_BODY_BYTES } from '#shared/constants';
import { limitAddress } from '#functions/domain/abuse-limits';
import { Forbidden, PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from '#functions/errors';

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

const SAME_SITE_FETCH = new Set(['same-origin', 'same-site', 'none']);

/**
 * CSRF (docs/security.md): a write from a browser must come from our own site. When the browser says where the
 * request comes from (Sec-Fetch-Site, Origin), it must be this site, SITE_URL's origin (never the request's Host,
 * which the client chooses); otherwise 403. Writes also need a JSON (or, for the photo, multipart) body, which a
 * cross-site form cannot send without a preflight we never grant.
 * No GET changes state (OAuth callbacks aside, which are bound to their stored state), so reads are not checked.
 */
export function refuseCrossSiteWrite(event: APIGatewayProxyEventV2, siteUrl: string): void {
  if (!WRITE_METHODS.has(event.requestContext.http.method.toUpperCase())) return;
  const fetchSite = header(event, 'sec-fetch-site')?.toLowerCase();
  if (fetchSite !== undefined && !SAME_SITE_FETCH.has(fetchSite)) throw new Forbidden('Cross-site request refused.');
  const origin = header(event, 'origin');
  if (origin === undefined) return;
  let originHost: string;
  try {
    originHost = new URL(origin).origin.toLowerCase();
  } catch {
    throw new Forbidden('Cross-site request refused.');
  }
  if (originHost !== new URL(siteUrl).origin.toLowerCase()) throw new Forbidden('Cross-site request refused.');
}

/** What a browser may be doing when it calls the API: a fetch (empty) or a navigation (document). */
const API_FETCH_DESTINATIONS = new Set(['empty', 'document']);

/**
 * The API is not a resource: a request the browser makes to load an image, a style sheet, a script, a font, an
 * object… (`Sec-Fetch-Dest`) is 403 before any handler runs, so markup or CSS on any page (a host's custom CSS
 * with `url(/api/…)`) cannot act for the visitor (issue 13, item 9). Clients that send no such header (calendar
 * apps reading the feed, scripts) are not browsers loading resources.
 */
export function refuseResourceLoad(event: APIGatewayProxyEventV2): void {
  const destination = header(event, 'sec-fetch-dest')?.toLowerCase();
  if (destination !== undefined && !API_FETCH_DESTINATIONS.has(destination)) {
    throw new Forbidden('This address cannot be loaded as a resource.');
  }
}

/** The header CloudFront adds to every request it sends to the API (infra/cdk/site.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * In the cloud, only CloudFront may call the API: the headers its function sets (X-Viewer-Address, X-Forwarded-Host)
 * are trusted, so a request sent to the API's own address with its own such headers must not get in. CloudFront adds
 * the origin secret; a request without it is 403. Nothing to check on one machine (no secret configured).
 * During a rotation's grace period (docs/operations.md "Rotating secrets") the previous value is accepted too: edge
 * locations still sending it while the distribution's change spreads are not refused.
 */
export function refuseDirectApiCall(
  event: APIGatewayProxyEventV2,
  originSecret: string | undefined,
  previousOriginSecret?: string,
): void {
  if (!originSecret) return;
  const sent = Buffer.from(header(event, ORIGIN_VERIFY_HEADER) ?? '');
  let accepted = false;
  // Both values are compared (no early exit), so the time taken does not tell which one matched.
  for (const secret of previousOriginSecret ? [originSecret, previousOriginSecret] : [originSecret]) {
    const expected = Buffer.from(secret);
    if (sent.length === expected.length && timingSafeEqual(sent, expected)) accepted = true;
  }
  if (!accepted) throw new Forbidden('Please use the site address: the API is not reachable directly.');
}

/** Whether the browser reached us over HTTPS (API Gateway sets X-Forwarded-Proto; the local server says http). */
export const isHttps = (event: APIGatewayProxyEventV2): boolean =>
  header(event, 'x-forwarded-proto')?.toLowerCase() !== 'http';

/**
 * The visitor's address as the per-address abuse limits count it: behind CloudFront, API Gateway's source is an edge
 * server, so the distribution's function on /api/* passes the viewer's address in X-Viewer-Address (overwriting
 * anything the client sent). An IPv6 client counts by its /64 (issue 31: domain/abuse-limits.ts limitAddress).
 */
export const clientAddress = (event: APIGatewayProxyEventV2): string =>
  limitAddress(header(event, 'x-viewer-address') || event.requestContext.http.sourceIp || 'unknown');
