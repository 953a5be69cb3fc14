import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context, DynamoDBBatchResponse } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { routes } from '#shared/api/routes';
import { streamJobs } from '#shared/jobs';
import { builtinCalendar } from '#functions/adapters/calendar/builtin';
import { createDocumentClient, createDynamoClient, withConsistentReads } from '#functions/adapters/dynamodb/client';
import { dynamoEvents } from '#functions/adapters/dynamodb/events';
import { dynamoHosts } from '#functions/adapters/dynamodb/hosts/repository';
import { dynamoSettings } from '#functions/adapters/dynamodb/settings';
import { dynamoTeams } from '#functions/adapters/dynamodb/teams';
import { syncAllCalendars, syncHost } from '#functions/app/calendars/calendar-sync';
import { deliverWebhook, fanOutBookingChange } from '#functions/app/integrations/webhook-delivery';
import { createWebhook } from '#functions/app/integrations/webhooks';
import { composeDeps } from '#functions/composition';
import { teamDirectoryOver } from '#functions/composition/area-ports';
import { readWindowForDates } from '#functions/domain/booking';
import type { EventRecord, HostRecord } from '#functions/domain/records';
import { run as cancelAsGuestRun } from '#functions/handlers/cancelBookingAsGuest';
import { run as createBookingRun } from '#functions/handlers/createBooking';
import { run as availableDatesRun } from '#functions/handlers/getAvailableDates';
import { run as manageRun } from '#functions/handlers/getManagedBooking';
import { run as getMeRun } from '#functions/handlers/getMe';
import { run as publicEventRun } from '#functions/handlers/getPublicEvent';
import { run as timeSlotsRun } from '#functions/handlers/getTimeSlots';
import { run as listBookingsRun } from '#functions/handlers/listBookings';
import { run as listEventsRun } from '#functions/handlers/listEvents';
import { run as loginRun } from '#functions/handlers/login';
import { run as registerRun } from '#functions/handlers/register';
import { run as syncCalendarRun } from '#functions/handlers/syncCalendar';
import { run as updateEventRun } from '#functions/handlers/updateEvent';
import { httpRoute } from '#functions/http/route-handler';
import { notifyHandler } from '#functions/jobs/notifyBookingChanges';
import { publishHandler } from '#functions/jobs/publishBookingPages';
import { sendMailHandler } from '#functions/jobs/sendBookingMail';
import { reminderHandler } from '#functions/jobs/sendReminder';
import type { CalendarProvider } from '#functions/ports/calendar';
import type { Deps } from '#functions/ports/deps';
import type { BookingPageRenderer, PublishedPages } from '#functions/ports/events';
import type { QueuedMail } from '#functions/ports/mail';
import type { BookingTimer } from '#functions/ports/timers';
import type { WebhookMessage } from '#functions/ports/webhooks';
import { startStreamPoller, type StreamPoller } from '#infra/local/stream-poller';
import { ensureTable } from '#infra/local/table';
import {
  DYNAMO_READ_COMMANDS,
  LAMBDA_MEMORY_MB,
  OPERATIONS,
  type OperationFigures,
  type OperationName,
} from '#test/bench/cost-model';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { bookingApi, bookingFixtures, bookingRequest, NOW } from '#test/support/booking-fixtures';
import { eventBody } from '#test/support/event-body';
import { integrationConfig } from '#test/support/local-stack';

