import * as routes from '#shared/api/routes';
import { register, type RegisterDeps } from '#functions/app/accounts/accounts';
import { accountDeps, coreDeps, mailer } from '#functions/composition';
import { clientAddress } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.register, RegisterDeps> = (deps, { body, event }) =>
  register(deps, { ...body, clientAddress: clientAddress(event) });
export const handler = httpRoute(routes.register, run, () => ({ ...coreDeps(), ...accountDeps(), mailer: mailer() }));
