import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { BOOKING_LIST_LIMIT_DEFAULT } from '#shared/api/schemas/bookings';
import { EMBED_BUDGET_GZIP_BYTES } from '#shared/embed';
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
import { analysisBuild, attribute, chunkOwners } from '#test/bench/bundle-analysis';
import { benchBundles } from '#test/bench/bundles';
import { formatReport } from '#test/bench/cost-model';
import { benchDynamoRequests, describeCounts, type CallCount } from '#test/bench/dynamo-requests';
import { benchEmbed } from '#test/bench/embed';
import { benchFrontend } from '#test/bench/frontend';
import { benchLatency } from '#test/bench/latency';
import { benchLighthouse } from '#test/bench/lighthouse';
import { benchMailLatency } from '#test/bench/mail-latency';
import { benchModuleLoad } from '#test/bench/module-load';
import { benchPublishLatency } from '#test/bench/publish-latency';
import { servedPage, unpublish, waitForPublished } from '#test/bench/published-pages';
import { seedBookings } from '#test/bench/seed-bookings';
import { benchTeamEngine, benchTeamRequests, seedTeamOnApp, TEAM_SIZE } from '#test/bench/team';
import { startApp, type RunningApp } from '#test/support/app-process';

/**
 * `npm run bench`: sizes, latencies and requests per call, each printed beside its budget. It measures; it does not
 * fail on a figure (CI does not run it, timings on a shared 2-core machine vary). Build first: npm run build.
 * It stops with an error when a call it measures does not answer as expected (a figure of failing calls is no
 * figure).
 *
 * BENCH_ONLY=part,part… runs only those parts (default: all), e.g.
 *   BENCH_ONLY=bundles npx tsx test/bench/run.ts              Lambda bundle sizes and cold module load; no app
 *   BENCH_ONLY=frontend,lighthouse npx tsx test/bench/run.ts  the page figures, on a started app without the load
 * Parts, in the order they run: availability (engine CPU), bundles (Lambda sizes, cold module load), embed (the
 * embed script and its loader on a host's page, gzip, from frontend/dist; no app), requests (DynamoDB requests per
 * call), seed (~200 bookings through the API; also run by latency, whose figures need them),
 * frontend (JavaScript per page, the booking page's chunks and packages), mail (booking mail latency), lighthouse,
 * publish (edit → published booking page latency), latency (autocannon), list (the admin's bookings list, own app),
 * cost (the cost model's tables of docs/scale.md; no app), team (issue 28: engine CPU and requests per call
 * in-process before the app starts; a round-robin team seeded into the started app, its p99 after latency).
 * The app (`npm start`'s runner on a throw-away DATA_DIR) is started only for the parts that need it.
 *
 * BENCH_PAGES=page,page… measures only those pages in the lighthouse part (default: all): booking (the prerendered
 * /book/intro-call), team-booking (the round-robin team's booking page), team (its team page), landing (/), fallback
 * (the unpublished booking page); BENCH_LIGHTHOUSE_RUNS=n changes the runs per page (default 5), and
 * BENCH_LIGHTHOUSE_REPORTS=folder keeps each run's Lighthouse report (JSON: the LCP's breakdown, long tasks, requests),
 * e.g. BENCH_ONLY=lighthouse BENCH_PAGES=booking,landing,team npx tsx test/bench/run.ts
 */

