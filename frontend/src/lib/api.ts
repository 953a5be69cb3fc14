import type { z } from 'zod';
import { buildPath, type RouteDefinition } from '#shared/api/routes';
import { errorResponse, type ErrorResponse } from '#shared/api/schemas/common';

/**
 * The API client, fed by the route table (shared/api/routes.ts): method and path come from the row, the body
 * type from the row's request schema (what the form holds, `z.input`) and the answer type from its response
 * schema. Answers are trusted as typed (the server validates what it sends); forms validate bodies themselves
 * with the same shared schemas before calling.
 */

export type ErrorDetail = NonNullable<ErrorResponse['details']>[number];

/** A failed call: the HTTP status (0 when the network failed), the message to show, and the server's code and details. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type QueryValue = string | number | boolean | null | undefined;

type ParamsOption<R> = R extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : { params?: Record<string, string | number> };
type QueryOption<R> = R extends { query: infer Q extends z.ZodType }
  ? { query?: z.input<Q> }
  : { query?: Record<string, QueryValue> };
type BodyOption<R> = R extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined };

export type ApiRequestOptions<R extends RouteDefinition> = ParamsOption<R> &
  QueryOption<R> &
  BodyOption<R> & {
    signal?: AbortSignal;
    /**
     * What a 401 means to this caller (spec §7 "General answer handling": a query may throw on 401 or
     * return null on 401). Default: throw.
     */
    on401?: 'throw' | 'returnNull';
  };

export type ApiResponse<R extends RouteDefinition> = z.infer<R['response']>;

/** Options are required exactly when the route has a body or path parameters. */
type OptionsArgs<R extends RouteDefinition> = R extends { body: z.ZodType } | { params: z.ZodType }
  ? [options: ApiRequestOptions<R>]
  : [options?: ApiRequestOptions<R>];

export async function apiRequest<R extends RouteDefinition>(
  route: R,
  options: ApiRequestOptions<R> & { on401: 'returnNull' },
): Promise<ApiResponse<R> | null>;
export async function apiRequest<R extends RouteDefinition>(
  route: R,
  ...args: OptionsArgs<R>
): Promise<ApiResponse<R>>;
export async function apiRequest(route: RouteDefinition, rawOptions?: unknown): Promise<unknown> {
  // The overloads above type the options per route; here they are the untyped common shape.
  const options = (rawOptions ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
    on401?: 'throw' | 'returnNull';
  };
  const url = buildPath(route.path, options.params) + toQueryString(options.query);
  const hasBody = options.body !== undefined;

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      credentials: 'include',
      headers: hasBody ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
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
 * Spec §7 "General answer handling": read the text (or the status text when empty), try JSON, use its
 * `message` field when there is one, else the raw text. Our server's `{ message, code, details }` is kept.
 */
async function toApiError(response: Response): Promise<ApiError> {
  const text = (await response.text().catch(() => '')) || response.statusText;
  let message = text;
  let code: string | undefined;
  let details: ErrorDetail[] | undefined;
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object') {
      const known = errorResponse.partial().safeParse(json);
      const fields = json as Record<string, unknown>;
      if (typeof fields.message === 'string') message = fields.message;
      if (known.success) {
        code = known.data.code;
        details = known.data.details;
      }
    }
  } catch {
    // Not JSON: the raw text is the message.
  }
  return new ApiError(response.status, message || `Request failed with status ${response.status}`, code, details);
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
