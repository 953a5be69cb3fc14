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
  migrateLocations: {
    name: 'migrateLocations',
    summary:
      'Moves Google Meet event types whose hosts have no Google Calendar (never connected, disconnected or revoked at Google) to the built-in video call and gives their upcoming bookings a room, which mails them "Location updated". Idempotent; also run at every local start.',
    everyMinutes: 60,
    needs: { table: 'readwrite' },
  },
} as const satisfies Record<string, JobDefinition>;

export const jobTable: readonly JobDefinition[] = Object.values(jobs);

/**
 * Jobs fed by the table's stream (new and old images): an event source mapping in the cloud (filtered by the items'
 * `type`, partial batch failures, bisect on error, bounded retries, an SQS dead-letter queue); on one machine the
 * local runner's stream poller, which applies the same filters and hands over the same event shape.
 */
export interface StreamJobDefinition {
  name: string;
  summary: string;
  /** Which records the job is given: any that one of these filters accepts. */
  filters: readonly StreamFilter[];
  needs: RouteNeeds;
  /** Creates and deletes the booking timers (EventBridge Scheduler in the cloud): gets the scheduler's settings. */
  timers?: boolean;
}

/** Records of some item types and some kinds of change, told apart by the `type` attribute of one of the images. */
export interface StreamFilter {
  changes: readonly ('INSERT' | 'MODIFY' | 'REMOVE')[];
  /** The image whose `type` is read: the new one for inserts and changes, the old one for removals. */
  image: 'NewImage' | 'OldImage';
  types: readonly string[];
}

export const streamJobs = {
  notifyBookingChanges: {
    name: 'notifyBookingChanges',
    summary:
      'Queues the booking e-mails a change calls for (booked, requested, confirmed, declined, cancelled, rescheduled) and creates or deletes the booking timers; queues the webhook messages it is for; mails each new team invitation, and each host whose Google Meet event types became video calls.',
    filters: [
      { changes: ['INSERT', 'MODIFY'], image: 'NewImage', types: ['Booking'] },
      // A new team invitation: its mail (issue 28). A host's Google Meet event types became video calls: the host's
      // mail (issue 30).
      { changes: ['INSERT'], image: 'NewImage', types: ['TeamInvitation', 'LocationFallback'] },
    ],
    needs: { table: 'readwrite', mail: true, webhooks: 'enqueue', mailQueue: 'send' },
    timers: true,
  },
  publishBookingPages: {
    name: 'publishBookingPages',
    summary:
      "Renders an event type's booking page to static HTML when the event, its host's name or photo, the host's calendar connection or plan, or the admin's pause changes, and publishes it (or takes it down); a team's page (team/{slug}) and its event types' pages when the team's name or logo, one of its event types or a member's name, photo, calendar or plan changes.",
    filters: [
      {
        changes: ['INSERT', 'MODIFY'],
        image: 'NewImage',
        types: ['Event', 'User', 'CalendarConnection', 'Plan', 'Settings', 'Team'],
      },
      { changes: ['REMOVE'], image: 'OldImage', types: ['Event', 'CalendarConnection', 'Plan', 'Team'] },
    ],
    needs: { table: 'read' },
  },
} as const satisfies Record<string, StreamJobDefinition>;

export const streamJobTable: readonly StreamJobDefinition[] = Object.values(streamJobs);

/**
 * The filters of a stream job, as the event source mapping's filter patterns (Lambda event filtering syntax; a
 * record passes when any pattern matches). The local poller matches records with {@link matchesStreamFilter}.
 */
export const streamFilterPatterns = (job: StreamJobDefinition) =>
  job.filters.map((filter) => ({
    eventName: [...filter.changes],
    dynamodb: { [filter.image]: { type: { S: [...filter.types] } } },
  }));

type StreamImage = Record<string, { S?: string } | undefined>;

/** Whether a stream record passes one of a stream job's filters (the local poller's copy of the mapping's filtering). */
export function matchesStreamFilter(
  job: StreamJobDefinition,
  record: { eventName?: string; dynamodb?: { NewImage?: StreamImage; OldImage?: StreamImage } },
): boolean {
  return job.filters.some(
    (filter) =>
      (filter.changes as readonly string[]).includes(record.eventName ?? '') &&
      filter.types.includes(record.dynamodb?.[filter.image]?.type?.S ?? ''),
  );
}

/**
 * The attribute `npm run table:copy` (infra/copy-table.ts) gives every item it writes: a value new to each run, so
 * the stream record of that very write is told apart from any later change of the item.
 */
export const RESTORE_STAMP = 'restoreStamp';

/**
 * Whether a stream record is a restore's own write (docs/self-hosting.md, "Restoring the table"): its new image
 * carries a restore stamp its old image did not have. The stream jobs skip such records, in the cloud and on one
 * machine alike (they are the same handlers), so a restore sends no mail, schedules no reminder, queues no webhook
 * and publishes no page. A later real change of a restored item keeps the stamp (or drops it): not skipped.
 */
export function isRestoreWrite(record: {
  eventName?: string;
  dynamodb?: { NewImage?: StreamImage; OldImage?: StreamImage };
}): boolean {
  if (record.eventName === 'REMOVE') return false;
  const stamp = record.dynamodb?.NewImage?.[RESTORE_STAMP]?.S;
  return stamp !== undefined && stamp !== record.dynamodb?.OldImage?.[RESTORE_STAMP]?.S;
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
      'Queues a reminder before a booking starts, after re-reading it: only if it is still confirmed and still starts at the time the timer was set for (the mail queue reads it again before sending).',
    kind: 'reminder',
    needs: { table: 'read', mailQueue: 'send' },
  },
  expirePendingBooking: {
    name: 'expirePendingBooking',
    summary: 'Declines a booking still pending at its start (the host never answered); the guest is told.',
    kind: 'pending-expiry',
    needs: { table: 'readwrite' },
  },
} as const satisfies Record<string, TimerJobDefinition>;

export const timerJobTable: readonly TimerJobDefinition[] = Object.values(timerJobs);

/**
 * Jobs fed by a queue (issue 29): an SQS queue and its event source mapping in the cloud (partial batch failures, a
 * dead-letter queue after a few receives); on one machine the local runner's queue in the table, fired when due.
 */
export interface QueueJobDefinition {
  name: string;
  summary: string;
  needs: RouteNeeds;
}

export const queueJobs = {
  deliverWebhook: {
    name: 'deliverWebhook',
    summary:
      "Delivers one webhook message: signs it afresh, posts it to the endpoint behind the address guard, logs the attempt and queues the next one on Svix's schedule (410 or 3 failing days switch the endpoint off, mailing its owner).",
    needs: { table: 'readwrite', mail: true, webhooks: 'deliver' },
  },
  sendBookingMail: {
    name: 'sendBookingMail',
    summary:
      "Sends the queued booking e-mails at the pace SES allows (the lower of the account's rate and the stage's), each once; a reminder only if its booking is still confirmed at the same start; throttled sends come back after a backoff.",
    needs: { table: 'readwrite', mail: true },
  },
} as const satisfies Record<string, QueueJobDefinition>;

export const queueJobTable: readonly QueueJobDefinition[] = Object.values(queueJobs);
