import {
  availableDatesRequest,
  benchDates,
  eventIdOf,
  expectStatus,
  httpApi,
  timeSlotsRequest,
  type ApiRequest,
} from '#test/bench/api';
import { benchAvailability } from '#test/bench/availability';
import { benchBookingList } from '#test/bench/bookings-list';
import { benchBundles } from '#test/bench/bundles';
import { benchDynamoRequests, describeCounts, type CallCount } from '#test/bench/dynamo-requests';
import { benchFrontend } from '#test/bench/frontend';
import { benchLatency } from '#test/bench/latency';
import { benchLighthouse } from '#test/bench/lighthouse';
import { benchMailLatency } from '#test/bench/mail-latency';
import { seedBookings } from '#test/bench/seed-bookings';
import { startApp, type RunningApp } from '#test/support/app-process';

/**
 * `npm run bench`: the figures of ARCHITECTURE.md §6, each printed beside its budget. It measures; it does not
 * fail on a figure (CI does not run it, timings on a shared 2-core machine vary). Build first: npm run build.
 * It stops with an error when a call it measures does not answer as expected (a figure of failing calls is no
 * figure).
 */

const BUDGET = {
  monthCpuMs: 5,
  p99Ms: 50,
  publicBundleKb: 300,
  bookingPageJsKb: 90,
  timeSlotsRequests: 4,
  // The stored answer, the event, the host, the admin's settings (auto-confirm: issue 16), the host's days.
  bookingReads: 5,
  bookingTransactions: 1,
  lighthouseScore: 95,
  lighthouseLcpMs: 1500,
  lighthouseTbtMs: 100,
  lighthouseCls: 0.02,
  mailP99Ms: 5000,
  // A month of the bookings index is one Query (pages of 1 MB aside), plus one BatchGetItem of the hosts' names.
  listRequests: 5,
};

const HOST_ZONE = 'America/New_York';
const GUEST_ZONE = 'Europe/Berlin';

const row = (what: string, figure: string, budget: string, ok: boolean | null) =>
  console.log(`${ok === null ? ' ' : ok ? '✓' : '✗'} ${what.padEnd(80)} ${figure.padStart(14)}   ${budget}`);

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

function printCounts(calls: CallCount[]) {
  for (const call of calls) {
    const detail = `${call.call}: ${describeCounts(call.counts)}`;
    if (call.call.startsWith('GET /api/time-slots')) {
      row(detail, `${call.total} requests`, `≤ ${BUDGET.timeSlotsRequests}`, call.total <= BUDGET.timeSlotsRequests);
    } else if (call.call === 'POST /api/bookings with Idempotency-Key') {
      row(detail, `${call.reads} reads`, `≤ ${BUDGET.bookingReads} reads`, call.reads <= BUDGET.bookingReads);
      row(
        `  written in ${call.transactions} transaction, ${call.otherWrites} other writes`,
        `${call.transactions} tx`,
        `≤ ${BUDGET.bookingTransactions} transaction, no other write`,
        call.transactions <= BUDGET.bookingTransactions && call.otherWrites === 0,
      );
    } else {
      row(detail, `${call.total} requests`, '', null);
    }
  }
}

