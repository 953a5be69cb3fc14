/**
 * The cost model of docs/scale.md: what Meetwise costs a month on AWS at a given traffic, and the figures its limits
 * section quotes. Pure: no I/O. `npx tsx test/bench/cost-report.ts` (or `BENCH_ONLY=cost npm run bench`) prints the
 * doc's tables from it.
 *
 * Three parts:
 * - OPERATIONS: what one run of each operation sends (DynamoDB requests and request units, mails, timers, pages),
 *   measured from the code by test/integration/cost-model.test.ts, which fails when the code sends more than this
 *   says; and what it is assumed to take (billed milliseconds), which no test can measure without AWS.
 * - ASSUMPTIONS: how often each operation runs per booking-page view, booking and host.
 * - PRICES: AWS list prices in us-east-1 as the author knew them (see PRICE_NOTE); check current pricing.
 */

import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from '#functions/domain/webhooks';

export const PRICE_NOTE =
  'AWS public list prices for us-east-1 as the author knew them in 2025 (the pricing pages of Lambda, API Gateway, ' +
  'DynamoDB (on-demand, after the November 2024 reduction), CloudFront, S3, SES, EventBridge Scheduler, Secrets ' +
  'Manager, KMS, SQS, WAF, CloudWatch and X-Ray), written down without internet access: check current pricing before ' +
  'relying on them.';

/** A price that falls with volume: `perUnit` applies to the units up to `upTo` (cumulative). */
export interface Tier {
  upTo: number;
  perUnit: number;
}

export const PRICES = {
  lambda: {
    /** arm64, per GB-second of duration (and, since August 2025, of the init phase of a cold start). */
    gbSecond: 0.0000133334,
    perRequest: 0.2 / 1e6,
    /** arm64 provisioned concurrency, per GB-second kept ready. */
    provisionedGbSecond: 0.0000033334,
  },
  /** HTTP API, per request: $1.00 per million for the first 300 million a month, $0.90 after. */
  apiGateway: [
    { upTo: 300e6, perUnit: 1.0 / 1e6 },
    { upTo: Infinity, perUnit: 0.9 / 1e6 },
  ] as Tier[],
  dynamo: {
    perRru: 0.125 / 1e6,
    perWru: 0.625 / 1e6,
    storageGbMonth: 0.25,
    /** Point-in-time recovery (continuous backups), per GB-month of table size. */
    pitrGbMonth: 0.2,
  },
  cloudFront: {
    /** Data out to viewers in North America and Europe, per GB. */
    transferGb: [
      { upTo: 10 * 1024, perUnit: 0.085 },
      { upTo: 50 * 1024, perUnit: 0.08 },
      { upTo: 150 * 1024, perUnit: 0.06 },
      { upTo: 500 * 1024, perUnit: 0.04 },
      { upTo: Infinity, perUnit: 0.03 },
    ] as Tier[],
    /** HTTPS requests in North America and Europe ($0.0100 per 10,000; plain HTTP is $0.0075, the site is HTTPS only). */
    perHttpsRequest: 0.01 / 10_000,
    /** CloudFront Functions (the viewer-request functions on /api/*, /book/* and the default behaviour). */
    perFunctionInvocation: 0.1 / 1e6,
  },
  s3: { perGet: 0.0004 / 1000, perPut: 0.005 / 1000 },
  ses: { perMail: 0.1 / 1000, perAttachmentGb: 0.12 },
  /** One-time schedules: per invocation (the first 14 million a month are free; CreateSchedule itself is not billed). */
  scheduler: { perInvocation: 1.0 / 1e6, freeInvocations: 14e6 },
  secretsManager: { perSecretMonth: 0.4, perCall: 0.05 / 10_000 },
  kms: { perKeyMonth: 1.0, perRequest: 0.03 / 10_000 },
  /** Standard queues, per request (a request carries up to 64 KB; the first million a month are free). */
  sqs: { perRequest: 0.4 / 1e6 },
  waf: { perWebAclMonth: 5, perRuleMonth: 1, perRequest: 0.6 / 1e6 },
  cloudWatch: { logsIngestGb: 0.5, perMetricMonth: 0.3, perAlarmMonth: 0.1 },
  xray: { perTrace: 5.0 / 1e6 },
} as const;

/** Every function's memory (infra/cdk/api.ts `makeFunction`; the integration test reads the stack to check it). */
export const LAMBDA_MEMORY_MB = 512;
const GB = LAMBDA_MEMORY_MB / 1024;

export const DYNAMO_READ_COMMANDS = ['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems'] as const;

/** The Lambda functions' families, as the cost table groups them. */
export type Family =
  | 'booking page'
  | 'booking'
  | 'guest links'
  | 'host console'
  | 'booking mail and reminders'
  | 'page publisher'
  | 'calendar sync job'
  | 'webhook delivery';

export interface OperationFigures {
  label: string;
  /** The function that runs it (a route of shared/api/routes.ts or a job of shared/jobs.ts). */
  fn: string;
  family: Family;
  /** Called by a browser: one CloudFront request, one API Gateway request. */
  http: boolean;
  /** Measured: requests by command, and request units (DynamoDB Local's figures, plus what it does not bill). */
  dynamo: { requests: Partial<Record<string, number>>; rru: number; wru: number };
  /** Measured: mails handed to SES. */
  mails?: number;
  /** Measured: EventBridge Scheduler schedules created and deleted. */
  timersCreated?: number;
  timersDeleted?: number;
  /** Measured: booking pages written (S3 PUTs; a page taken down is a DELETE, counted the same). */
  pagesWritten?: number;
  /** Measured: stream records its writes hand to publishBookingPages. */
  publisherRecords?: number;
  /** Measured: messages sent to the webhook delivery queue (SQS SendMessage in the cloud). */
  queued?: number;
  /** Measured: mails sent to the booking mail queue (issue 30: SQS SendMessage in the cloud). */
  mailsQueued?: number;
  /** Measured: conditional writes DynamoDB refused (billed as a write of the item: 1 WRU each here). */
  refusedWrites?: number;
  /** Measured: the booking transaction's ConditionChecks (2 WRU each, in `wru`): days read but not written. */
  conditionChecks?: number;
  /** Assumed: billed milliseconds of one run at 512 MB in us-east-1 (no AWS account here to measure it). */
  ms: number;
  /** Lambda invocations per run: 1, or 0 for work done inside another operation's invocation. */
  invocations?: number;
  /** Calls to Google Calendar when the host's calendar is Google (for the quota, not AWS's bill). */
  googleCalls?: number;
  /** Not priced: measured for the limits section only. */
  unpriced?: boolean;
}

const op = (figures: OperationFigures) => figures;

/**
 * One run of each operation, on the model's average host (one event type, 100 bookings in the month viewed). The
 * requests and request units are what test/integration/cost-model.test.ts measured: DynamoDB Local's figures, with a
 * transaction counted as DynamoDB bills it (2 WRU per action per KB, and its index copies; DynamoDB Local bills the
 * transaction's total size) and 1 WRU for each conditional write DynamoDB refused (billed, reported by neither).
 */
