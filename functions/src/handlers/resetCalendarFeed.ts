import * as routes from '#shared/api/routes';
import { resetCalendarFeed, type CalendarFeedLinkDeps } from '#functions/app/calendars/calendar-connection';
import { accountRepository, coreDeps, hostRepository, tokenCipher } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.resetCalendarFeed, CalendarFeedLinkDeps> = async (deps, { principal }) =>
  resetCalendarFeed(deps, principal, deps.config.siteUrl);
export const handler = httpRoute(routes.resetCalendarFeed, run, () => ({
  ...coreDeps(),
  accounts: accountRepository(),
  hosts: hostRepository(),
  tokenCipher: tokenCipher(),
}));
