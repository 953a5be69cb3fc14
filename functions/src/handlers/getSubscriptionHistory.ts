import * as routes from '#shared/api/billing-routes';
import { subscriptionHistory, type BillingReadDeps } from '#functions/app/billing/billing-reads';
import { accountRepository, billingStore, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getSubscriptionHistory, BillingReadDeps> = async (deps, { principal }) =>
  subscriptionHistory(deps, principal);
export const handler = httpRoute(routes.getSubscriptionHistory, run, () => ({
  ...coreDeps(),
  accounts: accountRepository(),
  billing: billingStore(),
}));