const BUDGET = {
  monthCpuMs: 5,
  p99Ms: 50,
  publicBundleKb: 250,
  bookingPageJsKb: 75,
  // The embed script and its loader on a host's page (issue 29; shared/embed.ts).
  embedGzipKb: EMBED_BUDGET_GZIP_BYTES / 1024,
  timeSlotsRequests: 4,
  // The stored answer, the event, the host, the admin's settings (auto-confirm: issue 16), the host's days.
  bookingReads: 5,
  bookingTransactions: 1,
  // Besides its transaction, the guest address's two abuse-limit counters (docs/security.md, "Abuse limits"): one
  // UpdateItem per rule, before the time is checked, so that a request refused or lost in a race counts too. In the
  // booking's transaction, which a refusal or a lost race never writes, a flood of failing requests would go
  // uncounted. A reschedule with the booking's own link counts none.
  bookingCounterWrites: 2,
  // The prerendered booking page and the landing page; the booking page's client-rendered fallback is printed only.
  lighthouseScore: 99,
  lighthouseLcpMs: 1200,
  lighthouseTbtMs: 50,
  lighthouseCls: 0,
  mailP99Ms: 5000,
  // Not a budget: the stream path's figure (as the booking mail's), printed beside the edit → published page figure.
  publishReferenceMs: 5000,
  // One page of a month of the bookings index is one Query, plus one BatchGetItem of the hosts' names.
  listRequests: 5,
  // Issue 30: one page (100) of a month holding 2,000 bookings, 20 clients on the local stack.
  listPageP99Ms: 300,
  // Team scheduling (issue 28), a round-robin team of TEAM_SIZE: reads per availability call and per booking.
  teamAvailabilityRequests: 3 + 10,
  teamBookingReads: 5 + 10,
};

const HOST_ZONE = 'America/New_York';
const GUEST_ZONE = 'Europe/Berlin';

/** How many samples each figure is made of (printed in the header). */
const SAMPLES = {
  loadRunsPublic: 10,
  loadRunsOther: 5,
  lighthouseRuns: Number(process.env['BENCH_LIGHTHOUSE_RUNS'] || 5),
  mailBookings: 50,
  publishEdits: 20,
};
/** The demo events: one whose published page is measured, one whose page is taken away (the fallback). */
const PRERENDERED_SLUG = 'intro-call';
const FALLBACK_SLUG = 'strategy-session';

const PARTS = [
  'availability',
  'bundles',
  'embed',
  'requests',
  'seed',
  'frontend',
  'mail',
  'lighthouse',
  'publish',
  'latency',
  'list',
  'cost',
  'team',
] as const;
type Part = (typeof PARTS)[number];
const APP_PARTS: readonly Part[] = ['seed', 'frontend', 'mail', 'lighthouse', 'publish', 'latency', 'team'];

const LIGHTHOUSE_PAGES = ['booking', 'team-booking', 'team', 'landing', 'fallback'] as const;
type LighthousePage = (typeof LIGHTHOUSE_PAGES)[number];

function selectedPages(only = process.env['BENCH_PAGES']): Set<LighthousePage> {
  if (!only?.trim()) return new Set(LIGHTHOUSE_PAGES);
  const names = only.split(',').map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(LIGHTHOUSE_PAGES as readonly string[]).includes(name));
  if (unknown.length)
    throw new Error(`BENCH_PAGES: unknown page(s) ${unknown.join(', ')}; pages: ${LIGHTHOUSE_PAGES.join(', ')}`);
  return new Set(names as LighthousePage[]);
}

