import { routes } from '#shared/api/routes';
import { teamAvailableDatesForMonth } from '#shared/availability/engine';
import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { composeDeps } from '#functions/composition';
import { parseConfig, setEnvironment } from '#functions/config';
import { newEvent } from '#functions/domain/event-defaults';
import { run as createBookingRun } from '#functions/handlers/createBooking';
import { run as availableDatesRun } from '#functions/handlers/getAvailableDates';
import { run as timeSlotsRun } from '#functions/handlers/getTimeSlots';
import { httpRoute } from '#functions/http/route-handler';
import { startPeers } from '#infra/local/peers';
import { ensureTable } from '#infra/local/table';
import {
  addDays,
  availableDatesRequest,
  benchDates,
  bookingRequest,
  expectStatus,
  httpApi,
  isWeekday,
  timeSlotsRequest,
  type Api,
  type ApiRequest,
  type Slot,
} from '#test/bench/api';
import { median } from '#test/bench/availability';
import type { CallCount } from '#test/bench/dynamo-requests';
import { apiEvent, testContext } from '#test/support/api-event';
import type { RunningApp } from '#test/support/app-process';

/**
 * Team scheduling's budgets (issue 28): a round-robin event type of a team of 10 members.
 * - Engine CPU for a month (pure; each member with 40 bookings and 20 calendar busy times), median of 50.
 * - DynamoDB requests per call of GET /api/time-slots, GET /api/available-dates and POST /api/bookings (client
 *   middleware), handlers in-process on DynamoDB Local in memory; ≈ 60 bookings spread over the members first.
 * - p99 of the two availability views at 20 concurrent clients over HTTP on the started local app (autocannon, as
 *   the demo host's figures): seedTeamOnApp puts the same team and ≈ 60 bookings into the app's table, run.ts
 *   measures.
 */

export const TEAM_SIZE = 10;
const HOST_ZONE = 'America/New_York';
const GUEST_ZONE = 'Europe/Berlin';
const MINUTE = 60_000;

/** The engine's input for a month of a 10-member round-robin team. */
function engineFixture() {
  const event = {
    duration: 30,
    timeZone: HOST_ZONE,
    availabilityRanges: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      active: dayOfWeek !== 0 && dayOfWeek !== 6,
      startTime: '09:00',
      endTime: '18:00',
    })),
    bufferBefore: 10,
    bufferAfter: 10,
    minimumNoticeAmount: 4,
    minimumNoticeUnit: 'hours' as const,
    advanceBookingDays: 60,
    maxBookingsPerDay: 8,
  };
  const now = Date.parse('2026-03-01T12:00:00-05:00');
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const members = Array.from({ length: TEAM_SIZE }, () => {
    const bookingStarts: number[] = [];
    const busy: { start: number; end: number }[] = [];
    for (let i = 0; i < 40; i++) {
      const start = now + Math.floor(random() * 35 * 24 * 4) * 15 * MINUTE;
      bookingStarts.push(start);
      busy.push({ start: start - 10 * MINUTE, end: start + 40 * MINUTE });
    }
    for (let i = 0; i < 20; i++) {
      const start = now + Math.floor(random() * 35 * 24 * 60) * MINUTE;
      busy.push({ start, end: start + Math.floor(15 + random() * 120) * MINUTE });
    }
    return { busy, bookingStarts, role: 'pool' as const };
  });
  return { event, overrides: [], now, members };
}

