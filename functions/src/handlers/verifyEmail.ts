import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { confirmEmail } from '#functions/app/email-verification';
import { accountDeps, coreDeps } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.verifyEmail, Pick<Deps, 'accounts' | 'emailProofs'>> = (deps, { principal, body }) => confirmEmail(deps, principal, body.token);
export const handler = httpRoute(routes.verifyEmail, run, () => ({ ...coreDeps(), ...accountDeps() }));