export const OPERATIONS = {
  availableDates: op({
    label: 'GET /api/available-dates (a month)',
    fn: 'getAvailableDates',
    family: 'booking page',
    http: true,
    dynamo: { requests: { GetItem: 2, Query: 3 }, rru: 25.5, wru: 0 },
    ms: 80,
    googleCalls: 1,
  }),
  timeSlots: op({
    label: 'GET /api/time-slots (a day)',
    fn: 'getTimeSlots',
    family: 'booking page',
    http: true,
    dynamo: { requests: { GetItem: 2, Query: 3 }, rru: 8.5, wru: 0 },
    ms: 60,
    googleCalls: 1,
  }),
  syncClaimed: op({
    label: 'GET /api/calendar/sync, first in a minute',
    fn: 'syncCalendar',
    family: 'booking page',
    http: true,
    dynamo: { requests: { GetItem: 1, Query: 2, UpdateItem: 2 }, rru: 1.5, wru: 2 },
    publisherRecords: 2,
    ms: 60,
    googleCalls: 1,
  }),
  syncUnclaimed: op({
    label: 'GET /api/calendar/sync, again within the minute',
    fn: 'syncCalendar',
    family: 'booking page',
    http: true,
    dynamo: { requests: { GetItem: 1, Query: 2, UpdateItem: 1 }, rru: 1.5, wru: 1 },
    refusedWrites: 1,
    ms: 40,
  }),
  publicEvent: op({
    label: 'GET /api/events/public/{slug}',
    fn: 'getPublicEvent',
    family: 'booking page',
    http: true,
    dynamo: { requests: { GetItem: 2, Query: 2 }, rru: 2.5, wru: 0 },
    ms: 40,
  }),
  createBooking: op({
    label: 'POST /api/bookings',
    fn: 'createBooking',
    family: 'booking',
    http: true,
    // The transaction: the booking (under 1 KB without notes) and its gsi1 copy, its BookingRef, the day's version,
    // 2 WRU each; and the two abuse-limit counters. A note or guests that take the booking past 1 KB add 4.
    dynamo: { requests: { Query: 3, UpdateItem: 2, GetItem: 1, TransactWriteItems: 1 }, rru: 4, wru: 10 },
    ms: 150,
    googleCalls: 2,
  }),
  notifyBooked: op({
    label: 'notifyBookingChanges: booked',
    fn: 'notifyBookingChanges',
    family: 'booking mail and reminders',
    http: false,
    // The third Query is the host's webhook endpoints (issue 29): none here, 0.5 RRU billed. The two mails are queued
    // (issue 30): their once-only records are the queue consumer's.
    dynamo: { requests: { Query: 3, GetItem: 1, BatchGetItem: 1 }, rru: 2.5, wru: 0 },
    mailsQueued: 2,
    timersCreated: 2,
    ms: 200,
  }),
  sendReminder: op({
    label: 'sendReminder',
    fn: 'sendReminder',
    family: 'booking mail and reminders',
    http: false,
    // The booking read again, the settings, the host, the event, the suppressions; the mail queued (issue 30).
    dynamo: { requests: { GetItem: 2, Query: 2, BatchGetItem: 1 }, rru: 3, wru: 0 },
    mailsQueued: 1,
    ms: 100,
  }),
  manageView: op({
    label: 'POST /api/bookings/{id}/manage',
    fn: 'getManagedBooking',
    family: 'guest links',
    http: true,
    dynamo: { requests: { GetItem: 2, Query: 2 }, rru: 3, wru: 0 },
    ms: 40,
  }),
  cancelAsGuest: op({
    label: 'POST /api/bookings/{id}/cancel',
    fn: 'cancelBookingAsGuest',
    family: 'guest links',
    http: true,
    dynamo: { requests: { GetItem: 2, Query: 2, UpdateItem: 1 }, rru: 3, wru: 2 },
    ms: 80,
    googleCalls: 1,
  }),
  notifyCancelled: op({
    label: 'notifyBookingChanges: cancelled',
    fn: 'notifyBookingChanges',
    family: 'booking mail and reminders',
    http: false,
    dynamo: { requests: { Query: 3, GetItem: 1, BatchGetItem: 1 }, rru: 2.5, wru: 0 },
    mailsQueued: 2,
    timersDeleted: 5,
    ms: 150,
  }),
  mailSent: op({
    label: 'sendBookingMail: a booking mail sent (a batch of one)',
    fn: 'sendBookingMail',
    family: 'booking mail and reminders',
    http: false,
    // The second's tokens (an UpdateItem: one per batch, one per mail here), the mail's once-only record (a PutItem
    // and an UpdateItem), SES. A batch of 10 takes its tokens in one write: this is the most a mail costs.
    dynamo: { requests: { UpdateItem: 2, PutItem: 1 }, rru: 0, wru: 3 },
    mails: 1,
    ms: 100,
  }),
  reminderMailSent: op({
    label: 'sendBookingMail: a reminder sent (its booking read again first)',
    fn: 'sendBookingMail',
    family: 'booking mail and reminders',
    http: false,
    dynamo: { requests: { GetItem: 1, UpdateItem: 2, PutItem: 1 }, rru: 1, wru: 3 },
    mails: 1,
    ms: 110,
  }),
  getMe: op({
    label: 'GET /api/me',
    fn: 'getMe',
    family: 'host console',
    http: true,
    dynamo: { requests: { TransactGetItems: 1, GetItem: 1 }, rru: 4.5, wru: 0 },
    ms: 30,
  }),
  listEvents: op({
    label: 'GET /api/events',
    fn: 'listEvents',
    family: 'host console',
    http: true,
    // Its personal event types and its teams (issue 28; a host in no team reads no team's event types).
    dynamo: { requests: { TransactGetItems: 1, GetItem: 1, Query: 2 }, rru: 5, wru: 0 },
    ms: 40,
  }),
  listBookings: op({
    label: 'GET /api/bookings (30 days)',
    fn: 'listBookings',
    family: 'host console',
    http: true,
    dynamo: { requests: { TransactGetItems: 1, Query: 1, BatchGetItem: 1 }, rru: 27.5, wru: 0 },
    ms: 80,
  }),
  login: op({
    label: 'POST /api/login',
    fn: 'login',
    family: 'host console',
    http: true,
    dynamo: { requests: { GetItem: 2, UpdateItem: 5, DeleteItem: 1, PutItem: 1 }, rru: 1, wru: 7 },
    // scrypt at N = 2^17 (adapters/passwords/scrypt.ts) on the ~0.3 vCPU of 512 MB.
    ms: 1500,
  }),
  updateEvent: op({
    label: 'PATCH /api/events/{slug}',
    fn: 'updateEvent',
    family: 'host console',
    http: true,
    dynamo: {
      requests: { TransactGetItems: 1, GetItem: 2, Query: 1, TransactWriteItems: 1 },
      rru: 5.5,
      wru: 8,
    },
    ms: 80,
  }),
  publishPage: op({
    label: 'publishBookingPages: an edited event type',
    fn: 'publishBookingPages',
    family: 'page publisher',
    http: false,
    // The public event and its host, strongly consistent, before rendering and again after writing.
    dynamo: { requests: { GetItem: 4, Query: 4 }, rru: 8, wru: 0 },
    // book/{slug} and events/{slug}.
    pagesWritten: 2,
    ms: 600,
  }),
  syncCalendarsRun: op({
    label: 'syncCalendars: one run (the list of Google hosts)',
    fn: 'syncCalendars',
    family: 'calendar sync job',
    http: false,
    // DynamoDB Local reports 0 for a Query that finds nothing; DynamoDB bills 0.5 at least.
    dynamo: { requests: { Query: 1 }, rru: 0.5, wru: 0 },
    ms: 100,
  }),
  googleHostSync: op({
    label: 'syncCalendars: one Google-connected host',
    fn: 'syncCalendars',
    family: 'calendar sync job',
    http: false,
    dynamo: { requests: { Query: 3, UpdateItem: 1 }, rru: 24, wru: 1 },
    // ~300 ms per host (Google's listing), four hosts at a time (JOB_CONCURRENCY in app/calendars/calendar-sync.ts).
    ms: 75,
    invocations: 0,
    googleCalls: 1,
  }),
  webhookQueued: op({
    label: 'notifyBookingChanges: a webhook message (a host with one subscribed endpoint)',
    fn: 'notifyBookingChanges',
    family: 'booking mail and reminders',
    http: false,
    // The endpoints' Query (found one; the same Query as notifyBooked's third, counted again here: 0.5 RRU), the
    // hosts' names, the message's once-only record (a PutItem and an UpdateItem in NOTICES), one SendMessage.
    dynamo: { requests: { Query: 1, BatchGetItem: 1, PutItem: 1, UpdateItem: 1 }, rru: 1.5, wru: 2 },
    queued: 1,
    ms: 20,
    invocations: 0,
  }),
  webhookDelivered: op({
    label: 'deliverWebhook: an attempt delivered (2xx)',
    fn: 'deliverWebhook',
    family: 'webhook delivery',
    http: false,
    // The endpoint (consistent), the attempt's log line: 2 WRU with a booking's body (1–2 KB, kept for a redelivery;
    // the test's is smaller).
    dynamo: { requests: { GetItem: 1, PutItem: 1 }, rru: 1, wru: 2 },
    // Mostly the receiver's answer: the job waits for it (10 s at most).
    ms: 300,
  }),
  webhookFailed: op({
    label: 'deliverWebhook: an attempt failed, the next one queued',
    fn: 'deliverWebhook',
    family: 'webhook delivery',
    http: false,
    // The endpoint, `failingSince` set if not yet, the log line; the next attempt's message.
    dynamo: { requests: { GetItem: 1, UpdateItem: 1, PutItem: 1 }, rru: 1, wru: 3 },
    queued: 1,
    ms: 500,
  }),
  webhookHop: op({
    label: 'deliverWebhook: a message early (a wait past SQS’s 15 minutes), sent on',
    fn: 'deliverWebhook',
    family: 'webhook delivery',
    http: false,
    dynamo: { requests: {}, rru: 0, wru: 0 },
    queued: 1,
    ms: 10,
  }),
  hostMonthQuery: op({
    label: "the month's Query of HOST#{id} (in GET /api/available-dates)",
    fn: 'getAvailableDates',
    family: 'booking page',
    http: false,
    dynamo: { requests: { Query: 1 }, rru: 23, wru: 0 },
    ms: 0,
    unpriced: true,
  }),
  hostDayQuery: op({
    label: "one day's Query of HOST#{id} (in GET /api/time-slots)",
    fn: 'getTimeSlots',
    family: 'booking page',
    http: false,
    dynamo: { requests: { Query: 1 }, rru: 6, wru: 0 },
    ms: 0,
    unpriced: true,
  }),
} satisfies Record<string, OperationFigures>;

