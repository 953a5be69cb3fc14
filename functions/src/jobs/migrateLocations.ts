import { migrateLocations } from '#functions/app/events/migrate-locations';
import {
  bookingLedger,
  coreDeps,
  eventRepository,
  hostRepository,
  locationFallbacks,
  teamRepository,
} from '#functions/composition';
import { scheduledJob } from '#functions/jobs/scheduled-job';

/**
 * Issue 30: Google Meet event types whose hosts have no Google Calendar become video calls, and their upcoming
 * bookings get a room (functions/src/app/events/migrate-locations.ts). Idempotent: a scheduled job (shared/jobs.ts, every
 * hour, so a grant Google revoked on its side is caught too) and run at every local start (infra/local/start.ts).
 */
export const handler = scheduledJob('migrateLocations', async () => {
  const { events, bookings } = await migrateLocations({
    ...coreDeps(),
    events: eventRepository(),
    hosts: hostRepository(),
    teams: teamRepository(),
    bookings: bookingLedger(),
    locationFallbacks: locationFallbacks(),
  });
  return { events: events.length, bookings };
});
