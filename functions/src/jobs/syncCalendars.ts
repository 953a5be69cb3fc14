import { syncAllCalendars } from '#functions/app/calendar-sync';
import { availabilityDeps, coreDeps } from '#functions/composition';

/** The scheduled calendar sync (shared/jobs.ts): an EventBridge rule in the cloud, the local runner on one machine. */
export const handler = async () => {
  const core = coreDeps();
  return syncAllCalendars({ ...core, ...availabilityDeps() });
};
