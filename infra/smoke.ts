import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';

import { buildPath } from '#shared/api/route-paths';
import * as routes from '#shared/api/routes';
import { errorResponse } from '#shared/api/schemas/common';
import { DEMO_EVENT_ID } from '#shared/constants';
import { DEMO_BOOKING } from '#functions/app/booking/create/refusals';
import { DEMO_EVENT_SLUG } from '#infra/local/seed';
import { pageSecurityHeaders } from '#infra/security-headers';

/**
 * `npm run smoke -- https://meetwise.example.com [--event-slug intro-call]`: checks a running site from outside,
 * as a browser and a guest see it (docs/operations.md "Smoke check"). Only public calls that book nothing: reads,
 * and one booking the server always refuses (the demo event, id 999), so it can run against production after every
 * deploy.
 *
 * Checks: the landing page answers; the API answers at the same address and knows that address as its site
 * (SITE_URL); the page's security headers are the ones infra/security-headers.ts defines (the API's JSON answers
 * carry the one that applies to them); a public event and its month of available dates answer with the route
 * table's response schemas; a booking of the demo event is refused with the server's own message. Each request
 * has a timeout. Prints one line per check and `N passed, N failed`; exit code 0 when all pass, 1 otherwise, 2 on
 * bad usage. The checks are exported for test/e2e/smoke.test.ts.
 */

export const REQUEST_TIMEOUT_MS = 10_000;

export const USAGE = `Usage: npm run smoke -- <site URL> [--event-slug <slug>]

  <site URL>           the site's address (its SITE_URL), e.g. https://meetwise.example.com
  --event-slug <slug>  a published event type whose public page and dates are checked (default "${DEMO_EVENT_SLUG}",
                       the demo event of a local stack; a deployed stage needs one of its own event types)`;

export interface SmokeTarget {
  /** The site's origin, e.g. https://meetwise.example.com (no path). */
  origin: string;
  eventSlug: string;
  timeoutMs: number;
}

export interface CheckResult {
  ok: boolean;
  /** What was checked. */
  name: string;
  /** On failure, what was found. */
  found?: string;
}

/** The headers of infra/security-headers.ts that API answers (JSON, not a page) carry too. */
export const API_SECURITY_HEADERS = ['x-content-type-options'] as const;

/** The arguments after the script's name: the target, or the reason they are not usable (exit code 2). */
export function parseArgs(args: readonly string[]): { target: SmokeTarget } | { error: string } {
  let url: string | undefined;
  let eventSlug: string = DEMO_EVENT_SLUG;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--event-slug') {
      const value = args[(index += 1)];
      if (!value || !/^[a-z0-9-]{1,60}$/.test(value))
        return { error: '--event-slug needs an event slug (a-z, 0-9, -).' };
      eventSlug = value;
    } else if (arg.startsWith('-')) {
      return { error: `Unknown option ${arg}.` };
    } else if (url === undefined) {
      url = arg;
    } else {
      return { error: `One site URL only (got ${url} and ${arg}).` };
    }
  }
  if (url === undefined) return { error: 'The site URL is missing.' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { error: `Not a URL: ${url}` };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return { error: `Not an http(s) URL: ${url}` };
  }
  if (parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username || parsed.password) {
    return { error: `Give the site's address only, without a path: ${parsed.origin}` };
  }
  return { target: { origin: parsed.origin, eventSlug, timeoutMs: REQUEST_TIMEOUT_MS } };
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** One request with the target's timeout; redirects are not followed (a check reports them). */
async function request(target: SmokeTarget, path: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(`${target.origin}${path}`, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(target.timeoutMs),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    throw new Error(failureOf(error, target.timeoutMs), { cause: error });
  }
}

function failureOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** A short account of an unexpected answer: status, redirect target or the start of the body. */
function account(answer: Answer): string {
  const location = answer.headers.get('location');
  if (answer.status >= 300 && answer.status < 400 && location) return `${answer.status}, redirected to ${location}`;
  const body = answer.text.replace(/\s+/g, ' ').trim();
  return `${answer.status} ${body.length > 160 ? `${body.slice(0, 160)}…` : body}`.trim();
}

