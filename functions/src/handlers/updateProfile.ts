import * as routes from '#shared/api/routes';
import { updateProfile, type UpdateProfileDeps } from '#functions/app/accounts/accounts';
import { accountDeps, coreDeps, mailer } from '#functions/composition';
import { clientAddress } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.updateProfile, UpdateProfileDeps> = (deps, { principal, body, event }) =>
  updateProfile(deps, principal, body, clientAddress(event));
export const handler = httpRoute(routes.updateProfile, run, () => ({
  ...coreDeps(),
  ...accountDeps(),
  mailer: mailer(),
}));