/**
 * The request counts of the cost model (test/bench/cost-model.ts, docs/scale.md), measured from the code: each
 * operation the model prices runs here through the same route wrapper and jobs as in the cloud, against DynamoDB Local
 * (a table of this file's own, so its stream carries only these writes), and what it sent is counted: DynamoDB
 * requests per command and the capacity units DynamoDB Local reports for them (`ReturnConsumedCapacity`), mails handed
 * to SES, timers created and deleted (EventBridge Scheduler in the cloud), pages written (S3 in the cloud).
 * A transaction's write units are counted as DynamoDB bills them (2 per action per KB of its item, its index copies
 * too), not as DynamoDB Local reports them (by the transaction's total size); a conditional write DynamoDB refuses,
 * which neither reports, is counted apart and priced by the model at 1 WRU.
 * Each figure must equal the model's (requests by command, refused conditional writes, condition checks, mails,
 * timers, pages, records handed to the page publisher) or stay within it (request units).
 * A code change that adds a request fails here: change the model, then print the doc's tables again
 * (`npx tsx test/bench/cost-report.ts`).
 *
 * The data is the model's average host: one event type (30 minutes, Monday to Friday 9:00–18:00 New York, the default
 * reminders a day and an hour before) with 100 bookings in the month viewed (the model's 100 bookings per host per
 * month), booked through POST /api/bookings as the booking form sends it (a name, an address, no notes).
 */

const config = integrationConfig({ TABLE_NAME: `cost-${randomUUID().slice(0, 8)}` });

interface Tally {
  requests: Map<string, number>;
  rru: number;
  wru: number;
  /** Writes that reported no capacity: conditional writes DynamoDB refused (it bills them as writes of the item). */
  refusedWrites: number;
  /** ConditionCheck actions of the booking transaction: days its check read but does not write. */
  conditionChecks: number;
  mails: number;
  timersCreated: number;
  timersDeleted: number;
  pagesWritten: number;
  /** Stream records the operation's writes hand to publishBookingPages (one invocation each at most). */
  publisherRecords: number;
  /** Messages sent to the webhook delivery queue (SQS in the cloud). */
  queued: number;
  /** Mails sent to the booking mail queue (issue 30: SQS in the cloud). */
  mailsQueued: number;
}
const emptyTally = (): Tally => ({
  requests: new Map(),
  rru: 0,
  wru: 0,
  refusedWrites: 0,
  conditionChecks: 0,
  mails: 0,
  timersCreated: 0,
  timersDeleted: 0,
  pagesWritten: 0,
  publisherRecords: 0,
  queued: 0,
  mailsQueued: 0,
});
/** What the operation being measured sent; null between measurements (setup is not counted). */
let tally: Tally | null = null;
const bump = (name: string) => tally?.requests.set(name, (tally.requests.get(name) ?? 0) + 1);
const reads = new Set<string>(DYNAMO_READ_COMMANDS);
const onDynamoRequest = (command: string) => {
  const name = command.replace(/Command$/, '');
  bump(name);
  // Counted as refused until its capacity is reported (a refused conditional write reports none).
  if (tally && !reads.has(name)) tally.refusedWrites++;
};
/** An item's size as DynamoDB counts it, near enough: names and values (JSON's quotes make it a little more). */
const itemKb = (item: Record<string, unknown>) =>
  Object.entries(item).reduce(
    (bytes, [name, value]) => bytes + Buffer.byteLength(name) + Buffer.byteLength(JSON.stringify(value ?? null)),
    0,
  ) / 1024;

/**
 * What DynamoDB bills a TransactWriteItems: 2 WRU per action per KB of its item (a ConditionCheck too), and as much
 * again for the gsi1 copy of a Put carrying gsi1 keys. (DynamoDB Local bills a transaction by the total size of its
 * items, which is less.) The updates and checks here are of items under 1 KB (day versions, the replaced booking's
 * status): 2 each.
 */
function transactionWru(input: unknown): number {
  const actions = (input as { TransactItems?: { Put?: { Item?: Record<string, unknown> } }[] }).TransactItems ?? [];
  return actions.reduce((wru, action) => {
    const item = action.Put?.Item;
    if (!item) return wru + 2;
    const units = 2 * Math.ceil(itemKb(item));
    return wru + units + (item.gsi1pk === undefined ? 0 : units);
  }, 0);
}

const onDynamoCapacity = (command: string, units: number, input: unknown) => {
  if (!tally) return;
  const name = command.replace(/Command$/, '');
  if (reads.has(name)) tally.rru += units;
  else {
    tally.wru += name === 'TransactWriteItems' ? transactionWru(input) : units;
    tally.refusedWrites--;
  }
};

