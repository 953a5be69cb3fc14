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

/**
 * Jobs fed by the table's stream (new and old images): an event source mapping in the cloud (filtered to `recordType`
 * items, partial batch failures, bisect on error, bounded retries, an SQS dead-letter queue); on one machine the
 * local runner's stream poller, which applies the same filter and hands over the same event shape.
 */
export interface StreamJobDefinition {
  name: string;
  summary: string;
  /** The `type` attribute of the items whose inserts and changes the job is given. */
  recordType: string;
  needs: RouteNeeds;
}

export const streamJobs = {
  notifyBookingChanges: {
    name: 'notifyBookingChanges',
    summary:
      'Sends the booking e-mails a change calls for (booked, requested, confirmed, declined, cancelled, rescheduled) and creates or deletes the booking timers.',
    recordType: 'Booking',
    needs: { table: 'readwrite', mail: true },
  },
} as const satisfies Record<string, StreamJobDefinition>;

export const streamJobTable: readonly StreamJobDefinition[] = Object.values(streamJobs);

/**
 * The stream filter of a stream job, as the event source mapping's filter pattern (Lambda event filtering syntax):
 * inserts and changes of items of its type. The local poller matches records with {@link matchesStreamFilter}.
 */
export const streamFilterPattern = (job: StreamJobDefinition) => ({
  eventName: ['INSERT', 'MODIFY'],
  dynamodb: { NewImage: { type: { S: [job.recordType] } } },
});

/** Whether a stream record passes a stream job's filter (the local poller's copy of the mapping's filtering). */
export function matchesStreamFilter(
  job: StreamJobDefinition,
  record: { eventName?: string; dynamodb?: { NewImage?: Record<string, { S?: string } | undefined> } },
): boolean {
  return (
    (record.eventName === 'INSERT' || record.eventName === 'MODIFY') &&
    record.dynamodb?.NewImage?.type?.S === job.recordType
  );
}

/** Jobs that one-time timers invoke (EventBridge Scheduler in the cloud; the local scheduler on one machine). */
export interface TimerJobDefinition {
  name: string;
  summary: string;
  /** The timer payload kind it handles (ports.TimerPayload). */
  kind: 'reminder' | 'pending-expiry';
  needs: RouteNeeds;
}

export const timerJobs = {
  sendReminder: {
    name: 'sendReminder',
    summary:
      'Sends a reminder before a booking starts, after re-reading it: only if it is still confirmed and still starts at the time the timer was set for.',
    kind: 'reminder',
    needs: { table: 'readwrite', mail: true },
  },
  expirePendingBooking: {
    name: 'expirePendingBooking',
    summary: 'Declines a booking still pending at its start (the host never answered); the guest is told.',
    kind: 'pending-expiry',
    needs: { table: 'readwrite' },
  },
} as const satisfies Record<string, TimerJobDefinition>;

export const timerJobTable: readonly TimerJobDefinition[] = Object.values(timerJobs);