export type OperationName = keyof typeof OPERATIONS;

/** What a publishBookingPages invocation costs when its record changes no page (the calendar sync's writes). */
const PUBLISHER_NOOP_MS = 10;

export interface Scale {
  name: string;
  hosts: number;
  bookings: number;
  views: number;
}

/** The two scales of docs/scale.md, per month. */
export const SCALES: readonly Scale[] = [
  { name: '1×', hosts: 1_000, bookings: 100_000, views: 2_000_000 },
  { name: '100×', hosts: 100_000, bookings: 10_000_000, views: 200_000_000 },
];

const SECONDS_PER_MONTH = 30 * 24 * 3600;
const MINUTES_PER_MONTH = 30 * 24 * 60;

/** How often things happen, and what the code does per view, booking and host that the model counts. */
export const ASSUMPTIONS = {
  view: {
    /** The month at load (book.html's inline script) and one refresh 30 s later (useCalendarSync). */
    availableDatesCalls: 2,
    /** The first free day (prefetchBookingPage), one more day the guest opens, one refresh. */
    timeSlotsCalls: 3,
    /** At load and at the refresh; the first claims the host's sync unless another view did in the last minute. */
    syncCalls: 2,
    /** Views of a page not published (shell fallback), which asks for GET /api/events/public. */
    publicEventShare: 0.01,
    /**
     * book/{slug}, the nine files book.html names (eight scripts and the style sheet), the two lazy chunks of the day
     * view and form (the favicon is written into the page: no request).
     */
    pageRequests: 12,
    /** Of them, CloudFront Functions run on the page (the API's run on every API call). */
    pageFunctionRequests: 1,
    /** gzip: the page (~5 KB), its JavaScript (75 KB budget), CSS (~10 KB), the lazy chunks. */
    pageKb: 100,
    /** An API answer with its headers. */
    apiKb: 2,
    /** Share of views whose page CloudFront fetches from S3 (the page is cached 60 s at each edge). */
    pageOriginShare: 0.05,
  },
  booking: {
    /** The default reminders: a day and an hour before (domain/timers.ts). */
    reminders: 2,
    cancelShare: 0.1,
    /** The guest opens the manage link of a mail (to look, cancel or reschedule). */
    manageViews: 0.3,
    /** Days from booking to meeting, on average: how long a booking's reminder schedules wait. */
    leadDays: 7,
    /** A booking mail with its invitation (.ics), as SES counts attachment data. */
    mailKb: 25,
  },
  host: {
    /** Visits of the console a month, each: who am I, the event types, the bookings. */
    consoleVisits: 20,
    /** Sessions last 7 days. */
    signIns: 4,
    /** Event type edits a month, each republishing its page. */
    eventEdits: 2,
    /** Hosts whose calendar is Google (the others use the built-in one). */
    googleShare: 0.3,
  },
  lambda: {
    /** Invocations that start a new execution environment. */
    coldStartShare: 0.02,
    /** Billed init of a cold start: the bench's module load (~200–270 ms) plus the runtime's own start. */
    initMs: 350,
    /** Log bytes per invocation: START, END, REPORT and the metrics line. */
    logKb: 1,
    /** The busiest hour against the month's average hour (bookings follow business hours). */
    peakFactor: 5,
    /** Functions with a log group, alarm and ColdStart metric: the route table's rows and the jobs (stack). */
    functions: 83,
  },
  kms: {
    /** Calls for a Google host's page that open its refresh token in an environment that has not yet. */
    openShare: 0.5,
    /** Opened keys the sync job's process keeps (token-cipher.ts); past that it opens every host every run. */
    jobCacheSize: 1000,
    /** Cold starts of the sync job a month (a fresh process opens every host once). */
    jobColdStarts: 30,
  },
  secrets: {
    /** Session and origin secrets, always; Google's client and Stripe's keys when configured. */
    count: 4,
  },
  storage: {
    /** A booking's items: the booking (~0.8 KB), its copy in gsi1 and its BookingRef. */
    kbPerBooking: 2,
    /** Months of bookings kept in the table when the storage line is priced. */
    months: 12,
  },
  webhooks: {
    /** Hosts with at least one webhook endpoint (an integration a minority sets up). */
    hostShare: 0.2,
    /** Their endpoints, each subscribed to every booking event. */
    endpointsPerHost: 1.5,
    /** Attempts that fail once (a receiver's hiccup) and are delivered by the next (5 s later). */
    retriedShare: 0.02,
    /** Messages to an endpoint that is down for good: all nine attempts, until its 3 days switch it off. */
    deadShare: 0.002,
    /** A log line, kept 30 days (the table's TTL), with the body. */
    logKb: 1.5,
    /** SQS requests per message beside its SendMessage: the poller's receive and the delete (batched up to 10). */
    requestsPerMessage: 2,
    /** The event source mapping's long polls of an empty queue: 5 pollers, one 20-second poll each. */
    idlePollsPerMonth: 5 * 3 * MINUTES_PER_MONTH,
  },
  mailQueue: {
    /** SQS requests per mail beside its SendMessage: the receive and the delete (batched up to 10: an upper bound). */
    requestsPerMessage: 2,
    /** The mapping's long polls of the (mostly empty) booking mail queue: as the webhook queue's. */
    idlePollsPerMonth: 5 * 3 * MINUTES_PER_MONTH,
    /**
     * Mails one consumer sends a second when tokens are not the limit (a batch of 10 in ~0.4 s: SES's answers in
     * parallel, the once-only writes, the receive and delete): the mapping runs rate ÷ 25 consumers, at least 2
     * (infra/cdk/mail-queue.ts).
     */
    perConsumerPerSecond: 25,
  },
  calendarSync: {
    runsPerMonth: (30 * 24 * 60) / 15,
    /** JOB_CONCURRENCY and JOB_BUDGET_MS of app/calendars/calendar-sync.ts, and a host's sync with Google's listing. */
    concurrency: 4,
    budgetSeconds: 240,
    secondsPerHost: 0.3,
  },
} as const;

