import * as routes from '#shared/api/routes';
import { saveCalendarSettings, type CalendarHostDeps } from '#functions/app/calendars/calendar-connection';
import { accountRepository, coreDeps, hostRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.saveCalendarSettings, CalendarHostDeps> = async (deps, { principal, body }) =>
  saveCalendarSettings(deps, principal, body);
export const handler = httpRoute(routes.saveCalendarSettings, run, () => ({
  ...coreDeps(),
  accounts: accountRepository(),
  hosts: hostRepository(),
}));
