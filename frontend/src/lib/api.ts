import type { z } from 'zod/mini';

import { routePaths, type RouteName } from '#shared/api/route-paths';
import type { AllRoutes } from '#shared/api/routes';
import { callRoute, type AnyRouteOptions, type QueryValue } from '#frontend/lib/api-core.ts';

/**
 * The API client, fed by the route table: a call names its route; method and path come from the table's
 * schema-free half (shared/api/route-paths.ts), the body type from the row's request schema (what the form holds,
 * `z.input`) and the answer type from its response schema, as types only, so no page carries zod to make a call.
 * Answers are trusted as typed (the server validates what it sends); forms validate bodies themselves with the
 * same shared schemas before calling. The requests themselves are lib/api-core.ts's (which the booking page uses
 * alone, with its few routes' addresses: routeCaller).
 */

export { ApiError, isApiError, type ErrorDetail } from '#frontend/lib/api-core.ts';

type Row<K extends RouteName> = AllRoutes[K];

type ParamsOption<R> = R extends { params: infer P extends z.core.$ZodType }
  ? { params: z.input<P> }
  : { params?: Record<string, string | number> };
type QueryOption<R> = R extends { query: infer Q extends z.core.$ZodType }
  ? { query?: z.input<Q> }
  : { query?: Record<string, QueryValue> };
type BodyOption<R> = R extends { body: infer B extends z.core.$ZodType } ? { body: z.input<B> } : { body?: undefined };

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
     * What a 401 means to this caller (as every answer is read: a query may throw on 401 or
     * return null on 401). Default: throw.
     */
    on401?: 'throw' | 'returnNull';
  };

export type ApiResponse<K extends RouteName> = z.infer<Row<K>['response']>;

/** Options are required exactly when the route has a body or path parameters. */
export type OptionsArgs<K extends RouteName> =
  Row<K> extends { body: z.core.$ZodType } | { params: z.core.$ZodType }
    ? [options: ApiRequestOptions<K>]
    : [options?: ApiRequestOptions<K>];

export async function apiRequest<K extends RouteName>(
  route: K,
  options: ApiRequestOptions<K> & { on401: 'returnNull' },
): Promise<ApiResponse<K> | null>;
export async function apiRequest<K extends RouteName>(route: K, ...args: OptionsArgs<K>): Promise<ApiResponse<K>>;
export async function apiRequest(name: RouteName, options?: unknown): Promise<unknown> {
  // The overloads above type the options per route; here they are the untyped common shape.
  return callRoute(routePaths[name], options as AnyRouteOptions | undefined);
}
