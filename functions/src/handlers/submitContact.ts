import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { clientAddress } from '#functions/http/request';
import { submitContact } from '#functions/app/submit-contact';
import { contactMessageRepository, coreDeps, mailer, rateLimiter } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.submitContact, Pick<Deps, 'contactMessages' | 'mailer' | 'rateLimiter'>> = (
  deps,
  { body, event },
) => submitContact(deps, body, clientAddress(event));
export const handler = httpRoute(routes.submitContact, run, () => ({
  ...coreDeps(),
  contactMessages: contactMessageRepository(),
  mailer: mailer(),
  rateLimiter: rateLimiter(),
}));
