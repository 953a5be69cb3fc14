import * as routes from '#shared/api/routes';
import { revokeCalendarFeed, type CalendarHostDeps } from '#functions/app/calendars/calendar-connection';
import { accountRepository, coreDeps, hostRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.revokeCalendarFeed, CalendarHostDeps> = async (deps, { principal }) =>
  revokeCalendarFeed(deps, principal);
export const handler = httpRoute(routes.revokeCalendarFeed, run, () => ({
  ...coreDeps(),
  accounts: accountRepository(),
  hosts: hostRepository(),
}));
