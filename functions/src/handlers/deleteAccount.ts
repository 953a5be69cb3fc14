import * as routes from '#shared/api/routes';
import { deleteAccount, type DeleteAccountDeps } from '#functions/app/accounts';
import {
  accountDeps,
  bookingLedger,
  calendarConnectionDeps,
  coreDeps,
  eventRepository,
  photoStore,
  teamRepository,
} from '#functions/composition';
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
export const handler = httpRoute(routes.deleteAccount, run, () => ({
  ...coreDeps(),
  ...calendarConnectionDeps(),
  ...accountDeps(),
  photos: photoStore(),
  teams: teamRepository(),
  events: eventRepository(),
  bookings: bookingLedger(),
}));