let current = new Date(NOW);
const clock = { now: () => new Date(current) };
const counted = composeDeps(config, { onDynamoRequest, onDynamoCapacity });
/** Timers as EventBridge Scheduler would get them: counted and kept here, so none is a table write. */
const timers: BookingTimer[] = [];
const queuedMessages: WebhookMessage[] = [];
const queuedMails: QueuedMail[] = [];
let receiverStatus = 200;
const deps: Deps = {
  ...counted,
  clock,
  bookings: {
    ...counted.bookings,
    async commit(write) {
      if (tally) tally.conditionChecks += write.checkDays.length;
      return counted.bookings.commit(write);
    },
  },
  timers: {
    async schedule(timer) {
      if (tally) tally.timersCreated++;
      timers.push(timer);
    },
    async cancel() {
      if (tally) tally.timersDeleted++;
    },
  },
  bookingMailer: {
    async send(mail) {
      if (tally) tally.mails++;
      return counted.bookingMailer.send(mail);
    },
  },
  mailer: {
    async send(mail) {
      if (tally) tally.mails++;
      return counted.mailer.send(mail);
    },
  },
  // Webhook messages as SQS would get them: counted and kept here, so none is a table write (issue 29).
  webhookQueue: {
    async send(message) {
      if (tally) tally.queued++;
      queuedMessages.push(message);
    },
  },
  // Booking mails as SQS would get them (issue 30): counted and kept here for the consumer's measurements.
  mailQueue: {
    async send(message) {
      if (tally) tally.mailsQueued++;
      queuedMails.push(message);
    },
    async retryAfter() {
      throw new Error('No mail is retried here.');
    },
  },
  // The receiver's answer, as the test sets it (no network).
  webhookSender: {
    async post() {
      return { status: receiverStatus, durationMs: 5, detail: receiverStatus === 200 ? 'ok' : 'Internal error' };
    },
  },
};

/** The booking page publisher as composition/pages.ts builds it (strongly consistent reads), counted; pages in memory. */
const pagesDb = createDocumentClient(
  withConsistentReads(createDynamoClient(config, onDynamoRequest, onDynamoCapacity)),
);
const pages: PublishedPages = {
  async put() {
    if (tally) tally.pagesWritten++;
  },
  async remove() {
    if (tally) tally.pagesWritten++;
  },
};
// What the renderer does is CPU in the function; this file counts what the publisher sends.
const renderer: BookingPageRenderer = { render: async (event) => `<html>${event.title}</html>` };
const pageTables = {
  events: dynamoEvents(pagesDb, config.tableName),
  hosts: dynamoHosts(pagesDb, config.tableName),
  teams: dynamoTeams(pagesDb, config.tableName),
};
const publisher = {
  config,
  clock,
  logger: counted.logger,
  ...pageTables,
  teamDirectory: teamDirectoryOver(pageTables),
  settings: dynamoSettings(pagesDb, config.tableName),
  pages,
  renderer,
};

const lambdaContext = (): Context => ({
  ...testContext,
  awsRequestId: randomUUID(),
  getRemainingTimeInMillis: () => 60_000,
});

type RouteArgs = Parameters<typeof httpRoute>;
async function call(route: RouteArgs[0], run: unknown, event: Parameters<typeof apiEvent>[0]) {
  const handler = httpRoute(route, run as RouteArgs[1], async () => deps);
  const result = (await handler(apiEvent(event), lambdaContext())) as { statusCode: number; body: string };
  return { status: result.statusCode, body: JSON.parse(result.body || '{}') as Record<string, unknown> };
}

const folder = mkdtempSync(join(tmpdir(), 'cost-model-'));
/** The stream jobs, each fed by a poller of this file's table; off while the setup writes. */
let streamOn = false;
const notify = notifyHandler(() => deps);
const publish = publishHandler(() => publisher);
let notifyPoller: StreamPoller;
let publishPoller: StreamPoller;

let host: HostRecord;
let event: EventRecord;
let cookies: string[];
let login: { username: string; password: string };
/** The booking made by the measured POST /api/bookings, with the guest's link secret. */
let booked: { id: string; token: string; start: string };