/** Svix's schedule (functions/src/domain/webhooks.ts): nine attempts, and the waits between them. */
const WEBHOOK_ATTEMPTS = MAX_ATTEMPTS;
/** SQS delays a message 15 minutes at most: a longer wait is that many hops, each an early receive sent on. */
export const WEBHOOK_HOPS = RETRY_DELAYS_SECONDS.reduce((hops, seconds) => hops + Math.ceil(seconds / 900) - 1, 0);

/** How many times each operation runs in a month at `scale`. */
export function monthlyCounts(scale: Scale): Record<OperationName, number> {
  const { view, booking, host } = ASSUMPTIONS;
  const { hosts, bookings, views } = scale;
  // The first sync of a view claims the host's minute unless another view did: claims ≈ minutes × P(any view).
  const perHostMinute = views / (hosts * MINUTES_PER_MONTH);
  const claims = hosts * MINUTES_PER_MONTH * (1 - Math.exp(-perHostMinute));
  // Webhooks (issue 29): a booking is created, and cancelled in 10% of cases: an event each, to every endpoint.
  const { webhooks } = ASSUMPTIONS;
  const webhookMessages = bookings * (1 + booking.cancelShare) * webhooks.hostShare * webhooks.endpointsPerHost;
  return {
    availableDates: views * view.availableDatesCalls,
    timeSlots: views * view.timeSlotsCalls,
    syncClaimed: claims,
    syncUnclaimed: views * view.syncCalls - claims,
    publicEvent: views * view.publicEventShare,
    createBooking: bookings,
    notifyBooked: bookings,
    sendReminder: bookings * (1 - booking.cancelShare) * booking.reminders,
    manageView: bookings * booking.manageViews,
    cancelAsGuest: bookings * booking.cancelShare,
    notifyCancelled: bookings * booking.cancelShare,
    // Issue 30: every mail the jobs queue is sent by sendBookingMail; reminders are read again first.
    mailSent:
      bookings * (OPERATIONS.notifyBooked.mailsQueued ?? 0) +
      bookings * booking.cancelShare * (OPERATIONS.notifyCancelled.mailsQueued ?? 0),
    reminderMailSent:
      bookings * (1 - booking.cancelShare) * booking.reminders * (OPERATIONS.sendReminder.mailsQueued ?? 0),
    getMe: hosts * host.consoleVisits,
    listEvents: hosts * host.consoleVisits,
    listBookings: hosts * host.consoleVisits,
    login: hosts * host.signIns,
    updateEvent: hosts * host.eventEdits,
    publishPage: hosts * host.eventEdits,
    syncCalendarsRun: ASSUMPTIONS.calendarSync.runsPerMonth,
    googleHostSync: hosts * host.googleShare * ASSUMPTIONS.calendarSync.runsPerMonth,
    webhookQueued: webhookMessages,
    webhookDelivered: webhookMessages * (1 - webhooks.deadShare),
    webhookFailed: webhookMessages * (webhooks.retriedShare + webhooks.deadShare * WEBHOOK_ATTEMPTS),
    webhookHop: webhookMessages * webhooks.deadShare * WEBHOOK_HOPS,
    hostMonthQuery: 0,
    hostDayQuery: 0,
  };
}

const entries = <K extends string, V>(record: Record<K, V>) => Object.entries(record) as [K, V][];
const figuresOf = (name: OperationName): OperationFigures => OPERATIONS[name];

/** The cost of `units` at a tiered price. */
export function tiered(units: number, tiers: readonly Tier[]): number {
  let cost = 0;
  let below = 0;
  for (const tier of tiers) {
    const inTier = Math.max(0, Math.min(units, tier.upTo) - below);
    cost += inTier * tier.perUnit;
    below = tier.upTo;
    if (units <= below) break;
  }
  return cost;
}

export interface CostLine {
  service: string;
  item: string;
  /** How the figure is made, in words and numbers. */
  arithmetic: string;
  usd: number;
  /** Beyond the services the doc was asked for (CloudWatch, X-Ray, DynamoDB storage): shown apart. */
  other?: boolean;
}

