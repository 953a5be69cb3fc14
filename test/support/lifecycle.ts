import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context, DynamoDBRecord } from 'aws-lambda';
import { inject } from 'vitest';

import { routes } from '#shared/api/routes';
import { streamJobs } from '#shared/jobs';
import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import type { TableMailQueue } from '#functions/adapters/dynamodb/mail-queue';
import type { TableTimers } from '#functions/adapters/dynamodb/table-timers';
import type { TableWebhookQueue } from '#functions/adapters/dynamodb/webhook-queue';
import { composeDeps, connectAreas } from '#functions/composition';
import type { Config } from '#functions/config';
import { run as cancelRun } from '#functions/handlers/cancelBooking';
import { run as cancelAsGuestRun } from '#functions/handlers/cancelBookingAsGuest';
import { run as confirmRun } from '#functions/handlers/confirmBooking';
import { run as declineRun } from '#functions/handlers/declineBooking';
import { run as getBookingRun } from '#functions/handlers/getBooking';
import { run as icsRun } from '#functions/handlers/getBookingCalendarFile';
import { run as manageRun } from '#functions/handlers/getManagedBooking';
import { run as rescheduleViewRun } from '#functions/handlers/getReschedulableBooking';
import { run as listRun } from '#functions/handlers/listBookings';
import { run as noShowRun } from '#functions/handlers/markNoShow';
import { httpRoute } from '#functions/http/route-handler';
import { deliverHandler } from '#functions/jobs/deliverWebhook';
import { expiryHandler } from '#functions/jobs/expirePendingBooking';
import { notifyHandler } from '#functions/jobs/notifyBookingChanges';
import { sendMailHandler } from '#functions/jobs/sendBookingMail';
import { reminderHandler } from '#functions/jobs/sendReminder';
import type { Principal } from '#functions/ports/core';
import type { Deps } from '#functions/ports/deps';
import type { BookingTimer } from '#functions/ports/timers';
import { startLocalMailQueue, startLocalWebhookQueue } from '#infra/local/queue-runner';
import { startStreamPoller } from '#infra/local/stream-poller';
import { ensureTable } from '#infra/local/table';
import { startLocalTimers } from '#infra/local/timers';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { bookingApi, bookingFixtures, NOW } from '#test/support/booking-fixtures';
import { integrationConfig, sentEmails, type StoredEmail } from '#test/support/local-stack';

/**
 * The booking lifecycle on one machine, for integration tests: a table of the test file's own (so its stream carries
 * only this file's bookings), a clock the test moves, the stream poller and the local scheduler calling the real job
 * handlers with the same dependencies, and the booking routes through the route table.
 */
