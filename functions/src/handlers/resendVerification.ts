import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { clientAddress } from '#functions/http/request';
import { resendVerification } from '#functions/app/email-verification';
import { accountDeps, coreDeps, mailer } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.resendVerification, Pick<Deps, 'accounts' | 'emailProofs' | 'mailer' | 'rateLimiter'>> = (
  deps,
  { principal, event },
) => resendVerification(deps, principal, clientAddress(event));
export const handler = httpRoute(routes.resendVerification, run, () => ({ ...coreDeps(), ...accountDeps(), mailer: mailer() }));