/** Everything a month at `scale` comes to: the counts, the totals the lines are made of, and the lines. */
export function monthlyTotals(scale: Scale) {
  const counts = monthlyCounts(scale);
  const priced = entries(counts).filter(([name]) => !figuresOf(name).unpriced);
  const sum = (value: (figures: OperationFigures, count: number) => number) =>
    priced.reduce((total, [name, count]) => total + value(figuresOf(name), count), 0);

  const apiCalls = sum((figures, count) => (figures.http ? count : 0));
  const rru = sum((figures, count) => figures.dynamo.rru * count);
  const wru = sum((figures, count) => figures.dynamo.wru * count);
  const mails = sum((figures, count) => (figures.mails ?? 0) * count);
  const schedulesCreated = sum((figures, count) => (figures.timersCreated ?? 0) * count);
  const schedulesDeleted = sum((figures, count) => (figures.timersDeleted ?? 0) * count);
  const pagePuts = sum((figures, count) => (figures.pagesWritten ?? 0) * count);
  const publisherNoops = sum((figures, count) => (figures.publisherRecords ?? 0) * count);
  const queued = sum((figures, count) => (figures.queued ?? 0) * count);
  // SQS: each message sent, received and deleted, and the pollers' long polls of the (mostly empty) queue.
  const sqsRequests = queued * (1 + ASSUMPTIONS.webhooks.requestsPerMessage) + ASSUMPTIONS.webhooks.idlePollsPerMonth;
  // The booking mail queue (issue 30), likewise.
  const mailsQueued = sum((figures, count) => (figures.mailsQueued ?? 0) * count);
  const mailSqsRequests =
    mailsQueued * (1 + ASSUMPTIONS.mailQueue.requestsPerMessage) + ASSUMPTIONS.mailQueue.idlePollsPerMonth;
  // The delivery log: what a month's attempts keep for 30 days.
  const webhookAttempts = counts.webhookDelivered + counts.webhookFailed;
  const webhookLogGb = (webhookAttempts * ASSUMPTIONS.webhooks.logKb) / 1024 / 1024;
  const reminders = counts.sendReminder;

  const { view, lambda, kms, storage, booking, host } = ASSUMPTIONS;
  const pageRequests = scale.views * view.pageRequests;
  const cloudFrontRequests = pageRequests + apiCalls;
  const transferGb = (scale.views * view.pageKb + apiCalls * view.apiKb) / 1024 / 1024;
  const functionInvocations = scale.views * view.pageFunctionRequests + apiCalls;

  // Lambda, per family: invocations and billed GB-seconds (duration, and the init of cold starts).
  const families = new Map<Family, { invocations: number; gbSeconds: number; functions: Set<string> }>();
  const family = (name: Family) => {
    let entry = families.get(name);
    if (!entry) families.set(name, (entry = { invocations: 0, gbSeconds: 0, functions: new Set() }));
    return entry;
  };
  for (const [name, count] of priced) {
    const figures = figuresOf(name);
    const entry = family(figures.family);
    const invocations = count * (figures.invocations ?? 1);
    entry.invocations += invocations;
    entry.gbSeconds += (count * figures.ms + invocations * lambda.coldStartShare * lambda.initMs) * (GB / 1000);
    entry.functions.add(figures.fn);
  }
  const noop = family('page publisher');
  noop.invocations += publisherNoops;
  noop.gbSeconds += publisherNoops * (PUBLISHER_NOOP_MS + lambda.coldStartShare * lambda.initMs) * (GB / 1000);
  const invocations = [...families.values()].reduce((total, entry) => total + entry.invocations, 0);
  const lambdaSeconds = [...families.values()].reduce((total, entry) => total + entry.gbSeconds / GB, 0);

  // KMS: a Google host's refresh token is opened once per execution environment (booking page, booking, sync)...
  const googleCallsOnPages = sum((figures, count) =>
    figures.family === 'calendar sync job' ? 0 : (figures.googleCalls ?? 0) * count * host.googleShare,
  );
  const googleHosts = scale.hosts * host.googleShare;
  // ...and by the sync job's process, which keeps 1,000 opened keys: past that, every host every run.
  const jobOpens = googleHosts <= kms.jobCacheSize ? googleHosts * kms.jobColdStarts : counts.googleHostSync;
  // A webhook's signing secret is opened once per delivery job environment that serves its endpoint: at most once a
  // cold start per endpoint, counted as one per cold start.
  const webhookOpens =
    (counts.webhookDelivered + counts.webhookFailed + counts.webhookHop) * ASSUMPTIONS.lambda.coldStartShare;
  const kmsRequests = googleCallsOnPages * kms.openShare + jobOpens + webhookOpens;
  const googleCalls = googleCallsOnPages + counts.googleHostSync;

  // X-Ray's default sampling: the first request each second, and 5% of the others.
  const traces = Math.min(invocations, SECONDS_PER_MONTH) + 0.05 * Math.max(0, invocations - SECONDS_PER_MONTH);
  const storedGb = (scale.bookings * storage.months * storage.kbPerBooking) / 1024 / 1024 + webhookLogGb;
  const liveSchedules = (scale.bookings / 30) * (1 - booking.cancelShare) * booking.reminders * booking.leadDays;

  return {
    scale,
    counts,
    apiCalls,
    rru,
    wru,
    mails,
    reminders,
    schedulesCreated,
    schedulesDeleted,
    liveSchedules,
    pagePuts,
    publisherNoops,
    queued,
    sqsRequests,
    mailsQueued,
    mailSqsRequests,
    webhookAttempts,
    webhookLogGb,
    webhookOpens,
    cloudFrontRequests,
    transferGb,
    functionInvocations,
    families,
    invocations,
    lambdaSeconds,
    kmsRequests,
    googleCalls,
    googleHosts,
    traces,
    storedGb,
  };
}

export type MonthlyTotals = ReturnType<typeof monthlyTotals>;

/** Numbers as the doc writes them: 1,234,567; 12.3M; $1,234.56. */
export const count = (value: number) => Math.round(value).toLocaleString('en-US');
export const millions = (value: number) =>
  value >= 1e9
    ? `${(value / 1e9).toLocaleString('en-US', { maximumFractionDigits: 2 })}B`
    : value >= 1e6
      ? `${(value / 1e6).toLocaleString('en-US', { maximumFractionDigits: 2 })}M`
      : count(value);
