import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { revokeCalendarFeed } from '#functions/app/calendar-connection';
import { accountRepository, coreDeps, hostRepository } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.revokeCalendarFeed, Pick<Deps, 'accounts' | 'hosts'>> = async (deps, { principal }) =>
  revokeCalendarFeed(deps, principal);
export const handler = httpRoute(routes.revokeCalendarFeed, run, () => ({ ...coreDeps(), accounts: accountRepository(), hosts: hostRepository() }));
