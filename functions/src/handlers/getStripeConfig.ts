import * as routes from '#shared/api/billing-routes';
import { stripeConfig } from '#functions/app/billing/billing-reads';
import { coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getStripeConfig> = async (deps) => stripeConfig(deps);
export const handler = httpRoute(routes.getStripeConfig, run, () => coreDeps());
