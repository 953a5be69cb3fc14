import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { clientAddress } from '#functions/http/request';
import { requestSignInLink, type RequestSignInLinkDeps } from '#functions/app/sign-in-link';
import { accountDeps, coreDeps, mailer } from '#functions/composition';

export const run: RouteRun<typeof routes.manualLogin, RequestSignInLinkDeps> = (deps, { body, event }) =>
  requestSignInLink(deps, { email: body.email, origin: deps.config.siteUrl, clientAddress: clientAddress(event) });
export const handler = httpRoute(routes.manualLogin, run, () => ({ ...coreDeps(), ...accountDeps(), mailer: mailer() }));
