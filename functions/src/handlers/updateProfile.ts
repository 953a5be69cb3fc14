import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { clientAddress } from '#functions/http/request';
import { updateProfile } from '#functions/app/accounts';
import { accountDeps, coreDeps, mailer } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.updateProfile, Pick<Deps, 'accounts' | 'emailProofs' | 'mailer' | 'rateLimiter'>> = (deps, { principal, body, event }) =>
  updateProfile(deps, principal, body, clientAddress(event));
export const handler = httpRoute(routes.updateProfile, run, () => ({ ...coreDeps(), ...accountDeps(), mailer: mailer() }));
