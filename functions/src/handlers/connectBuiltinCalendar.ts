import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { connectBuiltinCalendar } from '#functions/app/calendar-connection';
import { calendarConnectionDeps, coreDeps } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<
  typeof routes.connectBuiltinCalendar,
  Pick<Deps, 'accounts' | 'hosts' | 'tokenCipher' | 'googleCalendarAuth' | 'calendars'>
> = async (deps, { principal }) => connectBuiltinCalendar(deps, principal);
export const handler = httpRoute(routes.connectBuiltinCalendar, run, () => ({ ...coreDeps(), ...calendarConnectionDeps() }));