async function main() {
  const started = performance.now();
  console.log('\nMeetwise bench (ARCHITECTURE.md §6)\n');

  const availability = benchAvailability();
  console.log('Availability engine (200 bookings, 100 busy intervals, guest in Europe/London, host in New York)');
  row(
    'one month of available dates, median CPU of 50',
    `${availability.monthMs.toFixed(2)} ms`,
    `≤ ${BUDGET.monthCpuMs} ms`,
    availability.monthMs <= BUDGET.monthCpuMs,
  );
  row('one day of time slots, median CPU of 50', `${availability.dayMs.toFixed(2)} ms`, '', null);
  row('first call in a fresh process (time-zone data, JIT)', `${availability.coldMs.toFixed(1)} ms`, '', null);

  // The app starts (DynamoDB Local, seeding) while the bundles are built and the requests counted: neither is timed.
  const starting = startApp();
  starting.catch(() => undefined);
  let app: RunningApp | undefined;
  try {
    console.log('\nLambda bundles (minified; the @aws-sdk/* packages they load come from the Node 22 runtime)');
    for (const bundle of await benchBundles()) {
      const kb = bundle.bytes / 1024;
      const isPublic = bundle.auth === 'public';
      row(
        `${bundle.name} (${bundle.auth}; loads ${bundle.external.map((name) => name.replace('@aws-sdk/', '')).join(', ') || 'no SDK'})`,
        `${kb.toFixed(0)} KB`,
        isPublic ? `≤ ${BUDGET.publicBundleKb} KB` : '',
        isPublic ? kb <= BUDGET.publicBundleKb : null,
      );
      if (bundle.name === 'createBooking') {
        row(
          '  createBooking carries nothing of the mail path (no mail composer, SES or Scheduler client)',
          bundle.mailPath ? 'carries it' : 'none',
          'none',
          !bundle.mailPath,
        );
      }
    }

    const requests = await benchDynamoRequests();
    console.log(
      `\nDynamoDB requests per call (client middleware; handlers in-process on DynamoDB Local in memory, demo data + ${requests.seeded.created} bookings, ${requests.storedBookings} stored)`,
    );
    printCounts(requests.calls);

    app = await starting;
    const api = httpApi(app.baseUrl);
    const introId = await eventIdOf(api, 'intro-call');
    const strategyId = await eventIdOf(api, 'strategy-session');
    const { today, slotsDate, nextMonth } = benchDates(new Date(), HOST_ZONE);

    const seedStarted = performance.now();
    const seeded = await seedBookings(api, { introId, strategyId, hostZone: HOST_ZONE, today });
    const refused = [...seeded.refused].map(([status, count]) => `${count} × ${status}`).join(', ') || 'none';
    console.log(
      `\nLoad: bookings of the demo host created through POST /api/bookings, one after the other (${seconds(seedStarted)})`,
    );
    row(
      `${seeded.requests} requests; booked weekdays ${seeded.firstBooked} to ${seeded.lastBooked}; refused and skipped: ${refused}`,
      `${seeded.created}`,
      'about 200',
      null,
    );

    console.log('\nFront end: JavaScript loaded until network idle, gzip, 375 px');
    for (const page of await benchFrontend(app.baseUrl, ['/book/intro-call', '/contact-us', '/debug', '/'])) {
      const kb = page.gzipBytes / 1024;
      const booking = page.path.startsWith('/book/');
      row(
        `${page.path} (${page.scripts} scripts)`,
        `${kb.toFixed(1)} KB`,
        booking ? `≤ ${BUDGET.bookingPageJsKb} KB` : '',
        booking ? kb <= BUDGET.bookingPageJsKb : null,
      );
    }

    // The ~200 bookings above each mailed three people: let the stream job finish them before timing new ones.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const mail = await benchMailLatency(app.baseUrl, app.mailViewer, 50);
    console.log(
      `\nBooking mail: from the commit (201) to the confirmation in the SES emulator's store, ${mail.count} bookings one after another`,
    );
    row('p50', `${(mail.p50 / 1000).toFixed(2)} s`, '', null);
    row('p99', `${(mail.p99 / 1000).toFixed(2)} s`, `≤ ${BUDGET.mailP99Ms / 1000} s`, mail.p99 <= BUDGET.mailP99Ms);

    const lighthouseStarted = performance.now();
    const lighthouseRuns = 5;
    const lighthouseResults = await benchLighthouse(app.baseUrl, ['/book/intro-call', '/'], lighthouseRuns);
    console.log(
      `\nLighthouse 12, mobile preset (simulated slow 4G, 4× CPU), performance only, median of ${lighthouseRuns} runs per metric (${seconds(lighthouseStarted)})`,
    );
    for (const page of lighthouseResults) {
      const { score, lcpMs, tbtMs, cls } = page.median;
      const retried = page.retried.length
        ? `; ${page.retried.length} run(s) repeated after ${[...new Set(page.retried)].join(', ')}`
        : '';
      row(
        `${page.path}: performance score, median of ${lighthouseRuns} (runs: ${page.runs.map((run) => run.score.toFixed(0)).join(', ')}${retried})`,
        `${score.toFixed(0)}`,
        `≥ ${BUDGET.lighthouseScore}`,
        score >= BUDGET.lighthouseScore,
      );
      row(
        `  LCP, median of ${lighthouseRuns}`,
        `${(lcpMs / 1000).toFixed(2)} s`,
        `≤ ${(BUDGET.lighthouseLcpMs / 1000).toFixed(1)} s`,
        lcpMs <= BUDGET.lighthouseLcpMs,
      );
      row(
        `  TBT, median of ${lighthouseRuns}`,
        `${tbtMs.toFixed(0)} ms`,
        `≤ ${BUDGET.lighthouseTbtMs} ms`,
        tbtMs <= BUDGET.lighthouseTbtMs,
      );
      row(
        `  CLS, median of ${lighthouseRuns}`,
        cls.toFixed(3),
        `≤ ${BUDGET.lighthouseCls}`,
        cls <= BUDGET.lighthouseCls,
      );
      // For reference: what the LCP of the run nearest the median LCP is made of, and which element it is.
      const typical = page.runs.reduce((best, run) =>
        Math.abs(run.lcpMs - lcpMs) < Math.abs(best.lcpMs - lcpMs) ? run : best,
      );
      const phases =
        Object.entries(typical.lcpPhases)
          .map(([phase, ms]) => `${phase} ${ms.toFixed(0)}`)
          .join(', ') || 'no breakdown';
      row(
        `  LCP element ${typical.lcpElement.slice(0, 60)}`,
        `${(typical.lcpMs / 1000).toFixed(2)} s`,
        `${phases} ms`,
        null,
      );
    }

    const slots = await expectStatus<{ timeSlots: unknown[] }>(
      api,
      timeSlotsRequest(introId, slotsDate, GUEST_ZONE),
      200,
    );
    const month = await expectStatus<{ availableDates: { hasTimeSlots: boolean }[] }>(
      api,
      availableDatesRequest(introId, nextMonth.year, nextMonth.month, GUEST_ZONE),
      200,
    );
    const monthText = `${nextMonth.year}-${String(nextMonth.month).padStart(2, '0')}`;
    const targets: { label: string; request: ApiRequest; budget: boolean }[] = [
      { label: 'GET /api/settings', request: { method: 'GET', path: '/api/settings' }, budget: false },
      {
        label: `GET /api/time-slots ${slotsDate}, intro-call, ${GUEST_ZONE} (${slots.timeSlots.length} free slots)`,
        request: timeSlotsRequest(introId, slotsDate, GUEST_ZONE),
        budget: true,
      },
      {
        label: `GET /api/available-dates ${monthText}, intro-call, ${GUEST_ZONE} (${month.availableDates.filter((d) => d.hasTimeSlots).length}/${month.availableDates.length} dates free)`,
        request: availableDatesRequest(introId, nextMonth.year, nextMonth.month, GUEST_ZONE),
        budget: true,
      },
      {
        label: `GET /api/time-slots as above with forceRefresh=true (no reuse of recent reads: every call reads DynamoDB)`,
        request: {
          ...timeSlotsRequest(introId, slotsDate, GUEST_ZONE),
          query: { ...timeSlotsRequest(introId, slotsDate, GUEST_ZONE).query, forceRefresh: 'true' },
        },
        budget: false,
      },
    ];
    console.log(
      '\nLocal stack latency, 20 concurrent clients, 10 s each after a 2 s warm-up (autocannon, app on DynamoDB Local on disk)',
    );
    console.log('  (the availability views reuse what they read for up to 5 s; a booking in the process clears it)');
    for (const target of targets) {
      const url = `${app.baseUrl}${target.request.path}${target.request.query ? `?${new URLSearchParams(target.request.query).toString()}` : ''}`;
      const latency = await benchLatency(url);
      const clean = latency.non2xx === 0 && latency.errors === 0;
      row(target.label, `p50 ${latency.p50} ms`, '', null);
      row(
        `  ${latency.requests} requests, ${Math.round(latency.rps)} req/s, ${latency.non2xx} non-2xx, ${latency.errors} errors`,
        `p99 ${latency.p99} ms`,
        target.budget ? `≤ ${BUDGET.p99Ms} ms` : '(for reference)',
        target.budget ? clean && latency.p99 <= BUDGET.p99Ms : null,
      );
      // For reference: the same request with one client, i.e. its service time without queueing.
      const alone = await benchLatency(url, { seconds: 5, connections: 1, warmUpSeconds: 0 });
      row(
        `  one client, 5 s (${alone.requests} requests, ${alone.non2xx} non-2xx, ${alone.errors} errors)`,
        `${alone.p50} / ${alone.p99} ms`,
        'p50 / p99, for reference',
        null,
      );
    }
  } finally {
    app ??= await starting.catch(() => undefined);
    await app?.stop();
  }

  // After the app stopped: this part runs its own DynamoDB Local and app server, with no stream job beside it.
  const listBench = await benchBookingList();
  const listCalls = [...listBench.counts].reduce((sum, [, count]) => sum + count, 0);
  console.log(
    `\nGET /api/bookings as the admin: one month holding 2,000 bookings of 50 hosts (${listBench.listed} listed; DynamoDB Local in memory)`,
  );
  row(
    `DynamoDB requests: ${describeCounts(listBench.counts)}`,
    `${listCalls} requests`,
    `≤ ${BUDGET.listRequests}`,
    listCalls <= BUDGET.listRequests,
  );
  row(
    `20 concurrent clients, 10 s: ${listBench.latency.requests} requests, ${listBench.latency.non2xx} non-2xx, p50 ${listBench.latency.p50} ms`,
    `p99 ${listBench.latency.p99} ms`,
    '(for reference)',
    null,
  );
  console.log(`\nDone in ${seconds(started)}.\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
