import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { disconnectCalendar } from '#functions/app/calendar-connection';
import { calendarConnectionDeps, coreDeps } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.disconnectCalendar, Pick<Deps, 'accounts' | 'hosts' | 'tokenCipher' | 'googleCalendarAuth' | 'calendars'>> = async (
  deps,
  { principal },
) => disconnectCalendar(deps, principal);
export const handler = httpRoute(routes.disconnectCalendar, run, () => ({ ...coreDeps(), ...calendarConnectionDeps() }));
