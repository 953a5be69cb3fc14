import * as routes from '#shared/api/routes';
import { signInWithLink, type SignInWithLinkDeps } from '#functions/app/accounts/sign-in-link';
import { accountDeps, calendarConnectionDeps, coreDeps } from '#functions/composition';
import { isHttps } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.signInWithLink, SignInWithLinkDeps> = async (
  deps,
  { body, event, setCookie },
) => {
  const { cookie, ...answer } = await signInWithLink(deps, { token: body.token, secure: isHttps(event) });
  setCookie(cookie);
  return answer;
};
// The calendar's deps too: claiming an unproven account revokes its creator's Google grant.
export const handler = httpRoute(routes.signInWithLink, run, () => ({
  ...coreDeps(),
  ...calendarConnectionDeps(),
  ...accountDeps(),
}));
