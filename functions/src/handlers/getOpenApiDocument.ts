import { buildOpenApiDocument, type OpenApiDocument } from '#shared/api/openapi';
import * as routes from '#shared/api/routes';
import { coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

/**
 * The OpenAPI document of the whole route table, so this one function bundles every row and its schemas (the others
 * bundle their own row only). It is written once per cold start and answered as it is from then on.
 */
let document: OpenApiDocument | undefined;

export const run: RouteRun<typeof routes.getOpenApiDocument> = async () =>
  (document ??= buildOpenApiDocument(routes.routeTable));
export const handler = httpRoute(routes.getOpenApiDocument, run, coreDeps);
