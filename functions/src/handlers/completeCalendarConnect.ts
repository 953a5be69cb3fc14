import * as routes from '#shared/api/routes';
import {
  completeCalendarConnect,
  type CompleteCalendarConnectDeps,
} from '#functions/app/calendars/calendar-connection';
import { calendarConnectionDeps, coreDeps, googleSignInDeps, settingsRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.completeCalendarConnect, CompleteCalendarConnectDeps> = async (
  deps,
  { principal, query },
) => completeCalendarConnect(deps, principal, query);
export const handler = httpRoute(routes.completeCalendarConnect, run, () => ({
  ...coreDeps(),
  ...calendarConnectionDeps(),
  oauthStates: googleSignInDeps().oauthStates,
  settings: settingsRepository(),
}));
