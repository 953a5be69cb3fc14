import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { clientAddress } from '#functions/http/request';
import { register } from '#functions/app/accounts';
import { accountDeps, coreDeps, mailer } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.register, Pick<Deps, 'accounts' | 'passwords' | 'rateLimiter' | 'emailProofs' | 'mailer'>> = (
  deps,
  { body, event },
) => register(deps, { ...body, clientAddress: clientAddress(event) });
export const handler = httpRoute(routes.register, run, () => ({ ...coreDeps(), ...accountDeps(), mailer: mailer() }));
