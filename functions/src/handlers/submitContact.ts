import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { submitContact } from '#functions/app/submit-contact';

export const run: RouteRun<typeof routes.submitContact> = (deps, { body }) => submitContact(deps, body);
export const handler = httpRoute(routes.submitContact, run);