/** The month viewed: March 2026 (the clock is Monday 2 March, 12:00 UTC). */
const MONTH = { year: '2026', month: '3' };
const SLOT_DAY = '2026-03-10';
/** Five bookings a weekday from 3 March: 100 in the month, at 15:00–19:00 UTC (within 9:00–18:00 in New York). */
function seedStarts(): string[] {
  const starts: string[] = [];
  for (let day = 3; starts.length < 100; day++) {
    const date = new Date(Date.UTC(2026, 2, day));
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    for (const hour of [15, 16, 17, 18, 19]) starts.push(`${date.toISOString().slice(0, 10)}T${hour}:00:00Z`);
  }
  return starts;
}

beforeAll(async () => {
  const admin = createDynamoClient(config);
  await ensureTable(admin, config.tableName);
  admin.destroy();
  notifyPoller = startStreamPoller({
    dynamoEndpoint: config.dynamoEndpoint!,
    region: config.region,
    tableName: config.tableName,
    checkpointFile: join(folder, 'notify.json'),
    job: streamJobs.notifyBookingChanges,
    handler: async (event, context) => (streamOn ? notify(event, context) : undefined),
    everyMs: 3_600_000,
    retryDelayMs: 0,
  });
  publishPoller = startStreamPoller({
    dynamoEndpoint: config.dynamoEndpoint!,
    region: config.region,
    tableName: config.tableName,
    checkpointFile: join(folder, 'publish.json'),
    job: streamJobs.publishBookingPages,
    handler: async (event, context) =>
      streamOn ? ((await publish(event, context)) as DynamoDBBatchResponse) : undefined,
    everyMs: 3_600_000,
    retryDelayMs: 0,
  });
  const fixtures = bookingFixtures(config);
  host = await fixtures.host({ name: 'Jordan Avery' });
  event = await fixtures.eventType(host.id, { title: 'Intro Call', duration: 30 });
  const seeding = bookingApi(config, { clock });
  for (const start of seedStarts()) {
    const answer = await seeding.book(bookingRequest(event, start, { timezone: 'Europe/Berlin' }));
    expect(answer.status, answer.text).toBe(201);
  }
  cookies = [(await deps.sessionIssuer.start(host.id, { secure: false })).split(';')[0]!];
  login = { username: `login-${randomUUID().slice(0, 8)}@example.com`, password: 'correct-horse-battery' };
  const registered = await call(routes.register, registerRun, {
    method: 'POST',
    path: '/api/auth/register',
    headers: jsonHeaders,
    body: JSON.stringify({ name: 'Grace Hopper', email: login.username, password: login.password }),
  });
  expect(registered.status).toBe(201);
  // What the setup wrote reaches the stream jobs' pollers, which pass it by.
  await Promise.all([notifyPoller.poll(), publishPoller.poll()]);
  streamOn = true;
}, 120_000);

afterAll(async () => {
  await Promise.all([notifyPoller?.stop(), publishPoller?.stop()]);
  rmSync(folder, { recursive: true, force: true });
  printTable();
});

const measured = new Map<OperationName, Tally & { ms: number }>();
const NO_PUBLISHER = { publisher: false };

/**
 * Runs `work` with a fresh tally (and no reuse of the availability views' recent reads, as in a function that has
 * not seen the event in the last seconds), then hands the stream records its writes made to publishBookingPages and
 * counts them (`publisher: false` where the publisher's work is measured as an operation of its own).
 */
async function measure(
  name: OperationName,
  work: () => Promise<void>,
  options: { publisher: boolean } = { publisher: true },
): Promise<Tally> {
  deps.recentReads.clear();
  const own = emptyTally();
  tally = own;
  const started = performance.now();
  try {
    await work();
  } finally {
    tally = null;
  }
  const ms = performance.now() - started;
  if (options.publisher) own.publisherRecords = await publishPoller.poll();
  measured.set(name, { ...own, ms });
  return own;
}

