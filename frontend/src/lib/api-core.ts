import type { RouteAddress, RouteName, routePaths } from '#shared/api/route-paths';
import type { ErrorResponse } from '#shared/api/schemas/common';
import type { ApiResponse, OptionsArgs } from '#frontend/lib/api.ts';

/**
 * The API client's requests (lib/api.ts types them by route name): the URL from the route's address, the answer
 * index.html's inline script may have started already, errors as ApiError. No route table and no zod here, so a
 * page that calls a few routes (the booking page, with routeCaller) carries only this.
 */

export type ErrorDetail = NonNullable<ErrorResponse['details']>[number];

/**
 * A failed call: the HTTP status (0 when the network failed), the message to show, the server's code and details,
 * and the whole parsed answer (e.g. a deactivated event's 403 carries `isInactive`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: ErrorDetail[],
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type QueryValue = string | number | boolean | null | undefined;

/** The options of any route, untyped. */
export interface AnyRouteOptions {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  formData?: FormData;
  signal?: AbortSignal;
  on401?: 'throw' | 'returnNull';
}

/** `/api/events/{slug}` + `{ slug: 'a b' }` → `/api/events/a%20b` (shared/api/route-paths.ts buildPath). */
function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** One call to a route at its address: the request, the early answer if index.html started it, the errors. */
export async function callRoute(route: RouteAddress, options: AnyRouteOptions = {}): Promise<unknown> {
  const url = fillPath(route.path, options.params) + toQueryString(options.query);
  const hasBody = options.body !== undefined;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody && !options.formData) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await (takeEarlyAnswer(route.method, url) ??
      fetch(url, {
        method: route.method,
        credentials: 'include',
        headers,
        body: options.formData ?? (hasBody ? JSON.stringify(options.body) : undefined),
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error. Please check your connection and try again.', 'NETWORK_ERROR');
  }

  if (response.status === 401 && options.on401 === 'returnNull') return null;
  if (!response.ok) throw await toApiError(response);

  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(response.status, 'The server sent an answer that could not be read.', 'INVALID_RESPONSE');
  }
}

/**
 * A client of the routes given, by name, typed as apiRequest is, without the route table: `routes` spells out their
 * addresses, held to the table's by their type (`as const satisfies RouteAddresses`).
 */
export function routeCaller<T extends RouteAddresses>(routes: T) {
  return <K extends keyof T & RouteName>(name: K, ...args: OptionsArgs<K>): Promise<ApiResponse<K>> =>
    callRoute(routes[name] as RouteAddress, args[0] as AnyRouteOptions | undefined) as Promise<ApiResponse<K>>;
}

/** Some routes' addresses, exactly as the route table has them. */
export type RouteAddresses = Partial<typeof routePaths>;

/**
 * The answer to a GET that index.html started before the app's code arrived (a booking page's first calls), by
 * exact URL; each is taken once, later calls fetch anew.
 */
function takeEarlyAnswer(method: string, url: string): Promise<Response> | undefined {
  if (method !== 'GET' || typeof window === 'undefined') return undefined;
  const early = (window as { __meetwiseEarly?: Record<string, Promise<Response> | undefined> }).__meetwiseEarly;
  const answer = early?.[url];
  if (early && answer) delete early[url];
  return answer;
}

/**
 * How every answer is read: read the text (or the status text when empty), try JSON, use its
 * `message` field when there is one, else the raw text. Our server's `{ message, code, details }` is kept.
 */
async function toApiError(response: Response): Promise<ApiError> {
  const text = (await response.text().catch(() => '')) || response.statusText;
  let message = text;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the raw text is the message.
  }
  const fields = body && typeof body === 'object' ? (body as Partial<Record<keyof ErrorResponse, unknown>>) : {};
  if (typeof fields.message === 'string') message = fields.message;
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  const details = Array.isArray(fields.details) ? (fields.details as ErrorDetail[]) : undefined;
  return new ApiError(response.status, message || `Request failed with status ${response.status}`, code, details, body);
}

function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const encoded = search.toString();
  return encoded ? `?${encoded}` : '';
}