export async function lifecycleHarness(
  options: {
    overrides?: (deps: Deps) => Partial<Deps>;
    /** More configuration (e.g. WEBHOOKS_ALLOW_LOCAL). */
    env?: Record<string, string>;
  } = {},
) {
  const tableName = `lifecycle-${randomUUID().slice(0, 8)}`;
  // Booking mail (issue 30) at a rate no test waits for, unless the test sets its own.
  const config: Config = integrationConfig({ TABLE_NAME: tableName, MAIL_RATE_PER_SECOND: '1000', ...options.env });
  const dynamo = createDynamoClient(config);
  await ensureTable(dynamo, tableName);
  let current = new Date(NOW);
  const clock = { now: () => new Date(current) };
  // The ports between the areas built again over the moved clock and the overrides (connectAreas).
  const base = connectAreas({ ...composeDeps(config), clock });
  const deps: Deps = connectAreas({ ...base, ...options.overrides?.(base) });
  const notify = notifyHandler(() => deps);
  const reminder = reminderHandler(() => deps);
  const expiry = expiryHandler(() => deps);
  const context = (): Context => ({
    ...testContext,
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 60_000,
  });
  const folder = mkdtempSync(join(tmpdir(), 'lifecycle-'));
  // Every record the poller handed over, for tests that deliver some again.
  const delivered: DynamoDBRecord[] = [];
  const poller = startStreamPoller({
    dynamoEndpoint: config.dynamoEndpoint!,
    region: config.region,
    tableName,
    checkpointFile: join(folder, 'checkpoint.json'),
    job: streamJobs.notifyBookingChanges,
    handler: (event, ctx) => {
      delivered.push(...event.Records);
      return notify(event, ctx);
    },
    everyMs: 3_600_000,
    retryDelayMs: 0,
  });
  // Booking mail (issue 30): the table's queue, handed to sendBookingMail in batches of 10. Its runner's clock runs a
  // day further at every pass, so a mail that failed, or backed off, goes again at the next pass; the test's clock
  // (deps.clock: a reminder's re-check) does not move.
  const sendMail = sendMailHandler(() => deps);
  let mailPasses = 0;
  const mailQueue = startLocalMailQueue({
    queue: deps.mailQueue as TableMailQueue,
    clock: () => new Date(Math.max(current.getTime(), Date.now()) + 365 * DAY_MS + mailPasses * DAY_MS),
    handler: (event, ctx) => sendMail(event, ctx),
    everyMs: 3_600_000,
  });
  const sendMails = () => {
    mailPasses++;
    return mailQueue.tick();
  };
  const fire = async (timer: BookingTimer) => {
    await (timer.payload.kind === 'reminder' ? reminder : expiry)(timer.payload, context());
    await sendMails();
  };
  const fireOnly = async (timer: BookingTimer) => {
    await (timer.payload.kind === 'reminder' ? reminder : expiry)(timer.payload, context());
  };
  const startTimers = () =>
    startLocalTimers({ timers: deps.timers as TableTimers, clock: clock.now, fire: fireOnly, everyMs: 3_600_000 });
  let timers = startTimers();
  // Webhook messages (issue 29): the table's queue, handed to the delivery job when due by the clock.
  const deliver = deliverHandler(() => deps);
  const webhookQueue = startLocalWebhookQueue({
    queue: deps.webhookQueue as TableWebhookQueue,
    clock: clock.now,
    handler: (event, ctx) => deliver(event, ctx),
    everyMs: 3_600_000,
  });
  const fixtures = bookingFixtures(config);
  const api = bookingApi(config, { clock });
  const routesAs = guestAndHostRoutes(config, deps);
  return {
    config,
    deps,
    fixtures,
    api,
    ...routesAs,
    notify,
    delivered,
    context,
    poller,
    /** Sets the clock. */
    at(instant: string | Date) {
      current = new Date(instant);
    },
    /**
     * Hands every stream record written so far to the job (as the event source mapping would), then the booking mails
     * it queued to sendBookingMail; answers how many records.
     */
    async drain() {
      const records = await poller.poll();
      await sendMails();
      return records;
    },
    /** Fires the timers due now (the clock as set), then sends the mails they queued; answers how many timers. */
    async tick() {
      const fired = await timers.tick();
      await sendMails();
      return fired;
    },
    /** One pass of the booking mail queue (issue 30): answers how many messages sendBookingMail took. */
    sendMails,
    /** Hands the webhook messages due now (the clock as set) to the delivery job; answers how many. */
    deliverWebhooks: () => webhookQueue.tick(),
    /** Calls a timer's job directly, as a scheduler delivering it (again) would, then sends the mails it queued. */
    fire,
    /** Stops the local scheduler and starts another over the same table (a restarted runner). */
    restartTimers() {
      timers.stop();
      timers = startTimers();
    },
    async close() {
      timers.stop();
      webhookQueue.stop();
      mailQueue.stop();
      await poller.stop();
      rmSync(folder, { recursive: true, force: true });
      dynamo.destroy();
    },
  };
}

const DAY_MS = 86_400_000;

