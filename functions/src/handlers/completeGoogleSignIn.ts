import * as routes from '#shared/api/routes';
import {
  completeGoogleSignIn,
  OAUTH_STATE_COOKIE,
  type CompleteGoogleSignInDeps,
} from '#functions/app/accounts/google-sign-in';
import { accountDeps, calendarConnectionDeps, coreDeps, googleSignInDeps } from '#functions/composition';
import { readCookie } from '#functions/http/cookies';
import { isHttps } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.completeGoogleSignIn, CompleteGoogleSignInDeps> = async (
  deps,
  { query, event, setCookie },
) => {
  const cookieState = readCookie({ cookies: event.cookies ?? [], headers: event.headers ?? {} }, OAUTH_STATE_COOKIE);
  const { location, cookies } = await completeGoogleSignIn(deps, { ...query, cookieState, secure: isHttps(event) });
  cookies.forEach(setCookie);
  return { location };
};
export const handler = httpRoute(routes.completeGoogleSignIn, run, () => ({
  ...coreDeps(),
  ...calendarConnectionDeps(),
  ...accountDeps(),
  ...googleSignInDeps(),
}));
