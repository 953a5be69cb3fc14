import * as routes from '#shared/api/routes';
import { calendarStatus, type CalendarStatusDeps } from '#functions/app/calendars/calendar-connection';
import { accountRepository, coreDeps, hostRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getCalendarStatus, CalendarStatusDeps> = async (deps, { principal }) =>
  calendarStatus(deps, principal);
export const handler = httpRoute(routes.getCalendarStatus, run, () => ({
  ...coreDeps(),
  accounts: accountRepository(),
  hosts: hostRepository(),
}));