/** A JSON answer read with its schema: the value, or its first problems. */
function readAnswer<Schema extends z.core.$ZodType>(
  schema: Schema,
  text: string,
): { value: z.infer<Schema> } | { problems: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problems: `not JSON: ${text.slice(0, 80)}` };
  }
  const result = z.safeParse(schema, json);
  if (result.success) return { value: result.data };
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
    .join('; ');
  return { problems };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Runs a check; an exception (no answer, timeout) is its failure. */
async function check(name: string, run: () => Promise<string | null>): Promise<CheckResult> {
  try {
    const found = await run();
    return found === null ? { ok: true, name } : { ok: false, name, found };
  } catch (error) {
    return { ok: false, name, found: messageOf(error) };
  }
}

/** The site is up: GET / answers 200 with an HTML page. */
export function checkLandingPage(target: SmokeTarget): Promise<CheckResult> {
  return check('site: GET / answers 200 with an HTML page', async () => {
    const answer = await request(target, '/');
    const type = answer.headers.get('content-type') ?? '';
    if (answer.status !== 200) return account(answer);
    return type.startsWith('text/html') ? null : `content-type ${type || '(none)'}`;
  });
}

/**
 * The API is up behind the same address, and its SITE_URL is that address (the booking's same-site check and
 * every link in an e-mail depend on it): GET /api/auth/debug-url, the cheapest public JSON route.
 */
export function checkApi(target: SmokeTarget): Promise<CheckResult> {
  const { path, response } = routes.getAuthDebugUrl;
  return check(`api: GET ${path} answers 200 with its schema and the site address ${target.origin}`, async () => {
    const answer = await request(target, path);
    if (answer.status !== 200) return account(answer);
    const read = readAnswer(response, answer.text);
    if ('problems' in read) return read.problems;
    const { origin } = read.value.oauth;
    return origin.replace(/\/+$/, '') === target.origin ? null : `the API's site address is ${origin}`;
  });
}

/** Each header of `expected` on `headers` with exactly its value. */
export function headerResults(
  where: string,
  headers: Headers | null,
  expected: Record<string, string>,
  unavailable?: string,
): CheckResult[] {
  return Object.entries(expected).map(([name, value]) => {
    const label = `security header ${name} on ${where}`;
    if (!headers) return { ok: false, name: label, found: unavailable ?? 'no answer' };
    const sent = headers.get(name);
    if (sent === null) return { ok: false, name: label, found: 'no such header' };
    return sent === value
      ? { ok: true, name: label }
      : { ok: false, name: label, found: `"${sent}", expected "${value}"` };
  });
}

/**
 * The page headers of infra/security-headers.ts on GET /, with their values: the Content-Security-Policy's script
 * hashes are those of the site's own index.html (GET /index.html), as CloudFront's policy and the local server
 * work them out. Then the headers that apply to API answers, on a JSON answer.
 */
export async function checkSecurityHeaders(target: SmokeTarget): Promise<CheckResult[]> {
  let expected = pageSecurityHeaders('');
  let page: Headers | null = null;
  let why: string | undefined;
  try {
    const index = await request(target, '/index.html');
    if (index.status !== 200) {
      why = `GET /index.html answered ${account(index)}`;
    } else {
      expected = pageSecurityHeaders(index.text);
      const landing = await request(target, '/');
      if (landing.status === 200) page = landing.headers;
      else why = `GET / answered ${account(landing)}`;
    }
  } catch (error) {
    why = messageOf(error);
  }

  const apiPath = routes.getAuthDebugUrl.path;
  const apiExpected = Object.fromEntries(API_SECURITY_HEADERS.map((name) => [name, expected[name]!]));
  let api: Headers | null = null;
  let apiWhy: string | undefined;
  try {
    api = (await request(target, apiPath)).headers;
  } catch (error) {
    apiWhy = messageOf(error);
  }
  return [...headerResults('GET /', page, expected, why), ...headerResults(`GET ${apiPath}`, api, apiExpected, apiWhy)];
}

/** A public event answers with its schema: GET /api/events/public/{slug}. */
export function checkPublicEvent(target: SmokeTarget): Promise<CheckResult> {
  const { path, response } = routes.getPublicEvent;
  const address = buildPath(path, { eventSlug: target.eventSlug });
  return check(`public event: GET ${address} answers 200 with its schema`, async () => {
    const answer = await request(target, address);
    if (answer.status !== 200) return account(answer);
    const read = readAnswer(response, answer.text);
    if ('problems' in read) return read.problems;
    const event = read.value;
    if (event.slug !== target.eventSlug) return `slug "${event.slug}"`;
    if (target.eventSlug === DEMO_EVENT_SLUG && event.id !== DEMO_EVENT_ID) return `id ${event.id}, not the demo's`;
    return null;
  });
}

