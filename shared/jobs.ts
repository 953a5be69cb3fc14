import type { RouteNeeds } from '#shared/api/routes';

/**
 * The scheduled jobs: each a function in functions/src/jobs/{name}.ts exporting `handler`. The CDK stack gives
 * each an EventBridge rule at its rate; on one machine the local runner calls the same handler on the same rate.
 */
export interface JobDefinition {
  name: string;
  summary: string;
  everyMinutes: number;
  needs: RouteNeeds;
}

export const jobs = {
  syncCalendars: {
    name: 'syncCalendars',
    summary: "Syncs every Google-connected host's calendar: bookings whose event the host deleted are cancelled.",
    everyMinutes: 15,
    needs: { table: 'readwrite', google: true },
  },
} as const satisfies Record<string, JobDefinition>;

export const jobTable: readonly JobDefinition[] = Object.values(jobs);