function expectWithinModel(name: OperationName, got: Tally) {
  const model: OperationFigures = OPERATIONS[name];
  expect(Object.fromEntries(got.requests), `${name}: DynamoDB requests`).toEqual(model.dynamo.requests);
  expect(got.rru, `${name}: read request units (model ${model.dynamo.rru})`).toBeLessThanOrEqual(model.dynamo.rru);
  expect(got.wru, `${name}: write request units (model ${model.dynamo.wru})`).toBeLessThanOrEqual(model.dynamo.wru);
  expect(got.mails, `${name}: mails`).toBe(model.mails ?? 0);
  expect(got.timersCreated, `${name}: timers created`).toBe(model.timersCreated ?? 0);
  expect(got.timersDeleted, `${name}: timers deleted`).toBe(model.timersDeleted ?? 0);
  expect(got.pagesWritten, `${name}: pages written`).toBe(model.pagesWritten ?? 0);
  expect(got.publisherRecords, `${name}: stream records to publishBookingPages`).toBe(model.publisherRecords ?? 0);
  expect(got.refusedWrites, `${name}: refused conditional writes`).toBe(model.refusedWrites ?? 0);
  expect(got.conditionChecks, `${name}: condition checks`).toBe(model.conditionChecks ?? 0);
  expect(got.queued, `${name}: webhook messages queued`).toBe(model.queued ?? 0);
  expect(got.mailsQueued, `${name}: booking mails queued`).toBe(model.mailsQueued ?? 0);
}

function printTable() {
  const describeRequests = (requests: Map<string, number> | Partial<Record<string, number>>) =>
    (requests instanceof Map ? [...requests] : Object.entries(requests))
      .map(([command, count]) => `${command} ×${count}`)
      .join(', ') || 'none';
  const lines = [
    '',
    'Cost model: what each operation sent, measured on DynamoDB Local (request units as DynamoDB Local reports them, a transaction as DynamoDB bills it), beside the model',
    `${'operation'.padEnd(18)} ${'DynamoDB requests'.padEnd(66)} ${'RRU'.padStart(5)} ${'WRU'.padStart(5)} refused checks  model RRU/WRU  mails timers+/- pages publisher  ms here`,
  ];
  for (const [name, got] of measured) {
    const model = OPERATIONS[name];
    const cells = [
      name.padEnd(18),
      describeRequests(got.requests).padEnd(66),
      got.rru.toFixed(1).padStart(5),
      got.wru.toFixed(1).padStart(5),
      String(got.refusedWrites).padStart(7),
      String(got.conditionChecks).padStart(6),
      ` ${`${model.dynamo.rru}/${model.dynamo.wru}`.padStart(13)}`,
      ` ${String(got.mails).padStart(5)}`,
      `${got.timersCreated}/${got.timersDeleted}`.padStart(9),
      String(got.pagesWritten).padStart(5),
      String(got.publisherRecords).padStart(9),
      ` ${got.ms.toFixed(0).padStart(7)}`,
    ];
    lines.push(cells.join(' '));
  }
  console.log(lines.join('\n'));
}

const slug = () => event.slug;