export const usd = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const gb = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} GB`;

/** The operations that make most of a month's read or write units: "4M × 23.5 = 94M, …, the rest 8M". */
function largest(totals: MonthlyTotals, units: 'rru' | 'wru', shown = 3): string {
  const parts = entries(totals.counts)
    .filter(([name]) => !figuresOf(name).unpriced)
    .map(([name, runs]) => ({
      name,
      runs,
      per: figuresOf(name).dynamo[units],
      total: runs * figuresOf(name).dynamo[units],
    }))
    .filter((part) => part.total > 0)
    .sort((a, b) => b.total - a.total);
  const rest = parts.slice(shown).reduce((sum, part) => sum + part.total, 0);
  return [
    ...parts
      .slice(0, shown)
      .map((part) => `${part.name} ${millions(part.runs)} × ${part.per} = ${millions(part.total)}`),
    ...(rest > 0 ? [`the rest ${millions(rest)}`] : []),
  ].join(', ');
}

/** The month's bill at `scale`, line by line, each with its arithmetic. */
export function costLines(totals: MonthlyTotals): CostLine[] {
  const { scale, view, host } = { scale: totals.scale, view: ASSUMPTIONS.view, host: ASSUMPTIONS.host };
  const lines: CostLine[] = [];
  const add = (service: string, item: string, arithmetic: string, value: number, other = false) =>
    lines.push({ service, item, arithmetic, usd: value, ...(other ? { other } : {}) });

  // CloudFront.
  add(
    'CloudFront',
    'HTTPS requests',
    `${millions(scale.views)} views × ${view.pageRequests} page requests + ${millions(totals.apiCalls)} API calls = ${millions(totals.cloudFrontRequests)} × $0.0100 per 10,000`,
    totals.cloudFrontRequests * PRICES.cloudFront.perHttpsRequest,
  );
  add(
    'CloudFront',
    'data out',
    `${millions(scale.views)} × ${view.pageKb} KB + ${millions(totals.apiCalls)} × ${view.apiKb} KB = ${gb(totals.transferGb)}, at $0.085/GB for the first 10 TB, $0.080 to 50 TB, $0.060 to 150 TB`,
    tiered(totals.transferGb, PRICES.cloudFront.transferGb),
  );
  add(
    'CloudFront',
    'Functions',
    `${millions(scale.views)} × ${view.pageFunctionRequests} + ${millions(totals.apiCalls)} API calls = ${millions(totals.functionInvocations)} × $0.10/M`,
    totals.functionInvocations * PRICES.cloudFront.perFunctionInvocation,
  );

  // S3.
  const gets = scale.views * view.pageOriginShare;
  add(
    'S3',
    'requests',
    `${millions(gets)} page GETs from CloudFront (${view.pageOriginShare * 100}% of views) × $0.0004/1,000 + ${count(totals.pagePuts)} page PUTs × $0.005/1,000 (storage: a few MB)`,
    gets * PRICES.s3.perGet + totals.pagePuts * PRICES.s3.perPut,
  );

  // Lambda, by family.
  for (const [name, entry] of totals.families) {
    const requests = entry.invocations * PRICES.lambda.perRequest;
    const duration = entry.gbSeconds * PRICES.lambda.gbSecond;
    add(
      'Lambda',
      name,
      `${millions(entry.invocations)} invocations × $0.20/M = ${usd(requests)}; ${count(entry.gbSeconds / GB)} s (runs × ms, and ${ASSUMPTIONS.lambda.coldStartShare * 100}% cold starts × ${ASSUMPTIONS.lambda.initMs} ms) × ${GB} GB = ${count(entry.gbSeconds)} GB-s × $0.0000133334 = ${usd(duration)} (${[...entry.functions].join(', ')})`,
      requests + duration,
    );
  }

  add(
    'API Gateway',
    'HTTP API requests',
    `${millions(totals.apiCalls)} × $1.00/M (first 300M), $0.90/M after`,
    tiered(totals.apiCalls, PRICES.apiGateway),
  );
  add(
    'DynamoDB',
    'reads',
    `${millions(totals.rru)} read request units (${largest(totals, 'rru')}) × $0.125/M`,
    totals.rru * PRICES.dynamo.perRru,
  );
  add(
    'DynamoDB',
    'writes',
    `${millions(totals.wru)} write request units (${largest(totals, 'wru')}) × $0.625/M`,
    totals.wru * PRICES.dynamo.perWru,
  );
  const attachmentGb = (totals.mails * ASSUMPTIONS.booking.mailKb) / 1024 / 1024;
  add(
    'SES',
    'mails',
    `${millions(totals.mails)} mails × $0.10/1,000 + ${gb(attachmentGb)} of attachments × $0.12/GB`,
    totals.mails * PRICES.ses.perMail + attachmentGb * PRICES.ses.perAttachmentGb,
  );
  add(
    'EventBridge Scheduler',
    'reminders fired',
    `${millions(totals.reminders)} invocations × $1.00/M (${millions(totals.schedulesCreated)} schedules created, ${millions(totals.schedulesDeleted)} deleted: not billed; the first 14M invocations a month are free)`,
    totals.reminders * PRICES.scheduler.perInvocation,
  );
  add(
    'Secrets Manager',
    'secrets',
    `${ASSUMPTIONS.secrets.count} secrets × $0.40 (values reach the functions at deploy; only the billing functions call it, at cold start)`,
    ASSUMPTIONS.secrets.count * PRICES.secretsManager.perSecretMonth,
  );
  add(
    'KMS',
    'key and requests',
    `1 key × $1 + ${millions(totals.kmsRequests)} Decrypt × $0.03/10,000 (Google hosts' refresh tokens: ${host.googleShare * 100}% of hosts; webhook secrets: ${millions(totals.webhookOpens)})`,
    PRICES.kms.perKeyMonth + totals.kmsRequests * PRICES.kms.perRequest,
  );
  add(
    'SQS',
    'webhook delivery queue',
    `${millions(totals.queued)} messages × ${1 + ASSUMPTIONS.webhooks.requestsPerMessage} requests (send, receive, delete) + ${millions(ASSUMPTIONS.webhooks.idlePollsPerMonth)} long polls of the pollers = ${millions(totals.sqsRequests)} × $0.40/M (dead letters: none expected)`,
    totals.sqsRequests * PRICES.sqs.perRequest,
  );
  add(
    'SQS',
    'booking mail queue',
    `${millions(totals.mailsQueued)} mails × ${1 + ASSUMPTIONS.mailQueue.requestsPerMessage} requests (send, receive, delete) + ${millions(ASSUMPTIONS.mailQueue.idlePollsPerMonth)} long polls of the pollers = ${millions(totals.mailSqsRequests)} × $0.40/M (a throttled mail's backoff adds a ChangeMessageVisibility and a receive)`,
    totals.mailSqsRequests * PRICES.sqs.perRequest,
  );
  add(
    'WAF',
    'web ACL, 2 rules, requests',
    `$5 + 2 × $1 + ${millions(totals.cloudFrontRequests)} requests × $0.60/M`,
    PRICES.waf.perWebAclMonth + 2 * PRICES.waf.perRuleMonth + totals.cloudFrontRequests * PRICES.waf.perRequest,
  );

  // Beyond those services, in the same bill.
  const logsGb = (totals.invocations * ASSUMPTIONS.lambda.logKb) / 1024 / 1024;
  add(
    'CloudWatch',
    'logs',
    `${millions(totals.invocations)} invocations × ${ASSUMPTIONS.lambda.logKb} KB = ${gb(logsGb)} × $0.50/GB`,
    logsGb * PRICES.cloudWatch.logsIngestGb,
    true,
  );
  const functions = ASSUMPTIONS.lambda.functions;
  add(
    'CloudWatch',
    'metrics and alarms',
    `~${functions + 10} metric series × $0.30 + ${functions + 4} alarms × $0.10`,
    (functions + 10) * PRICES.cloudWatch.perMetricMonth + (functions + 4) * PRICES.cloudWatch.perAlarmMonth,
    true,
  );
  add(
    'X-Ray',
    'traces',
    `${millions(totals.traces)} traces (1 a second + 5% of the rest) × $5.00/M`,
    totals.traces * PRICES.xray.perTrace,
    true,
  );
  add(
    'DynamoDB',
    'storage and backups',
    `${ASSUMPTIONS.storage.months} months of bookings × ${ASSUMPTIONS.storage.kbPerBooking} KB + 30 days of webhook log lines (${millions(totals.webhookAttempts)} × ${ASSUMPTIONS.webhooks.logKb} KB) = ${gb(totals.storedGb)} × ($0.25 + $0.20 PITR)`,
    totals.storedGb * (PRICES.dynamo.storageGbMonth + PRICES.dynamo.pitrGbMonth),
    true,
  );
  return lines;
}

export function monthlyCost(scale: Scale) {
  const totals = monthlyTotals(scale);
  const lines = costLines(totals);
  const listed = lines.filter((line) => !line.other).reduce((sum, line) => sum + line.usd, 0);
  const all = lines.reduce((sum, line) => sum + line.usd, 0);
  return { totals, lines, listed, all, perBooking: all / scale.bookings };
}

/** Where one booking-page view's DynamoDB request units go, and what a booking adds. */
export function perUnitFigures() {
  const { view, booking } = ASSUMPTIONS;
  const viewRru =
    view.availableDatesCalls * OPERATIONS.availableDates.dynamo.rru +
    view.timeSlotsCalls * OPERATIONS.timeSlots.dynamo.rru +
    OPERATIONS.syncClaimed.dynamo.rru +
    (view.syncCalls - 1) * OPERATIONS.syncUnclaimed.dynamo.rru;
  const viewWru = OPERATIONS.syncClaimed.dynamo.wru + (view.syncCalls - 1) * OPERATIONS.syncUnclaimed.dynamo.wru;
  const bookingWru =
    OPERATIONS.createBooking.dynamo.wru +
    OPERATIONS.notifyBooked.dynamo.wru +
    (OPERATIONS.notifyBooked.mailsQueued ?? 0) * OPERATIONS.mailSent.dynamo.wru +
    (1 - booking.cancelShare) *
      booking.reminders *
      (OPERATIONS.sendReminder.dynamo.wru + OPERATIONS.reminderMailSent.dynamo.wru);
  return {
    viewRru,
    viewWru,
    bookingWru,
    apiCallsPerView: view.availableDatesCalls + view.timeSlotsCalls + view.syncCalls,
  };
}

/**
 * AWS's (and Google's) default limits the model is held against, as the author knew them: most are adjustable
 * through Service Quotas or a support case; check the account's own.
 */
