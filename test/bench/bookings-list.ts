import type { AddressInfo } from 'node:net';

import { routes } from '#shared/api/routes';
import { BOOKING_LIST_LIMIT_DEFAULT } from '#shared/api/schemas/bookings';
import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { recentHostNames } from '#functions/adapters/memory/recent-host-names';
import { composeDeps, RECENT_HOST_NAMES } from '#functions/composition';
import { parseConfig, setEnvironment } from '#functions/config';
import type { BookingRecord } from '#functions/domain/records';
import { run as listRun } from '#functions/handlers/listBookings';
import { httpRoute } from '#functions/http/route-handler';
import { startPeers } from '#infra/local/peers';
import { DEMO_ADMIN, seedDemoData } from '#infra/local/seed';
import { createAppServer } from '#infra/local/server';
import { ensureTable } from '#infra/local/table';
import { MEETINGS_PAGE_SIZE } from '#frontend/features/admin/api/list-bookings.ts';
import { benchLatency } from '#test/bench/latency';
import { apiEvent, testContext } from '#test/support/api-event';
import { bookingRecord } from '#test/support/booking-record';

/**
 * GET /api/bookings for the admin over one month holding `bookings` bookings of `hosts` hosts (issue 17), one page
 * of `pageSize` at a time (issue 30; by default the admin table's page, MEETINGS_PAGE_SIZE): the DynamoDB requests of
 * the first page and of the next (counted by the client middleware; the handler remembers host names for a minute,
 * as the deployed one does), the walk over every page (each booking once, in order, or the bench stops), and the
 * latency of one page at 20 concurrent clients through the local app server, for the table's page and for the API's
 * default page (100). The bookings are written straight through the ledger into DynamoDB Local (in
 * memory), with no stream job running, so nothing else loads the machine while it is measured.
 */
export async function benchBookingList(options: { hosts?: number; bookings?: number; pageSize?: number } = {}) {
  const hostCount = options.hosts ?? 50;
  const bookingCount = options.bookings ?? 2000;
  const pageSize = options.pageSize ?? MEETINGS_PAGE_SIZE;
  const peers = await startPeers();
  const server = { close: () => undefined as void };
  try {
    const env = {
      DYNAMODB_ENDPOINT: peers.dynamoEndpoint,
      SES_ENDPOINT: peers.sesEndpoint,
      TABLE_NAME: 'meetwise-list-bench',
      AWS_REGION: 'us-east-1',
      LOG_LEVEL: 'error',
      RATE_LIMIT_MULTIPLIER: '1000',
    };
    setEnvironment(env);
    const config = parseConfig(env);
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
    await seedDemoData(deps, 'http://localhost');

    // 50 hosts, 40 bookings each over March 2027 (weekdays, 09:00–17:00 UTC, half-hour steps).
    const month = '2027-03';
    const hostIds = Array.from({ length: hostCount }, (_, index) => `bench-host-${index}`);
    for (const id of hostIds) {
      await deps.hosts.createIfAbsent({
        id,
        name: `Bench Host ${id.slice(11)}`,
        email: `${id}@example.com`,
        username: id,
        photoUrl: null,
        createdAt: '2027-01-01T00:00:00.000Z',
      });
    }
    const writes: BookingRecord[] = [];
    for (let index = 0; index < bookingCount; index++) {
      const hostId = hostIds[index % hostCount]!;
      const slot = Math.floor(index / hostCount);
      const day = 1 + Math.floor(slot / 2) * 1;
      const start = new Date(
        `${month}-${String(day).padStart(2, '0')}T${String(9 + (slot % 8)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}:00Z`,
      );
      const end = new Date(start.getTime() + 30 * 60_000);
      writes.push(
        bookingRecord(
          {
            id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
            hostId,
            eventId: 1001,
            eventTitle: 'Bench Call',
            eventSlug: 'bench-call',
            name: `Guest Number ${index}`,
            email: `guest-${index}@example.com`,
            status: index % 10 === 0 ? 'cancelled' : 'confirmed',
            createdAt: '2027-01-01T00:00:00.000Z',
          },
          start,
          end,
        ),
      );
    }
    for (let index = 0; index < writes.length; index += 20) {
      await Promise.all(
        writes.slice(index, index + 20).map((booking) =>
          deps.bookings.commit({
            booking,
            lockDays: [],
            checkDays: [],
          }),
        ),
      );
    }

    const query = { start: `${month}-01`, end: `${month}-31`, timezone: 'UTC' };
    // As the handler composes it (composition.ts listHostRepository).
    const listHosts = {
      ...deps.hosts,
      namesOf: recentHostNames((ids) => deps.hosts.namesOf(ids), RECENT_HOST_NAMES),
    };
    const list = httpRoute(routes.listBookings, listRun, async () => ({
      ...deps,
      hosts: listHosts,
      sessions: { authenticate: async () => ({ userId: 'admin', isAdmin: true, sessionId: 'bench' }) },
    }));
    type Page = { bookings: { id: string; startTime: string }[]; nextCursor: string | null };
    const page = async (cursor: string | null): Promise<Page> => {
      const answer = (await list(
        apiEvent({
          method: 'GET',
          path: '/api/bookings',
          query: { ...query, limit: String(pageSize), ...(cursor ? { cursor } : {}) },
        }),
        testContext,
      )) as { statusCode: number; body: string };
      if (answer.statusCode !== 200) throw new Error(`GET /api/bookings answered ${answer.statusCode}: ${answer.body}`);
      return JSON.parse(answer.body) as Page;
    };
    counting = new Map();
    const first = await page(null);
    const counts = counting;
    counting = new Map();
    await page(first.nextCursor);
    const nextCounts = counting;
    counting = null;
    if (first.bookings.length !== Math.min(pageSize, bookingCount)) {
      throw new Error(`The first page held ${first.bookings.length} bookings, not ${pageSize}`);
    }
    // Following the cursors: every booking of the month once, in order.
    const walked = [...first.bookings];
    for (let cursor = first.nextCursor; cursor;) {
      const next = await page(cursor);
      walked.push(...next.bookings);
      cursor = next.nextCursor;
    }
    const order = (a: { id: string; startTime: string }, b: { id: string; startTime: string }) =>
      a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id);
    const inOrder = walked.every((booking, index) => index === 0 || order(walked[index - 1]!, booking) < 0);
    if (walked.length !== bookingCount || new Set(walked.map((one) => one.id)).size !== bookingCount || !inOrder) {
      throw new Error(
        `Following the cursors gave ${walked.length} bookings (in order: ${inOrder}), not ${bookingCount}`,
      );
    }
    const listed = walked.length;
    const pages = Math.ceil(bookingCount / pageSize);

    // The same call through the local app server as the demo admin, 20 clients.
    const app = createAppServer({ siteDir: 'frontend/dist', photosDir: '/tmp/meetwise-list-bench-photos' });
    await new Promise<void>((ready) => app.listen(0, '127.0.0.1', ready));
    server.close = () => {
      app.closeAllConnections();
      app.close();
    };
    const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    setEnvironment({ SITE_URL: base });
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    if (login.status !== 200) throw new Error(`The demo admin could not sign in: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const url = (limit: number) =>
      `${base}/api/bookings?${new URLSearchParams({ ...query, limit: String(limit) }).toString()}`;
    const latency = await benchLatency(url(pageSize), { headers: { cookie } });
    const defaultPage = await benchLatency(url(BOOKING_LIST_LIMIT_DEFAULT), { headers: { cookie } });
    return { listed, pages, pageSize, counts, nextCounts, latency, defaultPage };
  } finally {
    server.close();
    await peers.stop();
  }
}
