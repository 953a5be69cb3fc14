import { benchAvailability } from './availability.ts';
import { benchBundles } from './bundles.ts';
import { benchFrontend } from './frontend.ts';
import { benchLatency } from './latency.ts';
import { startApp } from '../support/app-process.ts';

/**
 * `npm run bench`: the figures of ARCHITECTURE.md §6, each printed beside its budget. It measures; it does not
 * fail on a figure (CI does not run it, timings on a shared 2-core machine vary). Build first: npm run build.
 */

const BUDGET = {
  monthCpuMs: 5,
  p99Ms: 50,
  publicBundleKb: 300,
  bookingPageJsKb: 90,
};

const row = (what: string, figure: string, budget: string, ok: boolean | null) =>
  console.log(`${ok === null ? ' ' : ok ? '✓' : '✗'} ${what.padEnd(58)} ${figure.padStart(14)}   ${budget}`);

async function main() {
  console.log('\nMeetwise bench (ARCHITECTURE.md §6)\n');

  const availability = benchAvailability();
  console.log('Availability engine (200 bookings, 100 busy intervals, guest in Europe/London, host in New York)');
  row('one month of available dates, median CPU of 50', `${availability.monthMs.toFixed(2)} ms`, `≤ ${BUDGET.monthCpuMs} ms`, availability.monthMs <= BUDGET.monthCpuMs);
  row('one day of time slots, median CPU of 50', `${availability.dayMs.toFixed(2)} ms`, '', null);
  row('first call in a fresh process (time-zone data, JIT)', `${availability.coldMs.toFixed(1)} ms`, '', null);

  console.log('\nLambda bundles (minified, @aws-sdk/* from the Node 22 runtime)');
  for (const bundle of await benchBundles()) {
    const kb = bundle.bytes / 1024;
    const isPublic = bundle.auth === 'public';
    row(`${bundle.name} (${bundle.auth}; loads ${bundle.external.join(', ') || 'no SDK'})`, `${kb.toFixed(0)} KB`, isPublic ? `≤ ${BUDGET.publicBundleKb} KB` : '', isPublic ? kb <= BUDGET.publicBundleKb : null);
  }

  const app = await startApp();
  try {
    console.log('\nFront end: JavaScript loaded until network idle, gzip, 375 px');
    for (const page of await benchFrontend(app.baseUrl, ['/contact-us', '/debug', '/'])) {
      row(`${page.path} (${page.scripts} scripts)`, `${(page.gzipBytes / 1024).toFixed(1)} KB`, '', null);
    }
    console.log(`  (budget ≤ ${BUDGET.bookingPageJsKb} KB applies to /book/{slug}, which is not built yet)`);

    console.log('\nLocal stack latency, 20 concurrent clients, 10 s (autocannon)');
    const latency = await benchLatency(`${app.baseUrl}/api/settings`);
    row(`GET /api/settings (${latency.requests} requests, ${latency.non2xx} non-2xx, ${latency.errors} errors)`, `p50 ${latency.p50} ms`, '', null);
    row('', `p99 ${latency.p99} ms`, `≤ ${BUDGET.p99Ms} ms (availability routes)`, latency.p99 <= BUDGET.p99Ms);
    row('', `${Math.round(latency.rps)} req/s`, '', null);
  } finally {
    await app.stop();
  }
  console.log('');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