describe('a booking-page view', () => {
  it('GET /api/available-dates: the month, by slug', async () => {
    const got = await measure('availableDates', async () => {
      const answer = await call(routes.getAvailableDates, availableDatesRun, {
        method: 'GET',
        path: '/api/available-dates',
        query: { ...MONTH, eventId: slug(), timezone: 'Europe/Berlin' },
      });
      expect(answer.status).toBe(200);
    });
    expectWithinModel('availableDates', got);
  });

  it('GET /api/time-slots: one day', async () => {
    const got = await measure('timeSlots', async () => {
      const answer = await call(routes.getTimeSlots, timeSlotsRun, {
        method: 'GET',
        path: '/api/time-slots',
        query: { date: SLOT_DAY, eventId: slug(), timezone: 'Europe/Berlin' },
      });
      expect(answer.status).toBe(200);
    });
    expectWithinModel('timeSlots', got);
  });

  it('GET /api/calendar/sync: the first of a minute claims the sync, the next ones within the minute do not', async () => {
    const sync = () =>
      call(routes.syncCalendar, syncCalendarRun, {
        method: 'GET',
        path: '/api/calendar/sync',
        query: { eventId: slug() },
      });
    const claimed = await measure('syncClaimed', async () => {
      expect((await sync()).status).toBe(200);
    });
    expectWithinModel('syncClaimed', claimed);
    current = new Date(NOW.getTime() + 30_000);
    const refused = await measure('syncUnclaimed', async () => {
      expect((await sync()).status).toBe(200);
    });
    current = new Date(NOW);
    expectWithinModel('syncUnclaimed', refused);
  });

  it('GET /api/events/public/{slug}: only a page not published asks for it', async () => {
    const got = await measure('publicEvent', async () => {
      const answer = await call(routes.getPublicEvent, publicEventRun, {
        method: 'GET',
        path: `/api/events/public/${slug()}`,
        pathParameters: { eventSlug: slug() },
      });
      expect(answer.status).toBe(200);
    });
    expectWithinModel('publicEvent', got);
  });
});

