import * as routes from '#shared/api/routes';
import { logout, type LogoutDeps } from '#functions/app/accounts/accounts';
import { accountDeps, coreDeps } from '#functions/composition';
import { isHttps } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.logout, LogoutDeps> = async (deps, { principal, event, setCookie }) => {
  const { message, cookie } = await logout(deps, principal, isHttps(event));
  setCookie(cookie);
  return { message };
};
export const handler = httpRoute(routes.logout, run, () => ({ ...coreDeps(), ...accountDeps() }));
