import type { z } from 'zod';

import { buildPath, routePaths, type RouteName } from '#shared/api/route-paths';
import type { AllRoutes } from '#shared/api/routes';
import type { ErrorResponse } from '#shared/api/schemas/common';

/**
 * The API client, fed by the route table: a call names its route; method and path come from the table's
 * schema-free half (shared/api/route-paths.ts), the body type from the row's request schema (what the form holds,
 * `z.input`) and the answer type from its response schema, as types only, so no page carries zod to make a call.
 * Answers are trusted as typed (the server validates what it sends); forms validate bodies themselves with the
 * same shared schemas before calling.
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

type QueryValue = string | number | boolean | null | undefined;
type Row<K extends RouteName> = AllRoutes[K];

type ParamsOption<R> = R extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : { params?: Record<string, string | number> };
type QueryOption<R> = R extends { query: infer Q extends z.ZodType }
  ? { query?: z.input<Q> }
  : { query?: Record<string, QueryValue> };
type BodyOption<R> = R extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined };

export type ApiRequestOptions<K extends RouteName> = ParamsOption<Row<K>> &
  QueryOption<Row<K>> &
  BodyOption<Row<K>> & {
    signal?: AbortSignal;
    /**
     * A multipart body instead of JSON (the profile photo): sent as is, so the browser sets the multipart content
     * type with its boundary.
     */
    formData?: FormData;
    /**
     * What a 401 means to this caller (spec §7 "General answer handling": a query may throw on 401 or
     * return null on 401). Default: throw.
     */
    on401?: 'throw' | 'returnNull';
  };

export type ApiResponse<K extends RouteName> = z.infer<Row<K>['response']>;

/** Options are required exactly when the route has a body or path parameters. */
type OptionsArgs<K extends RouteName> =
  Row<K> extends { body: z.ZodType } | { params: z.ZodType }
    ? [options: ApiRequestOptions<K>]
    : [options?: ApiRequestOptions<K>];

export async function apiRequest<K extends RouteName>(
  route: K,
  options: ApiRequestOptions<K> & { on401: 'returnNull' },
): Promise<ApiResponse<K> | null>;
export async function apiRequest<K extends RouteName>(route: K, ...args: OptionsArgs<K>): Promise<ApiResponse<K>>;
export async function apiRequest(name: RouteName, rawOptions?: unknown): Promise<unknown> {
  const route = routePaths[name];
  // The overloads above type the options per route; here they are the untyped common shape.
  const options = (rawOptions ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    formData?: FormData;
    signal?: AbortSignal;
    on401?: 'throw' | 'returnNull';
  };
  const url = buildPath(route.path, options.params) + toQueryString(options.query);
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
 * Spec §7 "General answer handling": read the text (or the status text when empty), try JSON, use its
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
