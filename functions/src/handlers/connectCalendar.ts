import * as routes from '#shared/api/routes';
import { connectCalendar, type ConnectCalendarDeps } from '#functions/app/calendars/calendar-connection';
import { calendarConnectionDeps, coreDeps, googleSignInDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.connectCalendar, ConnectCalendarDeps> = async (deps, { principal, query }) =>
  connectCalendar(deps, principal, { provider: query.provider, origin: deps.config.siteUrl });
export const handler = httpRoute(routes.connectCalendar, run, () => ({
  ...coreDeps(),
  ...calendarConnectionDeps(),
  oauthStates: googleSignInDeps().oauthStates,
}));
