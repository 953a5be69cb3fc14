import * as routes from '#shared/api/routes';
import { requestSignInLink, type RequestSignInLinkDeps } from '#functions/app/accounts/sign-in-link';
import { accountDeps, coreDeps, mailer } from '#functions/composition';
import { clientAddress } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.manualLogin, RequestSignInLinkDeps> = (deps, { body, event }) =>
  requestSignInLink(deps, { email: body.email, origin: deps.config.siteUrl, clientAddress: clientAddress(event) });
export const handler = httpRoute(routes.manualLogin, run, () => ({
  ...coreDeps(),
  ...accountDeps(),
  mailer: mailer(),
}));
