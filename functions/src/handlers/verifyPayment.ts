import * as routes from '#shared/api/billing-routes';
import { verifyPayment, type VerifyDeps } from '#functions/app/billing/verify-payment';
import { billingDeps } from '#functions/composition/billing';
import { clientAddress } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.verifyPayment, VerifyDeps> = (deps, { body, event }) =>
  verifyPayment(deps, body, clientAddress(event));
export const handler = httpRoute(routes.verifyPayment, run, billingDeps);
