import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { calendarSettings } from '#functions/app/calendar-connection';
import { accountRepository, coreDeps, hostRepository } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.getCalendarSettings, Pick<Deps, 'accounts' | 'hosts'>> = async (deps, { principal }) =>
  calendarSettings(deps, principal);
export const handler = httpRoute(routes.getCalendarSettings, run, () => ({ ...coreDeps(), accounts: accountRepository(), hosts: hostRepository() }));
