import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { submitContact } from '#functions/app/submit-contact';
import { contactMessageRepository, coreDeps, mailer } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.submitContact, Pick<Deps, 'contactMessages' | 'mailer'>> = (deps, { body }) =>
  submitContact(deps, body);
export const handler = httpRoute(routes.submitContact, run, () => ({
  ...coreDeps(),
  contactMessages: contactMessageRepository(),
  mailer: mailer(),
}));
