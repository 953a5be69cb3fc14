import * as routes from '#shared/api/routes';
import { calendarSettings, type CalendarHostDeps } from '#functions/app/calendars/calendar-connection';
import { accountRepository, coreDeps, hostRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getCalendarSettings, CalendarHostDeps> = async (deps, { principal }) =>
  calendarSettings(deps, principal);
export const handler = httpRoute(routes.getCalendarSettings, run, () => ({
  ...coreDeps(),
  accounts: accountRepository(),
  hosts: hostRepository(),
}));
