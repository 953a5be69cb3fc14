import * as routes from '#shared/api/billing-routes';
import { subscriptionStatus, type BillingReadDeps } from '#functions/app/billing/billing-reads';
import { accountRepository, billingStore, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getSubscriptionStatus, BillingReadDeps> = async (deps, { principal }) =>
  subscriptionStatus(deps, principal);
export const handler = httpRoute(routes.getSubscriptionStatus, run, () => ({
  ...coreDeps(),
  accounts: accountRepository(),
  billing: billingStore(),
}));