/** The guest's and the host's booking routes through the route table, with the harness's dependencies. */
function guestAndHostRoutes(_config: Config, deps: Deps) {
  const as = (principal: Principal | null) => async () => ({
    ...deps,
    sessions: { authenticate: async () => principal },
  });
  const call = async (
    route: Parameters<typeof httpRoute>[0],
    run: never,
    principal: Principal | null,
    event: Parameters<typeof apiEvent>[0],
  ) => {
    const handler = httpRoute(route, run, as(principal));
    const result = (await handler(apiEvent(event), { ...testContext, awsRequestId: randomUUID() })) as {
      statusCode: number;
      body: string;
      headers?: Record<string, string>;
    };
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(result.body) as Record<string, unknown>;
    } catch {
      // a document (the .ics)
    }
    return { status: result.statusCode, body, text: result.body, headers: result.headers ?? {} };
  };
  const host = (userId: string, isAdmin = false): Principal => ({ userId, isAdmin, sessionId: 'test' });
  return {
    manage: (id: string, token: string) =>
      call(routes.getManagedBooking, manageRun as never, null, {
        method: 'POST',
        path: `/api/bookings/${id}/manage`,
        pathParameters: { id },
        headers: jsonHeaders,
        body: JSON.stringify({ token }),
      }),
    calendarFile: (id: string, token: string) =>
      call(routes.getBookingCalendarFile, icsRun as never, null, {
        method: 'POST',
        path: `/api/bookings/${id}/ics`,
        pathParameters: { id },
        headers: jsonHeaders,
        body: JSON.stringify({ token }),
      }),
    /** POST /api/bookings/{id}/reschedule-view (issue 31): the guest's token or the host's reschedule-only one. */
    rescheduleView: (id: string, token: string) =>
      call(routes.getReschedulableBooking, rescheduleViewRun as never, null, {
        method: 'POST',
        path: `/api/bookings/${id}/reschedule-view`,
        pathParameters: { id },
        headers: jsonHeaders,
        body: JSON.stringify({ token }),
      }),
    cancelAsGuest: (id: string, body: Record<string, unknown>) =>
      call(routes.cancelBookingAsGuest, cancelAsGuestRun as never, null, {
        method: 'POST',
        path: `/api/bookings/${id}/cancel`,
        pathParameters: { id },
        headers: jsonHeaders,
        body: JSON.stringify(body),
      }),
    hostBooking: (userId: string, id: string, isAdmin = false) =>
      call(routes.getBooking, getBookingRun as never, host(userId, isAdmin), {
        method: 'GET',
        path: `/api/bookings/${id}`,
        pathParameters: { id },
      }),
    confirm: (userId: string, id: string, isAdmin = false) =>
      call(routes.confirmBooking, confirmRun as never, host(userId, isAdmin), {
        method: 'POST',
        path: `/api/bookings/${id}/confirm`,
        pathParameters: { id },
      }),
    /** GET /api/bookings as a host, an admin (`isAdmin`), or nobody (`userId` null). */
    list: (userId: string | null, query: Record<string, string>, isAdmin = false) =>
      call(routes.listBookings, listRun as never, userId === null ? null : host(userId, isAdmin), {
        method: 'GET',
        path: '/api/bookings',
        query,
      }),
    cancelAsOwner: (userId: string | null, id: string, body?: Record<string, unknown>, isAdmin = false) =>
      call(routes.cancelBooking, cancelRun as never, userId === null ? null : host(userId, isAdmin), {
        method: 'DELETE',
        path: `/api/bookings/${id}`,
        pathParameters: { id },
        ...(body ? { headers: jsonHeaders, body: JSON.stringify(body) } : {}),
      }),
    noShow: (userId: string, id: string, body?: Record<string, unknown>) =>
      call(routes.markNoShow, noShowRun as never, host(userId), {
        method: 'POST',
        path: `/api/bookings/${id}/no-show`,
        pathParameters: { id },
        ...(body ? { headers: jsonHeaders, body: JSON.stringify(body) } : {}),
      }),
    decline: (userId: string, id: string, body?: Record<string, unknown>) =>
      call(routes.declineBooking, declineRun as never, host(userId), {
        method: 'POST',
        path: `/api/bookings/${id}/decline`,
        pathParameters: { id },
        ...(body ? { headers: jsonHeaders, body: JSON.stringify(body) } : {}),
      }),
  };
}

/** The mails the SES emulator holds for an address (To contains it), oldest first. */
export async function mailsTo(address: string): Promise<StoredEmail[]> {
  const all = await sentEmails(inject('sesEndpoint'));
  return all.filter((mail) => mail.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())));
}
