import * as routes from '#shared/api/billing-routes';
import { planQuotes, type QuoteDeps } from '#functions/app/billing/plan-prices';
import { accountRepository, billingStore, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getPlanQuotes, QuoteDeps> = async (deps, { query, principal }) =>
  planQuotes(deps, query.promoCode, principal);
export const handler = httpRoute(routes.getPlanQuotes, run, () => ({
  ...coreDeps(),
  billing: billingStore(),
  accounts: accountRepository(),
}));
