import { routes } from '#shared/api/routes';
import { subscriptionStatus, type SubscriptionStatusDeps } from '#functions/app/host-status';
import { accountRepository, coreDeps, hostRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getSubscriptionStatus, SubscriptionStatusDeps> = async (deps, { principal }) =>
  subscriptionStatus(deps, principal);
export const handler = httpRoute(routes.getSubscriptionStatus, run, () => ({
  ...coreDeps(),
  accounts: accountRepository(),
  hosts: hostRepository(),
}));
