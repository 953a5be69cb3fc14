import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { isHttps } from '#functions/http/request';
import { deleteAccount } from '#functions/app/accounts';
import { accountDeps, calendarConnectionDeps, coreDeps, photoStore } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.deleteAccount, Pick<Deps, 'accounts' | 'sessionIssuer' | 'photos' | 'hosts' | 'tokenCipher' | 'googleCalendarAuth'>> = async (
  deps,
  { principal, event, setCookie },
) => {
  const { cookie, ...answer } = await deleteAccount(deps, principal, isHttps(event));
  setCookie(cookie);
  return answer;
};
export const handler = httpRoute(routes.deleteAccount, run, () => ({
  ...coreDeps(),
  ...calendarConnectionDeps(),
  ...accountDeps(),
  photos: photoStore(),
}));