describe('a booking, its mails and reminders, the guest cancelling', () => {
  it('POST /api/bookings as the booking form sends it (no Idempotency-Key)', async () => {
    const start = '2026-03-10T20:00:00Z';
    const got = await measure('createBooking', async () => {
      const answer = await call(routes.createBooking, createBookingRun, {
        method: 'POST',
        path: '/api/bookings',
        headers: jsonHeaders,
        body: JSON.stringify(bookingRequest(event, start, { timezone: 'Europe/Berlin' })),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      booked = { id: String(answer.body.bookingId), token: String(answer.body.rescheduleToken), start };
    });
    expectWithinModel('createBooking', got);
  });

  it('notifyBookingChanges on the new booking: the guest and the host mailed, a timer per reminder', async () => {
    const got = await measure('notifyBooked', async () => {
      expect(await notifyPoller.poll()).toBe(1);
    });
    expectWithinModel('notifyBooked', got);
  });

  it('sendReminder: a reminder timer fires', async () => {
    const reminder = timers.find((timer) => timer.payload.bookingId === booked.id)!;
    expect(reminder.payload.kind).toBe('reminder');
    current = new Date(reminder.at);
    const got = await measure('sendReminder', async () => {
      await reminderHandler(() => deps)(reminder.payload, lambdaContext());
    });
    current = new Date(NOW);
    expectWithinModel('sendReminder', got);
  });

  /** The consumer handed one queued mail, as SQS's mapping hands a batch of one. */
  const sendQueued = (message: QueuedMail) =>
    sendMailHandler(() => deps)(
      {
        Records: [
          {
            messageId: randomUUID(),
            receiptHandle: 'receipt',
            body: JSON.stringify(message),
            attributes: { ApproximateReceiveCount: '1' },
          },
        ],
      } as never,
      lambdaContext(),
    );

  it('sendBookingMail: a booking mail the stream job queued goes out (tokens, once-only record, SES)', async () => {
    const message = queuedMails.find((queued) => queued.id.startsWith(booked.id) && !queued.reminder)!;
    expect(message).toBeDefined();
    const got = await measure('mailSent', async () => {
      expect(await sendQueued(message)).toEqual({ batchItemFailures: [] });
    });
    expectWithinModel('mailSent', got);
  });

  it('sendBookingMail: a reminder goes out after its booking is read again', async () => {
    const message = queuedMails.find((queued) => queued.reminder?.bookingId === booked.id)!;
    expect(message).toBeDefined();
    const reminder = timers.find((timer) => timer.payload.bookingId === booked.id)!;
    current = new Date(reminder.at);
    const got = await measure('reminderMailSent', async () => {
      expect(await sendQueued(message)).toEqual({ batchItemFailures: [] });
    });
    current = new Date(NOW);
    expectWithinModel('reminderMailSent', got);
  });

  it("POST /api/bookings/{id}/manage: the guest opens the mail's link", async () => {
    const got = await measure('manageView', async () => {
      const answer = await call(routes.getManagedBooking, manageRun, {
        method: 'POST',
        path: `/api/bookings/${booked.id}/manage`,
        pathParameters: { id: booked.id },
        headers: jsonHeaders,
        body: JSON.stringify({ token: booked.token }),
      });
      expect(answer.status).toBe(200);
    });
    expectWithinModel('manageView', got);
  });

  it('POST /api/bookings/{id}/cancel: the guest cancels', async () => {
    const got = await measure('cancelAsGuest', async () => {
      const answer = await call(routes.cancelBookingAsGuest, cancelAsGuestRun, {
        method: 'POST',
        path: `/api/bookings/${booked.id}/cancel`,
        pathParameters: { id: booked.id },
        headers: jsonHeaders,
        body: JSON.stringify({ token: booked.token, reason: 'Something came up' }),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    });
    expectWithinModel('cancelAsGuest', got);
  });

  it('notifyBookingChanges on the cancellation: the guest and the host mailed, the timers deleted', async () => {
    const got = await measure('notifyCancelled', async () => {
      expect(await notifyPoller.poll()).toBe(1);
    });
    expectWithinModel('notifyCancelled', got);
  });
});

describe("the host's console", () => {
  it('GET /api/me: every page of the console asks who is signed in', async () => {
    const got = await measure('getMe', async () => {
      expect((await call(routes.getMe, getMeRun, { method: 'GET', path: '/api/me', cookies })).status).toBe(200);
    });
    expectWithinModel('getMe', got);
  });

  it('GET /api/events: the event types', async () => {
    const got = await measure('listEvents', async () => {
      expect(
        (await call(routes.listEvents, listEventsRun, { method: 'GET', path: '/api/events', cookies })).status,
      ).toBe(200);
    });
    expectWithinModel('listEvents', got);
  });

  it("GET /api/bookings: the bookings screen's first window (30 days)", async () => {
    const got = await measure('listBookings', async () => {
      const answer = await call(routes.listBookings, listBookingsRun, {
        method: 'GET',
        path: '/api/bookings',
        query: { start: '2026-03-02', end: '2026-03-31', timezone: 'America/New_York' },
        cookies,
      });
      expect(answer.status).toBe(200);
    });
    expectWithinModel('listBookings', got);
  });

  it('POST /api/login: a sign-in with a password', async () => {
    const got = await measure('login', async () => {
      const answer = await call(routes.login, loginRun, {
        method: 'POST',
        path: '/api/login',
        headers: jsonHeaders,
        body: JSON.stringify(login),
      });
      expect(answer.status).toBe(200);
    });
    expectWithinModel('login', got);
  });

  it('PATCH /api/events/{slug}: an edit, then publishBookingPages renders and writes its page', async () => {
    const edit = await measure(
      'updateEvent',
      async () => {
        const answer = await call(routes.updateEvent, updateEventRun, {
          method: 'PATCH',
          path: `/api/events/${slug()}`,
          pathParameters: { eventRef: slug() },
          headers: jsonHeaders,
          body: JSON.stringify(eventBody({ slug: slug(), title: 'Intro Call (30 min)' })),
          cookies,
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      },
      NO_PUBLISHER,
    );
    expectWithinModel('updateEvent', edit);
    const published = await measure(
      'publishPage',
      async () => {
        expect(await publishPoller.poll()).toBe(1);
      },
      NO_PUBLISHER,
    );
    expectWithinModel('publishPage', published);
  });
});

describe('the scheduled calendar sync (every 15 minutes)', () => {
  it('a run reads the list of Google-connected hosts', async () => {
    const got = await measure('syncCalendarsRun', async () => {
      await syncAllCalendars(deps);
    });
    expectWithinModel('syncCalendarsRun', got);
  });

  it("each Google-connected host: the host, their next 400 days' bookings, the sync's time (Google's calls aside)", async () => {
    // The table side of syncHost for a calendar with events of its own; Google's listing answers that every
    // booking's event is still there (its cost is Google's quota, not AWS's).
    const google: CalendarProvider = { ...builtinCalendar, bookingEvents: async () => new Map<string, 'confirmed'>() };
    const got = await measure('googleHostSync', async () => {
      const record = await deps.hosts.get(host.id);
      await syncHost(deps, record!, google);
    });
    expectWithinModel('googleHostSync', got);
  });
});

describe('webhooks (issue 29): a message, and its attempts', () => {
  /** A host with one endpoint subscribed to every booking event, and a booking of theirs. */
  let hooked: HostRecord;
  let message: WebhookMessage;

  it('notifyBookingChanges: what one subscribed endpoint adds to a booking change', async () => {
    hooked = await bookingFixtures(config).host({ name: 'Sam Lee' });
    await createWebhook(
      { ...deps, accounts: counted.accounts },
      { userId: hooked.id, isAdmin: false, sessionId: 't' },
      {
        url: 'https://hooks.example.com/meetwise',
        events: ['booking.created', 'booking.cancelled'],
      },
    );
    // The new host's items reach the page publisher's stream (it publishes nothing for them): set up, not measured.
    await publishPoller.poll();
    const booking = (await deps.bookings.findById(booked.id))!;
    const theirs = { ...booking, hostId: hooked.id, status: 'confirmed' as const, cancellation: undefined };
    const got = await measure(
      'webhookQueued',
      async () => {
        expect(await fanOutBookingChange(deps, null, theirs)).toBe(1);
      },
      NO_PUBLISHER,
    );
    expectWithinModel('webhookQueued', got);
    message = queuedMessages.at(-1)!;
    expect(message.hostId).toBe(hooked.id);
  });

  it('deliverWebhook: an attempt the receiver takes (2xx), logged', async () => {
    receiverStatus = 200;
    const got = await measure('webhookDelivered', async () => {
      expect(await deliverWebhook(deps, message)).toBe('delivered');
    });
    expectWithinModel('webhookDelivered', got);
  });

  it('deliverWebhook: an attempt that fails, logged, the endpoint marked failing, the next one queued', async () => {
    receiverStatus = 500;
    const got = await measure('webhookFailed', async () => {
      expect(await deliverWebhook(deps, { ...message, attempt: 2 })).toBe('retrying');
    });
    receiverStatus = 200;
    expectWithinModel('webhookFailed', got);
  });

  it('deliverWebhook: a message handed over before its time (a long wait in 15-minute hops) is sent on', async () => {
    const later = { ...message, attempt: 5, notBefore: new Date(NOW.getTime() + 2 * 3_600_000).toISOString() };
    const got = await measure('webhookHop', async () => {
      expect(await deliverWebhook(deps, later)).toBe('deferred');
    });
    expectWithinModel('webhookHop', got);
  });
});

describe("a host's partition, for the hot-partition figures (not priced on their own)", () => {
  it("the month's Query of the host's bookings and day versions, as GET /api/available-dates reads it", async () => {
    const { fromDay, toDay } = readWindowForDates('2026-03-01', '2026-03-31');
    const got = await measure('hostMonthQuery', async () => {
      expect((await deps.bookings.read(host.id, fromDay, toDay)).bookings.length).toBeGreaterThanOrEqual(100);
    });
    expectWithinModel('hostMonthQuery', got);
  });

  it("one day's Query, as GET /api/time-slots reads it", async () => {
    const { fromDay, toDay } = readWindowForDates(SLOT_DAY, SLOT_DAY);
    const got = await measure('hostDayQuery', async () => {
      await deps.bookings.read(host.id, fromDay, toDay);
    });
    expectWithinModel('hostDayQuery', got);
  });
});

describe('what the model reads from the stack', () => {
  it("every function's memory is the model's (infra/cdk/api.ts)", () => {
    const stack = readFileSync('infra/cdk/api.ts', 'utf8');
    expect([...stack.matchAll(/memorySize: (\d+)/g)].map((match) => Number(match[1]))).toEqual([LAMBDA_MEMORY_MB]);
  });
});