const cpuMs = (run: () => unknown) => {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

export function benchTeamEngine() {
  const input = engineFixture();
  const month = () => teamAvailableDatesForMonth(input, { year: 2026, month: 3, guestTimeZone: 'Europe/London' });
  for (let i = 0; i < 20; i++) month();
  return { monthMs: median(Array.from({ length: 50 }, () => cpuMs(month))) };
}

type Deps = ReturnType<typeof composeDeps>;

/**
 * A team of TEAM_SIZE members (built-in calendars, paying; the first the owner) and its round-robin event type,
 * written straight to the table through the adapters (no page or API makes members without their sign-in). Every
 * id is new for each call, so the in-process table and the started app's table can both hold one.
 */
async function createTeamEvent(deps: Deps) {
  const now = deps.clock.now();
  const run = Date.now().toString(36);
  const createdAt = new Date(now.getTime() - 365 * 86_400_000).toISOString();
  const members = Array.from({ length: TEAM_SIZE }, (_, index) => ({
    id: `bench-member-${run}-${index}`,
    name: `Member ${index + 1}`,
    email: `member${index}-${run}@bench.test`,
    username: `bench-member-${run}-${index}`,
    photoUrl: null,
    createdAt,
  }));
  for (const member of members) {
    await deps.hosts.createIfAbsent(member);
    await deps.hosts.setCalendar(
      member.id,
      { provider: 'builtin', connected: true, email: member.email, lastSynced: null },
      null,
    );
    await deps.hosts.setPlan(member.id, {
      id: 'pi_bench',
      status: 'active',
      planType: 'lifetime',
      createdAt,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      customerId: null,
      promoCode: null,
      stateAt: 0,
    });
  }
  const team = {
    id: `bench-team-${run}`,
    name: 'Bench Team',
    slug: `bench-team-${run}`,
    logoUrl: null,
    createdAt,
    createdBy: members[0]!.id,
  };
  await deps.teams.create(team, { teamId: team.id, userId: members[0]!.id, role: 'owner', joinedAt: createdAt });
  for (const member of members.slice(1)) {
    await deps.teams.putMember({ teamId: team.id, userId: member.id, role: 'member', joinedAt: createdAt });
  }
  const event = await deps.events.create(
    newEvent(
      {
        title: 'Team intro',
        slug: `bench-team-intro-${run}`,
        userId: members[0]!.id,
        timeZone: HOST_ZONE,
        teamId: team.id,
        schedulingType: 'round-robin',
        hosts: members.map((member) => ({ userId: member.id, fixed: false, weight: 100 })),
      },
      now,
    ),
  );
  if (!event) throw new Error('The bench team event was not created');
  return { event, team, now };
}

/**
 * About 60 bookings over the next weeks through POST /api/bookings (every third slot GET /api/time-slots offers,
 * from the day after tomorrow), spread over the members by the assignment rule.
 */
async function seedTeamBookings(api: Api, eventId: number, today: string) {
  let seeded = 0;
  for (let date = addDays(today, 2); seeded < 60; date = addDays(date, 1)) {
    if (!isWeekday(date)) continue;
    const { timeSlots } = await expectStatus<{ timeSlots: Slot[] }>(
      api,
      timeSlotsRequest(eventId, date, HOST_ZONE),
      200,
    );
    for (const slot of timeSlots.filter((_, index) => index % 3 === 0)) {
      const answer = await api(bookingRequest(eventId, slot, HOST_ZONE, seeded));
      if (answer.status === 201) seeded++;
      else if (answer.status !== 409 && answer.status !== 422)
        throw new Error(`POST /api/bookings answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
  }
  return seeded;
}

export async function benchTeamRequests() {
  setEnvironment({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_METRICS_DISABLED: 'true' });
  const peers = await startPeers();
  try {
    const config = parseConfig({
      DYNAMODB_ENDPOINT: peers.dynamoEndpoint,
      SES_ENDPOINT: peers.sesEndpoint,
      TABLE_NAME: 'meetwise-bench-team',
      AWS_REGION: 'us-east-1',
      LOG_LEVEL: 'error',
      RATE_LIMIT_MULTIPLIER: '1000',
    });
    const admin = createDynamoClient(config);
    await ensureTable(admin, config.tableName);
    admin.destroy();
    let counting: Map<string, number> | null = null;
    const deps = composeDeps(config, {
      onDynamoRequest: (command) => {
        const name = command.replace(/Command$/, '');
        if (counting) counting.set(name, (counting.get(name) ?? 0) + 1);
      },
    });
    const { event, now } = await createTeamEvent(deps);

    const provide = () => deps;
    const handlers = {
      timeSlots: httpRoute(routes.getTimeSlots, timeSlotsRun, provide),
      availableDates: httpRoute(routes.getAvailableDates, availableDatesRun, provide),
      createBooking: httpRoute(routes.createBooking, createBookingRun, provide),
    };
    const api: Api = async ({ method, path, query, body, headers }) => {
      const handler =
        path === '/api/time-slots'
          ? handlers.timeSlots
          : path === '/api/available-dates'
            ? handlers.availableDates
            : handlers.createBooking;
      const result = (await handler(
        apiEvent({
          method,
          path,
          ...(query ? { query } : {}),
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
        testContext,
      )) as { statusCode: number; body?: string };
      return { status: result.statusCode, body: result.body ? (JSON.parse(result.body) as unknown) : null };
    };

    const { today, slotsDate, nextMonth } = benchDates(now, HOST_ZONE);
    const seeded = await seedTeamBookings(api, event.id, today);

    const calls: CallCount[] = [];
    const measure = async (call: string, request: ApiRequest, status: number) => {
      deps.recentReads.clear();
      counting = new Map();
      let answer;
      try {
        answer = await api(request);
      } finally {
        const counts = counting;
        counting = null;
        let reads = 0;
        let transactions = 0;
        let otherWrites = 0;
        let total = 0;
        for (const [name, count] of counts) {
          total += count;
          if (['GetItem', 'Query', 'BatchGetItem'].includes(name)) reads += count;
          else if (name === 'TransactWriteItems') transactions += count;
          else otherWrites += count;
        }
        calls.push({ call, status: answer?.status ?? 0, counts, total, reads, transactions, otherWrites });
      }
      if (answer.status !== status)
        throw new Error(`${call} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    const slotsRequest = timeSlotsRequest(event.id, slotsDate, GUEST_ZONE);
    const monthRequest = availableDatesRequest(event.id, nextMonth.year, nextMonth.month, GUEST_ZONE);
    const { timeSlots } = (await measure(`GET /api/time-slots (${slotsDate})`, slotsRequest, 200)) as {
      timeSlots: Slot[];
    };
    await measure(`GET /api/available-dates (${nextMonth.year}-${nextMonth.month})`, monthRequest, 200);
    const slot = timeSlots[0];
    if (!slot) throw new Error(`No free team slot on ${slotsDate}`);
    await measure(
      'POST /api/bookings (round-robin) with Idempotency-Key',
      bookingRequest(event.id, slot, GUEST_ZONE, 999, `team-bench-${Date.now()}`),
      201,
    );
    return { calls, seeded };
  } finally {
    await peers.stop();
  }
}

/**
 * The team on the started app, for its latency figures (autocannon over HTTP, as the other availability figures):
 * the team and its event type go into the app's own table (its DynamoDB Local and table name from the start-up
 * banner), the ≈ 60 bookings through the app's POST /api/bookings, as the demo host's load is seeded. Answers the
 * two availability requests the budget is about (the guest in Europe/Berlin).
 */
export async function seedTeamOnApp(app: RunningApp, options: { bookings?: boolean } = {}) {
  const banner = /DynamoDB:\s+(\S+) \(table "([^"]+)"/.exec(app.output());
  if (!banner) throw new Error(`No DynamoDB line in the app's banner:\n${app.output()}`);
  const deps = composeDeps(
    parseConfig({
      DYNAMODB_ENDPOINT: banner[1]!.replace('//localhost:', '//127.0.0.1:'),
      TABLE_NAME: banner[2]!,
      AWS_REGION: 'us-east-1',
      LOG_LEVEL: 'error',
    }),
  );
  const { event, team, now } = await createTeamEvent(deps);
  const { today, slotsDate, nextMonth } = benchDates(now, HOST_ZONE);
  // The page benches want the pages only: no bookings, whose mails would load the machine while pages are timed.
  const seeded = options.bookings === false ? 0 : await seedTeamBookings(httpApi(app.baseUrl), event.id, today);
  return {
    eventId: event.id,
    eventSlug: event.slug,
    teamSlug: team.slug,
    seeded,
    slotsDate,
    nextMonth,
    guestZone: GUEST_ZONE,
    slotsRequest: timeSlotsRequest(event.id, slotsDate, GUEST_ZONE),
    monthRequest: availableDatesRequest(event.id, nextMonth.year, nextMonth.month, GUEST_ZONE),
  };
}