function selectedParts(only = process.env['BENCH_ONLY']): Set<Part> {
  if (!only?.trim()) return new Set(PARTS);
  const names = only.split(',').map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(PARTS as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown part(s) ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`);
  const parts = new Set(names as Part[]);
  // The latency figures are taken on the seeded data.
  if (parts.has('latency')) parts.add('seed');
  return parts;
}

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
        `  written in ${call.transactions} transaction, ${call.otherWrites} other writes (the abuse-limit counters)`,
        `${call.transactions} tx + ${call.otherWrites}`,
        `≤ ${BUDGET.bookingTransactions} transaction + ${BUDGET.bookingCounterWrites} counters`,
        call.transactions <= BUDGET.bookingTransactions && call.otherWrites <= BUDGET.bookingCounterWrites,
      );
    } else {
      row(detail, `${call.total} requests`, '', null);
    }
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const started = performance.now();
  const parts = selectedParts();
  const wants = (part: Part) => parts.has(part);
  console.log('\nMeetwise bench (each figure beside its budget)\n');
  console.log(`Parts: ${PARTS.filter(wants).join(', ')}${parts.size < PARTS.length ? ' (BENCH_ONLY)' : ''}`);
  const samples = [
    wants('availability') && 'engine: median CPU of 50 calls',
    wants('bundles') &&
      `cold module load: median of ${SAMPLES.loadRunsPublic} fresh processes per public function, ${SAMPLES.loadRunsOther} per other`,
    wants('embed') && 'embed script: the built files, gzip level 9',
    wants('requests') &&
      `DynamoDB requests: one call each (GET time-slots ≤ ${BUDGET.timeSlotsRequests} requests, POST bookings ≤ ${BUDGET.bookingReads} reads + ${BUDGET.bookingTransactions} transaction + ${BUDGET.bookingCounterWrites} abuse-limit counters)`,
    wants('frontend') && 'page JavaScript: one load per page',
    wants('mail') && `booking mail: ${SAMPLES.mailBookings} bookings`,
    wants('lighthouse') && `Lighthouse: median of ${SAMPLES.lighthouseRuns} runs per page`,
    wants('publish') && `edit → published page: ${SAMPLES.publishEdits} edits, GET every 20 ms`,
    wants('latency') && 'latency: autocannon, 20 clients × 10 s, then 1 client × 5 s',
    wants('list') && `bookings list: one page, ≤ ${BUDGET.listRequests} DynamoDB requests, 20 clients × 10 s`,
    wants('cost') && 'cost model: arithmetic on the measured request counts',
    wants('team') &&
      `team of ${TEAM_SIZE}: engine median CPU of 50, one call each for requests, autocannon 20 clients × 10 s on the app`,
  ].filter(Boolean);
  console.log(`Samples: ${samples.join('; ')}\n`);

  if (wants('availability')) {
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
  }

  // Module loads are timed: they run before the app starts, with nothing else of the bench beside them.
  if (wants('bundles')) {
    const bundlesStarted = performance.now();
    const bundles = await benchBundles();
    console.log(
      `\nLambda bundles (minified; the @aws-sdk/* packages they load come from the Node 22 runtime; ${seconds(bundlesStarted)})`,
    );
    for (const bundle of bundles) {
      const isPublic = bundle.auth === 'public';
      if (bundle.error) {
        row(`${bundle.name} (${bundle.auth}): does not build: ${bundle.error}`, 'no bundle', '', false);
        continue;
      }
      const size = bundle.bytes / 1024;
      row(
        `${bundle.name} (${bundle.auth}; loads ${bundle.external.map((name) => name.replace('@aws-sdk/', '')).join(', ') || 'no SDK'})`,
        `${size.toFixed(0)} KB`,
        isPublic ? `≤ ${BUDGET.publicBundleKb} KB` : '',
        isPublic ? size <= BUDGET.publicBundleKb : null,
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

    const loadStarted = performance.now();
    const { loads, floorMs } = await benchModuleLoad(bundles, (bundle) =>
      bundle.auth === 'public' ? SAMPLES.loadRunsPublic : SAMPLES.loadRunsOther,
    );
    console.log(
      `\nCold module load: \`await import(bundle)\` in a fresh Node ${process.version} process with a Lambda's environment, median of ${SAMPLES.loadRunsPublic} (public) or ${SAMPLES.loadRunsOther} (others); Lambda runs Node 22 on arm64 (${seconds(loadStarted)})`,
    );
    const ordered = [
      ...loads.filter((load) => load.auth === 'public'),
      ...loads.filter((load) => load.auth !== 'public'),
    ];
    for (const load of ordered) {
      const isPublic = load.auth === 'public';
      if (load.error) {
        row(`${load.name} (${load.auth}): ${load.error}`, 'no load', '', false);
        continue;
      }
      const size = load.bytes / 1024;
      row(
        `${load.name} (${load.auth}, ${size.toFixed(0)} KB; runs ${Math.min(...load.runs).toFixed(0)}–${Math.max(...load.runs).toFixed(0)} ms)`,
        `${load.medianMs.toFixed(0)} ms`,
        isPublic ? 'median, no budget' : '',
        null,
      );
    }
    row('an empty module, loaded the same way (the measurement’s own floor)', `${floorMs.toFixed(1)} ms`, '', null);
  }

  if (wants('embed')) {
    const embed = benchEmbed();
    console.log("\nEmbed script on a host's page (frontend/dist, gzip)");
    if (!embed) row('/embed.js and its script: not built (npm run build)', 'no file', '', false);
    else {
      const total = (embed.loaderGzipBytes + embed.scriptGzipBytes) / 1024;
      row(
        `/embed.js (${embed.loaderGzipBytes} B) + ${embed.scriptPath} (${embed.scriptGzipBytes} B)`,
        kb(embed.loaderGzipBytes + embed.scriptGzipBytes),
        `≤ ${BUDGET.embedGzipKb} KB`,
        total <= BUDGET.embedGzipKb,
      );
    }
  }

  if (wants('team')) await benchTeam();

  // The app starts (DynamoDB Local, seeding) while the requests are counted: neither is timed.
  const needsApp = APP_PARTS.some(wants);
  // At the production password cost: the sign-in figures measure what a host meets.
  const starting = needsApp ? startApp({ env: { PASSWORD_HASH_COST: 'standard' } }) : undefined;
  starting?.catch(() => undefined);
  let app: RunningApp | undefined;
  try {
    if (wants('requests')) {
      const requests = await benchDynamoRequests();
      console.log(
        `\nDynamoDB requests per call (client middleware; handlers in-process on DynamoDB Local in memory, demo data + ${requests.seeded.created} bookings, ${requests.storedBookings} stored)`,
      );
      printCounts(requests.calls);
    }
    if (starting) {
      app = await starting;
      await benchOnApp(app, wants);
    }
  } finally {
    app ??= await starting?.catch(() => undefined);
    await app?.stop();
  }

  if (wants('list')) {
    // After the app stopped: this part runs its own DynamoDB Local and app server, with no stream job beside it.
    const listBench = await benchBookingList();
    const listCalls = [...listBench.counts].reduce((sum, [, count]) => sum + count, 0);
    console.log(
      `\nGET /api/bookings?limit=${listBench.pageSize} (the admin table's page) as the admin: one month holding 2,000 bookings of 50 hosts (the cursors walked: ${listBench.listed} bookings in ${listBench.pages} pages, each once, in order; DynamoDB Local in memory)`,
    );
    const nextCalls = [...listBench.nextCounts].reduce((sum, [, count]) => sum + count, 0);
    row(
      `DynamoDB requests of the first page: ${describeCounts(listBench.counts)}`,
      `${listCalls} requests`,
      `≤ ${BUDGET.listRequests}`,
      listCalls <= BUDGET.listRequests,
    );
    row(
      `DynamoDB requests of the next page (host names remembered): ${describeCounts(listBench.nextCounts)}`,
      `${nextCalls} requests`,
      `≤ ${BUDGET.listRequests}`,
      nextCalls <= BUDGET.listRequests,
    );
    row(
      `the table's page (${listBench.pageSize}), 20 concurrent clients, 10 s: ${listBench.latency.requests} requests, ${listBench.latency.non2xx} non-2xx, p50 ${listBench.latency.p50} ms`,
      `p99 ${listBench.latency.p99} ms`,
      `≤ ${BUDGET.listPageP99Ms} ms`,
      listBench.latency.non2xx === 0 && listBench.latency.p99 <= BUDGET.listPageP99Ms,
    );
    console.log(
      `  (for reference, the API's default page of ${BOOKING_LIST_LIMIT_DEFAULT}: ${listBench.defaultPage.requests} requests, ${listBench.defaultPage.non2xx} non-2xx, p50 ${listBench.defaultPage.p50} ms, p99 ${listBench.defaultPage.p99} ms; DynamoDB Local's index Query is most of it)`,
    );
  }
  if (wants('cost'))
    console.log(
      `\nCost model (docs/scale.md; test/integration/cost-model.test.ts holds its request counts)\n\n${formatReport()}`,
    );
  console.log(`\nDone in ${seconds(started)}.\n`);
}

/** The parts on the started app: load, pages, mail, Lighthouse, publishing, latency. */
async function benchOnApp(app: RunningApp, wants: (part: Part) => boolean) {
  const api = httpApi(app.baseUrl);
  const dataDir = app.dataDir;
  if (!dataDir) throw new Error('The started app has no data folder');
  const introId = await eventIdOf(api, 'intro-call');
  const strategyId = await eventIdOf(api, 'strategy-session');
  const { today, slotsDate, nextMonth } = benchDates(new Date(), HOST_ZONE);
  const titleOf = async (slug: string) =>
    (await expectStatus<{ title: string }>(api, { method: 'GET', path: `/api/events/public/${slug}` }, 200)).title;

  let seeded = false;
  if (wants('seed')) {
    const seedStarted = performance.now();
    const load = await seedBookings(api, { introId, strategyId, hostZone: HOST_ZONE, today });
    const refused = [...load.refused].map(([status, count]) => `${count} × ${status}`).join(', ') || 'none';
    console.log(
      `\nLoad: bookings of the demo host created through POST /api/bookings, one after the other (${seconds(seedStarted)})`,
    );
    row(
      `${load.requests} requests; booked weekdays ${load.firstBooked} to ${load.lastBooked}; refused and skipped: ${refused}`,
      `${load.created}`,
      'about 200',
      null,
    );
    seeded = true;
  }

  const prerenderedPath = `/book/${PRERENDERED_SLUG}`;
  const fallbackPath = `/book/${FALLBACK_SLUG}`;
  /** A round-robin team's booking page and its team page (issue 28), published from the stream like the others. */
  let teamPaths: string[] = [];
  if (wants('frontend') || wants('lighthouse')) {
    // At start the runner publishes every page; give it a moment (a missing page is measured as what is served).
    await waitForPublished(dataDir, PRERENDERED_SLUG, 10_000);
    const team = await seedTeamOnApp(app, { bookings: false });
    await waitForPublished(dataDir, team.eventSlug, 10_000);
    const teamPage = join(dataDir, 'site', 'team', team.teamSlug);
    for (let waited = 0; !existsSync(teamPage) && waited < 10_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    teamPaths = [`/book/${team.eventSlug}`, `/team/${team.teamSlug}`];
  }
  const titles = new Map([
    [PRERENDERED_SLUG, await titleOf(PRERENDERED_SLUG)],
    [FALLBACK_SLUG, await titleOf(FALLBACK_SLUG)],
  ]);
  const served = new Map<string, string>();
  /** Before a booking page is measured: the fallback's published files go; what is served is noted for the row. */
  const prepare = async (path: string) => {
    const slug = path === fallbackPath ? FALLBACK_SLUG : path === prerenderedPath ? PRERENDERED_SLUG : null;
    if (!slug) return;
    if (slug === FALLBACK_SLUG) unpublish(dataDir, slug);
    served.set(path, (await servedPage(app.baseUrl, path, dataDir, slug, titles.get(slug)!)).label);
  };
  const pageLabel = (path: string) =>
    path === prerenderedPath
      ? `${path} (${served.get(path) === 'prerendered' ? 'prerendered' : `meant prerendered; served: ${served.get(path)}`})`
      : path === fallbackPath
        ? `${path} (fallback: published file removed${served.get(path) === 'fallback' ? '' : `; served: ${served.get(path)}`})`
        : path.startsWith('/team/')
          ? // A team's page is measured as published; one the publisher had not written yet says so.
            `${path} (${existsSync(join(dataDir, 'site', 'team', path.slice('/team/'.length))) ? 'prerendered' : 'not yet published: its shell'})`
          : path;

  if (wants('frontend')) {
    console.log('\nFront end: JavaScript loaded until network idle, gzip, 375 px');
    const pages = await benchFrontend(
      app.baseUrl,
      [prerenderedPath, fallbackPath, ...teamPaths, '/contact-us', '/debug', '/'],
      prepare,
    );
    for (const page of pages) {
      const size = page.gzipBytes / 1024;
      const booking = page.path.startsWith('/book/') || page.path.startsWith('/team/');
      row(
        `${pageLabel(page.path)} (${page.scripts} scripts)`,
        `${size.toFixed(1)} KB`,
        booking ? `≤ ${BUDGET.bookingPageJsKb} KB` : '',
        booking ? size <= BUDGET.bookingPageJsKb : null,
      );
    }

    const analysisStarted = performance.now();
    const chunks = await analysisBuild();
    const html = [...chunks.values()].some((chunk) => chunk.isEntry && chunk.facade?.endsWith('book.html'))
      ? 'book.html'
      : 'index.html';
    const booking = pages.find((page) => page.path === prerenderedPath)!;
    const { loaded, owners } = attribute(chunks, booking.scriptList, html);
    console.log(
      `\nThe booking page's JavaScript (${prerenderedPath}): each chunk it loaded, gzip as served; packages and folders of ours by their share of each chunk's rendered code (a second build with the same config, ${seconds(analysisStarted)}; entry: ${html}${html === 'index.html' ? ', the build has no book.html yet' : ''})`,
    );
    for (const script of loaded) {
      const name = script.chunk?.fileName ?? new URL(script.url).pathname;
      const top = script.chunk
        ? chunkOwners(script.chunk, script.gzipBytes)
            .slice(0, 3)
            .map(([owner, bytes]) => `${owner} ${((bytes / script.gzipBytes) * 100).toFixed(0)}%`)
            .join(', ')
        : 'not in the analysis build';
      row(`  ${name}${script.approximate ? ' ≈' : ''} (${script.how}): ${top}`, kb(script.gzipBytes), '', null);
    }
    console.log('  Largest contributors, over every chunk the page loaded:');
    for (const [owner, bytes] of owners.slice(0, 15)) {
      row(
        `  ${owner}`,
        kb(bytes),
        `${((bytes / Math.max(1, booking.gzipBytes)) * 100).toFixed(0)}% of the page's JavaScript`,
        null,
      );
    }
    const fallback = pages.find((page) => page.path === fallbackPath)!;
    const names = (list: { url: string }[]) => new Set(list.map((script) => new URL(script.url).pathname));
    const bookingNames = names(booking.scriptList);
    const fallbackOnly = [...names(fallback.scriptList)].filter((name) => !bookingNames.has(name));
    row(
      `  the fallback (${fallbackPath}) loads besides: ${fallbackOnly.join(', ') || 'nothing'}`,
      kb(fallback.gzipBytes - booking.gzipBytes),
      'difference',
      null,
    );
  }

  if (wants('mail')) {
    // The ~200 bookings above each mailed three people: let the stream job finish them before timing new ones.
    if (seeded) await new Promise((resolve) => setTimeout(resolve, 5000));
    const mail = await benchMailLatency(app.baseUrl, app.mailViewer, SAMPLES.mailBookings);
    console.log(
      `\nBooking mail: from the commit (201) to the confirmation in the SES emulator's store, ${mail.count} bookings one after another`,
    );
    row('p50', `${(mail.p50 / 1000).toFixed(2)} s`, '', null);
    row('p99', `${(mail.p99 / 1000).toFixed(2)} s`, `≤ ${BUDGET.mailP99Ms / 1000} s`, mail.p99 <= BUDGET.mailP99Ms);
  }

  if (wants('lighthouse')) {
    const lighthouseStarted = performance.now();
    const lighthouseRuns = SAMPLES.lighthouseRuns;
    const chosen = selectedPages();
    const [teamBookingPath, teamPagePath] = teamPaths;
    const pages = [
      { name: 'booking', path: prerenderedPath, budget: true },
      { name: 'team-booking', path: teamBookingPath, budget: true },
      { name: 'team', path: teamPagePath, budget: true },
      { name: 'landing', path: '/', budget: true },
      { name: 'fallback', path: fallbackPath, budget: false },
    ].filter(
      (page): page is { name: LighthousePage; path: string; budget: boolean } =>
        page.path !== undefined && chosen.has(page.name as LighthousePage),
    );
    const lighthouseResults = await benchLighthouse(
      app.baseUrl,
      pages.map((page) => page.path),
      lighthouseRuns,
      prepare,
      process.env['BENCH_LIGHTHOUSE_REPORTS'] || undefined,
    );
    console.log(
      `\nLighthouse 12, mobile preset (simulated slow 4G, 4× CPU), performance only, median of ${lighthouseRuns} runs per metric (${seconds(lighthouseStarted)})`,
    );
    for (const page of lighthouseResults) {
      const budget = pages.find((one) => one.path === page.path)!.budget;
      const check = (ok: boolean) => (budget ? ok : null);
      const within = (text: string) => (budget ? text : '(printed only)');
      const { score, lcpMs, tbtMs, cls } = page.median;
      const retried = page.retried.length
        ? `; ${page.retried.length} run(s) repeated after ${[...new Set(page.retried)].join(', ')}`
        : '';
      row(
        `${pageLabel(page.path)}: performance score, median of ${lighthouseRuns} (runs: ${page.runs.map((run) => run.score.toFixed(0)).join(', ')}${retried})`,
        `${score.toFixed(0)}`,
        within(`≥ ${BUDGET.lighthouseScore}`),
        check(score >= BUDGET.lighthouseScore),
      );
      row(
        `  LCP, median of ${lighthouseRuns}`,
        `${(lcpMs / 1000).toFixed(2)} s`,
        within(`≤ ${(BUDGET.lighthouseLcpMs / 1000).toFixed(1)} s`),
        check(lcpMs <= BUDGET.lighthouseLcpMs),
      );
      row(
        `  TBT, median of ${lighthouseRuns}`,
        `${tbtMs.toFixed(0)} ms`,
        within(`≤ ${BUDGET.lighthouseTbtMs} ms`),
        check(tbtMs <= BUDGET.lighthouseTbtMs),
      );
      row(
        `  CLS, median of ${lighthouseRuns}`,
        cls.toFixed(3),
        within(BUDGET.lighthouseCls === 0 ? '0' : `≤ ${BUDGET.lighthouseCls}`),
        check(cls <= BUDGET.lighthouseCls),
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
  }

  if (wants('publish')) {
    const publishStarted = performance.now();
    const publish = await benchPublishLatency(app.baseUrl, PRERENDERED_SLUG, SAMPLES.publishEdits);
    console.log(
      `\nEdit → published booking page: from PATCH /api/events/${publish.slug} answering 200 (the commit) to GET /book/${publish.slug} holding the new title, ${SAMPLES.publishEdits} edits one after another (${seconds(publishStarted)})`,
    );
    if (publish.unpublished) {
      row(`not published: ${publish.unpublished}`, 'no page', 'the publisher must be running', false);
    } else {
      row('p50', `${(publish.p50 / 1000).toFixed(2)} s`, '', null);
      row(
        `p99 (max ${(publish.max / 1000).toFixed(2)} s; ${publish.polls} GET /book/${publish.slug} while waiting)`,
        `${(publish.p99 / 1000).toFixed(2)} s`,
        `≤ ${BUDGET.publishReferenceMs / 1000} s for reference (the stream path)`,
        null,
      );
    }
  }

  if (wants('latency')) await benchLocalLatency(app.baseUrl, api, { introId, slotsDate, nextMonth });
  if (wants('team')) await benchTeamLatency(app, api);
}

/** Team scheduling's budgets (issue 28; test/bench/team.ts) before the app starts: engine CPU, requests per call. */
async function benchTeam() {
  const teamStarted = performance.now();
  const engine = benchTeamEngine();
  const team = await benchTeamRequests();
  console.log(
    `\nTeam scheduling: a round-robin event type of ${TEAM_SIZE} members (handlers in-process on DynamoDB Local in memory, ${team.seeded} team bookings first; ${seconds(teamStarted)}; p99 on the started app below)`,
  );
  row(
    `engine: a month of available dates for ${TEAM_SIZE} members (40 bookings + 20 busy each), median CPU of 50`,
    `${engine.monthMs.toFixed(2)} ms`,
    `≤ ${BUDGET.monthCpuMs} ms`,
    engine.monthMs <= BUDGET.monthCpuMs,
  );
  for (const call of team.calls) {
    const detail = `${call.call}: ${describeCounts(call.counts)}`;
    if (call.call.startsWith('POST')) {
      row(detail, `${call.reads} reads`, `≤ ${BUDGET.teamBookingReads} reads`, call.reads <= BUDGET.teamBookingReads);
      row(
        `  written in ${call.transactions} transaction, ${call.otherWrites} other writes (the abuse limits' counters)`,
        `${call.transactions} tx`,
        `≤ ${BUDGET.bookingTransactions} transaction`,
        call.transactions <= BUDGET.bookingTransactions,
      );
    } else {
      row(
        detail,
        `${call.total} requests`,
        `≤ ${BUDGET.teamAvailabilityRequests}`,
        call.total <= BUDGET.teamAvailabilityRequests,
      );
    }
  }
}

/** Latency of the public API under load on the started app (autocannon). */
async function benchLocalLatency(
  baseUrl: string,
  api: ReturnType<typeof httpApi>,
  dates: { introId: number; slotsDate: string; nextMonth: { year: number; month: number } },
) {
  const { introId, slotsDate, nextMonth } = dates;
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
  const targets: LatencyTarget[] = [
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
  await printLatency(baseUrl, targets);
}

/** Team scheduling's p99 (issue 28) on the started app: a round-robin team seeded into its table, then autocannon. */
async function benchTeamLatency(app: RunningApp, api: ReturnType<typeof httpApi>) {
  const seedStarted = performance.now();
  const team = await seedTeamOnApp(app);
  const seedTime = seconds(seedStarted);
  // Each booking above mailed its member and guest: let the stream job finish them before timing (as for the mail).
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const slots = await expectStatus<{ timeSlots: unknown[] }>(api, team.slotsRequest, 200);
  const month = await expectStatus<{ availableDates: { hasTimeSlots: boolean }[] }>(api, team.monthRequest, 200);
  const monthText = `${team.nextMonth.year}-${String(team.nextMonth.month).padStart(2, '0')}`;
  const targets: LatencyTarget[] = [
    {
      label: `GET /api/time-slots ${team.slotsDate}, team of ${TEAM_SIZE}, ${team.guestZone} (${slots.timeSlots.length} free slots)`,
      request: team.slotsRequest,
      budget: true,
    },
    {
      label: `GET /api/available-dates ${monthText}, team of ${TEAM_SIZE}, ${team.guestZone} (${month.availableDates.filter((d) => d.hasTimeSlots).length}/${month.availableDates.length} dates free)`,
      request: team.monthRequest,
      budget: true,
    },
    {
      label: `GET /api/time-slots as above with forceRefresh=true (no reuse of recent reads: every call reads DynamoDB)`,
      request: { ...team.slotsRequest, query: { ...team.slotsRequest.query, forceRefresh: 'true' } },
      budget: false,
    },
  ];
  console.log(
    `\nTeam scheduling on the local stack: a round-robin event type of ${TEAM_SIZE} members in the app's table, ${team.seeded} team bookings through POST /api/bookings first (${seedTime}); 20 concurrent clients, 10 s each after a 2 s warm-up (autocannon, app on DynamoDB Local on disk)`,
  );
  await printLatency(app.baseUrl, targets);
}

interface LatencyTarget {
  label: string;
  request: ApiRequest;
  budget: boolean;
}

/** Each target at 20 clients beside the p99 budget (when it has one), then with one client for reference. */
async function printLatency(baseUrl: string, targets: LatencyTarget[]) {
  for (const target of targets) {
    const url = `${baseUrl}${target.request.path}${target.request.query ? `?${new URLSearchParams(target.request.query).toString()}` : ''}`;
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
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
