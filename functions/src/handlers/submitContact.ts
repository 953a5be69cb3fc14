import * as routes from '#shared/api/routes';
import { submitContact, type SubmitContactDeps } from '#functions/app/site/submit-contact';
import { contactMessageRepository, coreDeps, mailer, rateLimiter, settingsRepository } from '#functions/composition';
import { clientAddress } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.submitContact, SubmitContactDeps> = (deps, { body, event }) =>
  submitContact(deps, body, clientAddress(event));
export const handler = httpRoute(routes.submitContact, run, () => ({
  ...coreDeps(),
  contactMessages: contactMessageRepository(),
  mailer: mailer(),
  rateLimiter: rateLimiter(),
  settings: settingsRepository(),
}));
