import * as routes from '#shared/api/routes';
import { resendVerification, type ResendVerificationDeps } from '#functions/app/accounts/email-verification';
import { accountDeps, coreDeps, mailer } from '#functions/composition';
import { clientAddress } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.resendVerification, ResendVerificationDeps> = (deps, { principal, event }) =>
  resendVerification(deps, principal, clientAddress(event));
export const handler = httpRoute(routes.resendVerification, run, () => ({
  ...coreDeps(),
  ...accountDeps(),
  mailer: mailer(),
}));
