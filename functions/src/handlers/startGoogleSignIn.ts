import * as routes from '#shared/api/routes';
import { startGoogleSignIn, type GoogleSignInDeps } from '#functions/app/accounts/google-sign-in';
import { coreDeps, googleSignInDeps } from '#functions/composition';
import { isHttps } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.startGoogleSignIn, GoogleSignInDeps> = async (deps, { event, setCookie }) => {
  const { location, cookies } = await startGoogleSignIn(deps, { origin: deps.config.siteUrl, secure: isHttps(event) });
  cookies.forEach(setCookie);
  return { location };
};
export const handler = httpRoute(routes.startGoogleSignIn, run, () => ({ ...coreDeps(), ...googleSignInDeps() }));
