import * as routes from '#shared/api/routes';
import { confirmEmail, type ConfirmEmailDeps } from '#functions/app/accounts/email-verification';
import { accountDeps, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.verifyEmail, ConfirmEmailDeps> = (deps, { principal, body }) =>
  confirmEmail(deps, principal, body.token);
export const handler = httpRoute(routes.verifyEmail, run, () => ({ ...coreDeps(), ...accountDeps() }));
