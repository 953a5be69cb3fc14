import * as routes from '#shared/api/routes';
import { deleteAccount, type DeleteAccountDeps } from '#functions/app/accounts/accounts';
import {
  accountDeps,
  billingStore,
  calendarCleanup,
  config,
  coreDeps,
  photoStore,
  teamDepartures,
} from '#functions/composition';
import { paymentProviderFor } from '#functions/composition/billing';
import { isHttps } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.deleteAccount, DeleteAccountDeps> = async (
  deps,
  { principal, event, setCookie },
) => {
  const { cookie, ...answer } = await deleteAccount(deps, principal, isHttps(event));
  setCookie(cookie);
  return answer;
};
// Stripe too, when asked: a subscription is cancelled before the account goes (the row's needs.billing gives the secret).
export const handler = httpRoute(routes.deleteAccount, run, () => {
  const core = coreDeps();
  return {
    ...core,
    ...accountDeps(),
    photos: photoStore(),
    teamDepartures: teamDepartures(),
    calendarCleanup: calendarCleanup(),
    billing: billingStore(),
    paymentsWhenNeeded: () => paymentProviderFor(config(), core.logger),
  };
});
