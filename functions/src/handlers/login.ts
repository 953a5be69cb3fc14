import * as routes from '#shared/api/routes';
import { login, type LoginDeps } from '#functions/app/accounts/accounts';
import { accountDeps, coreDeps } from '#functions/composition';
import { clientAddress, isHttps } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.login, LoginDeps> = async (deps, { body, event, setCookie }) => {
  const { user, cookie } = await login(deps, { ...body, clientAddress: clientAddress(event), secure: isHttps(event) });
  setCookie(cookie);
  return { user };
};
export const handler = httpRoute(routes.login, run, () => ({ ...coreDeps(), ...accountDeps() }));
