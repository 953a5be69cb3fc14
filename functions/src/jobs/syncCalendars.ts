import { syncAllCalendars } from '#functions/app/calendars/calendar-sync';
import { availabilityDeps, coreDeps } from '#functions/composition';
import { scheduledJob } from '#functions/jobs/scheduled-job';

/** The scheduled calendar sync (shared/jobs.ts): an EventBridge rule in the cloud, the local runner on one machine. */
export const handler = scheduledJob('syncCalendars', () => syncAllCalendars({ ...coreDeps(), ...availabilityDeps() }));
