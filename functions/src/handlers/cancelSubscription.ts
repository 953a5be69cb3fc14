import * as routes from '#shared/api/billing-routes';
import { cancelSubscription, type CancelPlanDeps } from '#functions/app/billing/cancel-subscription';
import { billingDeps } from '#functions/composition/billing';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.cancelSubscription, CancelPlanDeps> = (deps, { principal, params }) =>
  cancelSubscription(deps, principal, params.id);
export const handler = httpRoute(routes.cancelSubscription, run, billingDeps);