/** This month's available dates of the event answer with their schema, one entry for every day of the month. */
export function checkAvailableDates(target: SmokeTarget, now = new Date()): Promise<CheckResult> {
  const { path, response } = routes.getAvailableDates;
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const query = new URLSearchParams({
    eventId: target.eventSlug,
    year: String(year),
    month: String(month),
    timezone: 'UTC',
  });
  const address = `${path}?${query}`;
  return check(`available dates: GET ${address} answers 200 with its schema, every day of the month`, async () => {
    const answer = await request(target, address);
    if (answer.status !== 200) return account(answer);
    const read = readAnswer(response, answer.text);
    if ('problems' in read) return read.problems;
    const { availableDates } = read.value;
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const wanted = Array.from(
      { length: days },
      (_, day) => `${year}-${String(month).padStart(2, '0')}-${String(day + 1).padStart(2, '0')}`,
    );
    const dates = availableDates.map((entry) => entry.date);
    return dates.join() === wanted.join()
      ? null
      : `${dates.length} dates (${dates[0] ?? 'none'} … ${dates.at(-1) ?? 'none'}), expected ${wanted[0]} … ${wanted.at(-1)}`;
  });
}

/**
 * A booking of the demo event (id 999) is refused as the server refuses it: 403 with its message. The request is
 * the one the booking page's browser sends (JSON, this site's Origin, a same-origin fetch), so a refusal for any
 * other reason (cross-site, validation, a failure) shows.
 */
export function checkDemoBookingRefused(target: SmokeTarget, now = new Date()): Promise<CheckResult> {
  const { path, method } = routes.createBooking;
  const date = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const body = {
    name: 'Smoke Check',
    email: 'smoke-check@example.com',
    date,
    startTime: `${date}T10:00:00+00:00`,
    endTime: `${date}T10:30:00+00:00`,
    eventId: DEMO_EVENT_ID,
    timezone: 'UTC',
  };
  return check(
    `demo booking refused: ${method} ${path} for event ${DEMO_EVENT_ID} answers 403 "${DEMO_BOOKING}"`,
    async () => {
      const answer = await request(target, path, {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          origin: target.origin,
          'sec-fetch-site': 'same-origin',
          'sec-fetch-mode': 'cors',
          'sec-fetch-dest': 'empty',
        },
        body: JSON.stringify(body),
      });
      if (answer.status !== 403) return account(answer);
      const read = readAnswer(errorResponse, answer.text);
      if ('problems' in read) return read.problems;
      const { message } = read.value;
      return message === DEMO_BOOKING ? null : account(answer);
    },
  );
}

/** Every check, in order. */
export async function runSmokeChecks(target: SmokeTarget): Promise<CheckResult[]> {
  const [landing, api, headers, event, dates, booking] = await Promise.all([
    checkLandingPage(target),
    checkApi(target),
    checkSecurityHeaders(target),
    checkPublicEvent(target),
    checkAvailableDates(target),
    checkDemoBookingRefused(target),
  ]);
  return [landing, api, ...headers, event, dates, booking];
}

export function formatResult(result: CheckResult): string {
  return result.ok ? `✓ ${result.name}` : `✗ ${result.name}: found ${result.found}`;
}

export function summary(results: readonly CheckResult[]): string {
  const passed = results.filter((result) => result.ok).length;
  return `${passed} passed, ${results.length - passed} failed`;
}

/** The command: its exit code (0 all passed, 1 a check failed, 2 bad usage). */
export async function main(
  args: readonly string[],
  print: (line: string) => void = console.log,
  printError: (line: string) => void = console.error,
): Promise<number> {
  const parsed = parseArgs(args);
  if ('error' in parsed) {
    printError(`${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  print(`Smoke check of ${parsed.target.origin} (event "${parsed.target.eventSlug}")`);
  const results = await runSmokeChecks(parsed.target);
  for (const result of results) print(formatResult(result));
  print(summary(results));
  return results.every((result) => result.ok) ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
