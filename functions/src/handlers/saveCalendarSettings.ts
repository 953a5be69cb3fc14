import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { saveCalendarSettings } from '#functions/app/calendar-connection';
import { accountRepository, coreDeps, hostRepository } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.saveCalendarSettings, Pick<Deps, 'accounts' | 'hosts'>> = async (deps, { principal, body }) =>
  saveCalendarSettings(deps, principal, body);
export const handler = httpRoute(routes.saveCalendarSettings, run, () => ({ ...coreDeps(), accounts: accountRepository(), hosts: hostRepository() }));