export const QUOTAS = {
  /** SES in production starts around 14 mails a second and 50,000 a day (sandbox: 1 a second, 200 a day). */
  sesPerSecond: 14,
  sesPerDay: 50_000,
  /** Concurrent executions per region. */
  lambdaConcurrency: 1_000,
  /** One-time and recurring schedules per account and region. */
  schedules: 1_000_000,
  /** HTTP API: account-level throttle per region (burst 5,000). */
  apiRps: 10_000,
  /** On-demand table: read and write request units a second (each), the table-level default. */
  tableRruPerSecond: 40_000,
  tableWruPerSecond: 40_000,
  /** One partition: 3,000 read and 1,000 write units a second. */
  partitionRru: 3_000,
  partitionWru: 1_000,
  /** Google Calendar API queries a day per project (the console shows the project's own). */
  googlePerDay: 1_000_000,
} as const;

/** The busiest half-hour mark: reminders fire on the hour and half hour (slots start there), ~24 busy marks a weekday. */
const BUSY_MARKS_PER_WEEKDAY = 24;
const WEEKDAYS_PER_MONTH = 22;
/** Issue 30: a reminder later than this (a 1-hour reminder 5 minutes late) is where the sending rate gives way. */
const REMINDER_LATENESS_LIMIT_SECONDS = 300;

/** Seconds as the doc writes a delay: "24 s", "4.1 min". */
const lateness = (seconds: number) =>
  seconds < 90 ? `${seconds.toFixed(seconds < 10 ? 1 : 0)} s late` : `${(seconds / 60).toFixed(1)} min late`;

/**
 * Issue 30: the reminders due in the same second at a busy half-hour mark, at each scale, and how late the last of them
 * goes at each sending rate (the queue sends them in turn at the rate; the consumers the mapping runs keep up with it,
 * ASSUMPTIONS.mailQueue.perConsumerPerSecond).
 */
export function reminderLatenessTable(
  scales: readonly Scale[] = SCALES,
  rates: readonly number[] = [14, 50, 200, 1000],
) {
  const bursts = scales.map((scale) => monthlyTotals(scale).reminders / WEEKDAYS_PER_MONTH / BUSY_MARKS_PER_WEEKDAY);
  return rates.map((rate) => ({
    rate,
    consumers: Math.max(2, Math.ceil(rate / ASSUMPTIONS.mailQueue.perConsumerPerSecond)),
    late: bursts.map((burst) => ({ burst, seconds: burst / rate, text: lateness(burst / rate) })),
  }));
}

export interface Limit {
  what: string;
  quota: string;
  /** The figure at each scale, as the doc writes it. */
  figures: string[];
  /** The multiple of the first scale's traffic at which the figure reaches the quota. */
  reachedAt: number;
}

/** Each limit, its figure at each scale and the multiple of the first scale's traffic that reaches it. */
export function limits(scales: readonly Scale[] = SCALES): Limit[] {
  const all = scales.map((scale) => monthlyTotals(scale));
  const first = all[0]!;
  const peak = ASSUMPTIONS.lambda.peakFactor;
  const per = {
    reminderBurst: (t: MonthlyTotals) => t.reminders / WEEKDAYS_PER_MONTH / BUSY_MARKS_PER_WEEKDAY,
    mailsPerWeekday: (t: MonthlyTotals) => t.mails / WEEKDAYS_PER_MONTH,
    liveSchedules: (t: MonthlyTotals) => t.liveSchedules,
    apiPeakRps: (t: MonthlyTotals) => (t.apiCalls / SECONDS_PER_MONTH) * peak,
    peakConcurrency: (t: MonthlyTotals) => (t.lambdaSeconds / SECONDS_PER_MONTH) * peak,
    peakRru: (t: MonthlyTotals) => (t.rru / SECONDS_PER_MONTH) * peak,
    googlePerDay: (t: MonthlyTotals) => t.googleCalls / 30,
    googleHosts: (t: MonthlyTotals) => t.googleHosts,
    // Issue 30: the burst waits in the mail queue and goes at SES's rate; its last mail is this many seconds late.
    reminderLateness: (t: MonthlyTotals) =>
      t.reminders / WEEKDAYS_PER_MONTH / BUSY_MARKS_PER_WEEKDAY / QUOTAS.sesPerSecond,
  };
  const sync = ASSUMPTIONS.calendarSync;
  const syncCapacity = (sync.concurrency * sync.budgetSeconds) / sync.secondsPerHost;
  const row = (
    what: string,
    quota: string,
    limit: number,
    figure: (t: MonthlyTotals) => number,
    format: (value: number) => string,
  ): Limit => ({ what, quota, figures: all.map((t) => format(figure(t))), reachedAt: limit / figure(first) });
  const whole = (unit: string) => (value: number) => `${count(value)} ${unit}`;
  return [
    row(
      `SES sending rate (${QUOTAS.sesPerSecond} mails/s): how late the last reminder of a busy half-hour mark goes, through the mail queue`,
      `${REMINDER_LATENESS_LIMIT_SECONDS / 60} minutes`,
      REMINDER_LATENESS_LIMIT_SECONDS,
      per.reminderLateness,
      lateness,
    ),
    row(
      'Lambda concurrency: sendReminder invocations due in the same second',
      `${count(QUOTAS.lambdaConcurrency)}`,
      QUOTAS.lambdaConcurrency,
      per.reminderBurst,
      whole('at once'),
    ),
    row(
      'SES daily quota: mails on a weekday',
      `${count(QUOTAS.sesPerDay)} a day`,
      QUOTAS.sesPerDay,
      per.mailsPerWeekday,
      whole('mails'),
    ),
    row(
      'Google Calendar API: calls a day (30% of hosts on Google)',
      `${count(QUOTAS.googlePerDay)} a day`,
      QUOTAS.googlePerDay,
      per.googlePerDay,
      whole('calls'),
    ),
    row(
      'syncCalendars: Google hosts one 15-minute run can sync (4 at a time, 4 minutes, ~0.3 s each)',
      `${count(syncCapacity)} hosts`,
      syncCapacity,
      per.googleHosts,
      whole('hosts'),
    ),
    row(
      'EventBridge Scheduler: schedules waiting (2 per confirmed booking until they fire, booked ~7 days ahead)',
      `${count(QUOTAS.schedules)}`,
      QUOTAS.schedules,
      per.liveSchedules,
      whole('schedules'),
    ),
    row(
      'DynamoDB table: read units a second in the busiest hour',
      `${count(QUOTAS.tableRruPerSecond)} RRU/s`,
      QUOTAS.tableRruPerSecond,
      per.peakRru,
      whole('RRU/s'),
    ),
    row(
      'API Gateway: requests a second in the busiest hour',
      `${count(QUOTAS.apiRps)} rps`,
      QUOTAS.apiRps,
      per.apiPeakRps,
      whole('rps'),
    ),
    row(
      'Lambda concurrency: every function in the busiest hour',
      `${count(QUOTAS.lambdaConcurrency)}`,
      QUOTAS.lambdaConcurrency,
      per.peakConcurrency,
      (value) => `${value.toFixed(value < 10 ? 1 : 0)} at once`,
    ),
  ].sort((a, b) => a.reachedAt - b.reachedAt);
}

/**
 * One viral host: the request units one view of its page puts on its own partitions (measured operations), and the
 * views a second at which they reach a partition's limits. `bookingsFactor`: the host's month holds that many times
 * the model's average host's 100 bookings (4: every slot of a 9–18 weekday calendar taken).
 */
