import * as routes from '#shared/api/billing-routes';
import { createCheckoutSession, type PurchaseDeps } from '#functions/app/billing/purchases';
import { billingDeps } from '#functions/composition/billing';
import { clientAddress } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.createCheckoutSession, PurchaseDeps> = (deps, { principal, body, event }) =>
  createCheckoutSession(deps, principal, body, clientAddress(event));
export const handler = httpRoute(routes.createCheckoutSession, run, billingDeps);
