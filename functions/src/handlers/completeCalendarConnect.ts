import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { completeCalendarConnect } from '#functions/app/calendar-connection';
import { calendarConnectionDeps, coreDeps, googleSignInDeps, settingsRepository } from '#functions/composition';
import type { Deps } from '#functions/ports';

type CallbackDeps = Pick<Deps, 'accounts' | 'hosts' | 'tokenCipher' | 'googleCalendarAuth' | 'calendars' | 'oauthStates' | 'settings'>;

export const run: RouteRun<typeof routes.completeCalendarConnect, CallbackDeps> = async (deps, { principal, query }) =>
  completeCalendarConnect(deps, principal, query);
export const handler = httpRoute(routes.completeCalendarConnect, run, () => ({
  ...coreDeps(),
  ...calendarConnectionDeps(),
  oauthStates: googleSignInDeps().oauthStates,
  settings: settingsRepository(),
}));
