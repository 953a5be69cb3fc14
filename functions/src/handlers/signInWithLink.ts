import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { isHttps } from '#functions/http/request';
import { signInWithLink } from '#functions/app/sign-in-link';
import { accountDeps, coreDeps } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.signInWithLink, Pick<Deps, 'signInLinks' | 'accounts' | 'sessionIssuer'>> = async (
  deps,
  { query, event, setCookie },
) => {
  const { location, cookie } = await signInWithLink(deps, { token: query.token, secure: isHttps(event) });
  if (cookie) setCookie(cookie);
  return { location };
};
export const handler = httpRoute(routes.signInWithLink, run, () => ({ ...coreDeps(), ...accountDeps() }));