export function viralHost(bookingsFactor = 1) {
  const { view } = ASSUMPTIONS;
  const month = OPERATIONS.hostMonthQuery.dynamo.rru * bookingsFactor;
  const day = OPERATIONS.hostDayQuery.dynamo.rru * bookingsFactor;
  // Without the 5-second in-process reuse, every availability call reads the host's partition.
  const uncachedRru = view.availableDatesCalls * month + view.timeSlotsCalls * day;
  // With it, only the forced day reads (forceRefresh=true, after the guest's first navigation) must reach it.
  const forcedRru = (view.timeSlotsCalls - 1) * day;
  // A viral host's syncs are nearly all within the minute of another view's: each a refused conditional write.
  const calendarWru = view.syncCalls * OPERATIONS.syncUnclaimed.dynamo.wru;
  return {
    uncachedRru,
    forcedRru,
    calendarWru,
    viewsPerSecondUncached: QUOTAS.partitionRru / uncachedRru,
    viewsPerSecondCached: QUOTAS.partitionRru / forcedRru,
    viewsPerSecondCalendar: QUOTAS.partitionWru / calendarWru,
    apiCallsPerView: view.availableDatesCalls + view.timeSlotsCalls + view.syncCalls,
    requestsPerView: view.pageRequests + view.availableDatesCalls + view.timeSlotsCalls + view.syncCalls,
  };
}

/** Provisioned concurrency on the booking path: `instances` of each function, a 30-day month. */
export function provisionedConcurrency(functions: readonly string[], instances: number) {
  const perInstance = GB * SECONDS_PER_MONTH * PRICES.lambda.provisionedGbSecond;
  return { perInstance, perFunction: perInstance * instances, total: perInstance * instances * functions.length };
}

const describeRequests = (requests: Partial<Record<string, number>>) =>
  Object.entries(requests)
    .map(([command, times]) => `${command} ×${times}`)
    .join(', ') || 'none';

function sideEffects(figures: OperationFigures): string {
  const parts = [
    figures.mails && `${figures.mails} mail${figures.mails > 1 ? 's' : ''}`,
    figures.timersCreated && `${figures.timersCreated} schedules created`,
    figures.timersDeleted && `${figures.timersDeleted} schedules deleted`,
    figures.pagesWritten && `${figures.pagesWritten} S3 PUTs`,
    figures.publisherRecords && `${figures.publisherRecords} records to the publisher`,
    figures.queued && `${figures.queued} SQS message`,
    figures.mailsQueued && `${figures.mailsQueued} mail${figures.mailsQueued > 1 ? 's' : ''} queued`,
    figures.refusedWrites && `${figures.refusedWrites} refused write`,
    figures.conditionChecks && `${figures.conditionChecks} condition checks`,
  ].filter(Boolean);
  return parts.join(', ') || '–';
}

/** The doc's tables (markdown), from the model: `npx tsx test/bench/cost-report.ts` prints them. */
export function formatReport(scales: readonly Scale[] = SCALES): string {
  const out: string[] = [];
  const costs = scales.map((scale) => monthlyCost(scale));
  out.push(
    '### Per operation (measured by test/integration/cost-model.test.ts; milliseconds assumed)',
    '',
    `| operation | DynamoDB requests | RRU | WRU | else | ms | ${costs.map((cost) => `runs at ${cost.totals.scale.name}`).join(' | ')} |`,
    `|---|---|--:|--:|---|--:|${costs.map(() => '--:').join('|')}|`,
  );
  for (const [name, figures] of entries(OPERATIONS as Record<OperationName, OperationFigures>)) {
    if (figures.unpriced) continue;
    out.push(
      `| ${figures.label} | ${describeRequests(figures.dynamo.requests)} | ${figures.dynamo.rru} | ${figures.dynamo.wru} | ${sideEffects(figures)} | ${figures.ms} | ${costs.map((cost) => millions(cost.totals.counts[name])).join(' | ')} |`,
    );
  }
  for (const cost of costs) {
    const { scale } = cost.totals;
    out.push(
      '',
      `### ${scale.name}: ${count(scale.hosts)} hosts, ${count(scale.bookings)} bookings, ${count(scale.views)} booking-page views a month`,
      '',
      '| service | what | arithmetic | a month |',
      '|---|---|---|--:|',
    );
    for (const line of cost.lines.filter((one) => !one.other)) {
      out.push(`| ${line.service} | ${line.item} | ${line.arithmetic} | ${usd(line.usd)} |`);
    }
    out.push(`| **the services listed** | | | **${usd(cost.listed)}** |`);
    for (const line of cost.lines.filter((one) => one.other)) {
      out.push(`| ${line.service} | ${line.item} | ${line.arithmetic} | ${usd(line.usd)} |`);
    }
    out.push(
      `| **all** | | | **${usd(cost.all)}** |`,
      `| **per booking** | | ${usd(cost.all)} / ${count(scale.bookings)} | **$${cost.perBooking.toFixed(4)}** |`,
    );
  }
  const unit = perUnitFigures();
  out.push(
    '',
    '### Per view and per booking',
    '',
    `- A booking-page view: ${unit.apiCallsPerView} API calls, ${unit.viewRru} RRU, ${unit.viewWru} WRU.`,
    `- A booking (with its mails and reminders): ${unit.bookingWru.toFixed(1)} WRU.`,
    '',
    '### Limits, in the order traffic reaches them',
    '',
    `| limit | default | ${scales.map((scale) => `at ${scale.name}`).join(' | ')} | reached at |`,
    `|---|--:|${scales.map(() => '--:').join('|')}|--:|`,
  );
  for (const limit of limits(scales)) {
    out.push(
      `| ${limit.what} | ${limit.quota} | ${limit.figures.join(' | ')} | ${limit.reachedAt < 1 ? 'already at 1×' : `~${limit.reachedAt.toFixed(limit.reachedAt < 10 ? 1 : 0)}×`} |`,
    );
  }
  out.push(
    '',
    '### How late a reminder goes (issue 30)',
    '',
    `| sending rate | consumers | ${scales.map((scale, index) => `at ${scale.name} (${count(reminderLatenessTable(scales)[0]!.late[index]!.burst)} due at once)`).join(' | ')} |`,
    `|--:|--:|${scales.map(() => '--:').join('|')}|`,
  );
  for (const row of reminderLatenessTable(scales)) {
    out.push(`| ${count(row.rate)} mails/s | ${row.consumers} | ${row.late.map((one) => one.text).join(' | ')} |`);
  }
  out.push('', '### One viral host', '');
  for (const factor of [1, 4]) {
    const viral = viralHost(factor);
    out.push(
      `- ${factor === 1 ? "The average host's month (100 bookings)" : 'A fully booked month (4× the bookings)'}: a view reads ${viral.uncachedRru} RRU of the host's partition without the in-process reuse (${count(viral.viewsPerSecondUncached)} views/s reach ${count(QUOTAS.partitionRru)} RRU/s), ${viral.forcedRru} RRU of forced day reads with it (${count(viral.viewsPerSecondCached)} views/s); the calendar item takes ${viral.calendarWru} refused writes a view (${count(viral.viewsPerSecondCalendar)} views/s reach ${count(QUOTAS.partitionWru)} WRU/s).`,
    );
  }
  const path = ['createBooking', 'getTimeSlots', 'getAvailableDates', 'getPublicEvent'];
  const provisioned = provisionedConcurrency(path, 2);
  out.push(
    '',
    '### Provisioned concurrency',
    '',
    `- One instance at ${LAMBDA_MEMORY_MB} MB: ${GB} GB × ${count(SECONDS_PER_MONTH)} s × $0.0000033334 = ${usd(provisioned.perInstance)} a month; ` +
      `2 instances of ${path.join(', ')}: ${usd(provisioned.total)}.`,
    '',
    `Prices: ${PRICE_NOTE}`,
  );
  return out.join('\n');
}
