import { routes } from '#shared/api/routes';
import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { composeDeps } from '#functions/composition';
import { parseConfig, setEnvironment } from '#functions/config';
import { run as createBookingRun } from '#functions/handlers/createBooking';
import { run as availableDatesRun } from '#functions/handlers/getAvailableDates';
import { run as publicEventRun } from '#functions/handlers/getPublicEvent';
import { run as timeSlotsRun } from '#functions/handlers/getTimeSlots';
import { httpRoute } from '#functions/http/route-handler';
import { startPeers } from '#infra/local/peers';
import { DEMO_HOST, seedDemoData } from '#infra/local/seed';
import { ensureTable } from '#infra/local/table';
import {
  availableDatesRequest,
  benchDates,
  bookingRequest,
  eventIdOf,
  timeSlotsRequest,
  type Api,
  type ApiRequest,
  type Slot,
} from '#test/bench/api';
import { seedBookings } from '#test/bench/seed-bookings';
import { apiEvent, testContext } from '#test/support/api-event';

/**
 * DynamoDB requests per call (budgets of test/bench/run.ts), counted by the client middleware (`onDynamoRequest` of
 * composeDeps, retries not counted). The handlers' `run` functions go through the same route wrapper as in the
 * cloud, with dependencies composed in this process against DynamoDB Local (in memory) seeded like `npm start`,
 * plus the same ~200 bookings as the latency bench so that queries page as they would on real data.
 */

type Counts = Map<string, number>;

const READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);
const TRANSACTIONS = new Set(['TransactWriteItems']);

export interface CallCount {
  call: string;
  status: number;
  counts: Counts;
  total: number;
  reads: number;
  transactions: number;
  otherWrites: number;
}

function summarize(call: string, status: number, counts: Counts): CallCount {
  let reads = 0;
  let transactions = 0;
  let otherWrites = 0;
  let total = 0;
  for (const [name, count] of counts) {
    total += count;
    if (READS.has(name)) reads += count;
    else if (TRANSACTIONS.has(name)) transactions += count;
    else otherWrites += count;
  }
  return { call, status, counts, total, reads, transactions, otherWrites };
}

export const describeCounts = (counts: Counts) =>
  [...counts].map(([name, count]) => `${name} ×${count}`).join(', ') || 'none';

export async function benchDynamoRequests() {
  setEnvironment({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_METRICS_DISABLED: 'true' });
  const peers = await startPeers();
  try {
    const config = parseConfig({
      DYNAMODB_ENDPOINT: peers.dynamoEndpoint,
      SES_ENDPOINT: peers.sesEndpoint,
      TABLE_NAME: 'meetwise-bench',
      AWS_REGION: 'us-east-1',
      LOG_LEVEL: 'error',
      // The bench seeds its bookings from one address: the abuse limits are not what it measures.
      RATE_LIMIT_MULTIPLIER: '1000',
    });
    const admin = createDynamoClient(config);
    await ensureTable(admin, config.tableName);
    admin.destroy();

    let counting: Counts | null = null;
    const deps = composeDeps(config, {
      onDynamoRequest: (command) => {
        const name = command.replace(/Command$/, '');
        if (counting) counting.set(name, (counting.get(name) ?? 0) + 1);
      },
    });
    await seedDemoData(deps, 'http://localhost');

    const provide = () => deps;
    const handlers = {
      getPublicEvent: httpRoute(routes.getPublicEvent, publicEventRun, provide),
      getTimeSlots: httpRoute(routes.getTimeSlots, timeSlotsRun, provide),
      getAvailableDates: httpRoute(routes.getAvailableDates, availableDatesRun, provide),
      createBooking: httpRoute(routes.createBooking, createBookingRun, provide),
    };
    const api: Api = async ({ method, path, query, body, headers }: ApiRequest) => {
      const slug = /^\/api\/events\/public\/([^/]+)$/.exec(path)?.[1];
      const handler =
        slug !== undefined
          ? handlers.getPublicEvent
          : path === '/api/time-slots'
            ? handlers.getTimeSlots
            : path === '/api/available-dates'
              ? handlers.getAvailableDates
              : path === '/api/bookings' && method === 'POST'
                ? handlers.createBooking
                : undefined;
      if (!handler) throw new Error(`No handler for ${method} ${path} in the request bench`);
      const event = apiEvent({
        method,
        path,
        ...(query ? { query } : {}),
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(slug !== undefined ? { pathParameters: { eventSlug: slug } } : {}),
      });
      const result = (await handler(event, testContext)) as { statusCode: number; body?: string };
      return { status: result.statusCode, body: result.body ? (JSON.parse(result.body) as unknown) : null };
    };
    const counted = async (call: string, request: ApiRequest): Promise<{ count: CallCount; body: unknown }> => {
      counting = new Map();
      try {
        const answer = await api(request);
        return { count: summarize(call, answer.status, counting), body: answer.body };
      } finally {
        counting = null;
      }
    };

    const introId = await eventIdOf(api, 'intro-call');
    const strategyId = await eventIdOf(api, 'strategy-session');
    const { today, slotsDate, nextMonth } = benchDates(deps.clock.now(), 'America/New_York');
    const seeded = await seedBookings(api, { introId, strategyId, hostZone: 'America/New_York', today });
    const { bookings: stored } = await deps.bookings.read(DEMO_HOST.id, today, '9999-12-31');

    const calls: CallCount[] = [];
    const measure = async (call: string, request: ApiRequest, status: number) => {
      const { count, body } = await counted(call, request);
      if (count.status !== status)
        throw new Error(`${call} answered ${count.status}, expected ${status}: ${JSON.stringify(body)}`);
      calls.push(count);
      return body;
    };
    await measure('GET /api/events/public/intro-call', { method: 'GET', path: '/api/events/public/intro-call' }, 200);
    const { timeSlots } = (await measure(
      `GET /api/time-slots (${slotsDate}, Europe/Berlin)`,
      timeSlotsRequest(introId, slotsDate, 'Europe/Berlin'),
      200,
    )) as { timeSlots: Slot[] };
    await measure(
      `GET /api/available-dates (${nextMonth.year}-${String(nextMonth.month).padStart(2, '0')}, Europe/Berlin)`,
      availableDatesRequest(introId, nextMonth.year, nextMonth.month, 'Europe/Berlin'),
      200,
    );
    const slot = timeSlots[0];
    if (!slot) throw new Error(`No free intro-call slot on ${slotsDate} to book`);
    const booking = bookingRequest(introId, slot, 'Europe/Berlin', 0, `bench-${Date.now()}`);
    await measure('POST /api/bookings with Idempotency-Key', booking, 201);
    await measure('  the same request again (replayed)', booking, 201);
    // The slot is taken now: the write-time check refuses another guest before writing anything.
    await measure('  another guest, same slot (409)', bookingRequest(introId, slot, 'Europe/Berlin', 1), 409);

    return { calls, seeded, storedBookings: stored.length };
  } finally {
    await peers.stop();
  }
}
