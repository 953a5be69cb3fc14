import { randomBytes } from 'node:crypto';

import { eventBody, type HostEvent } from '#shared/api/schemas/host-events';
import { DEMO_HOST } from '#infra/local/seed';
import { escapeHtml } from '#test/bench/published-pages';

/**
 * How long an edit of an event type takes to reach its published booking page, on one machine: signed in as the
 * demo host, `edits` times one after another, PATCH /api/events/{slug} with the editor's full body (every field of
 * the event as stored, the title changed: "{title} & {nonce} #{n}", so the page must carry it HTML-escaped), then
 * GET /book/{slug} every 20 ms until the HTML holds the new title. Each edit is timed from the moment the PATCH
 * answered 200 (the commit) to the first answer holding it: DynamoDB Local's stream, the runner's poller, the
 * publishBookingPages job's render, the file written and served. The original title is restored at the end (and
 * waited for, untimed, so later parts see the page as it was).
 *
 * Sign-in and writes go as the browser sends them: the session cookie of POST /api/login, JSON bodies, and the
 * site's own Origin (the same-site check of writes, functions/src/http/request.ts; there is no CSRF token).
 */

export interface PublishLatency {
  slug: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** GET /book/{slug} requests made while waiting, over all edits. */
  polls: number;
  /** Set when the first edit never reached the page (no publisher?): no figure then. */
  unpublished?: string;
}

const POLL_MS = 20;
const GIVE_UP_MS = 30_000;

export async function benchPublishLatency(baseUrl: string, slug: string, edits = 20): Promise<PublishLatency> {
  const headers = (cookie: string) => ({ 'content-type': 'application/json', origin: baseUrl, cookie });
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: headers(''),
    body: JSON.stringify({ username: DEMO_HOST.email, password: DEMO_HOST.password }),
  });
  if (login.status !== 200) throw new Error(`The demo host could not sign in: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');

  const read = await fetch(`${baseUrl}/api/events/${slug}`, { headers: { cookie } });
  if (read.status !== 200) throw new Error(`GET /api/events/${slug} answered ${read.status}: ${await read.text()}`);
  const stored = (await read.json()) as HostEvent;
  // What the editor sends: every field of eventBody, from the stored event, checked and normalized by the schema.
  const fields = Object.keys(eventBody.shape).filter((key) => key !== 'id' && key !== 'active');
  const bodyWith = (title: string) =>
    eventBody.parse({
      ...Object.fromEntries(fields.map((key) => [key, stored[key as keyof HostEvent]])),
      title,
    });
  bodyWith(stored.title); // the stored event must make a valid body before anything is changed

  const patch = async (title: string) => {
    const answer = await fetch(`${baseUrl}/api/events/${slug}`, {
      method: 'PATCH',
      headers: headers(cookie),
      body: JSON.stringify(bodyWith(title)),
    });
    if (answer.status !== 200)
      throw new Error(`PATCH /api/events/${slug} answered ${answer.status}: ${await answer.text()}`);
  };
  let polls = 0;
  /** When GET /book/{slug} first holds `title` and not `gone` (performance.now()), or null after `GIVE_UP_MS`. */
  const shown = async (title: string, gone?: string): Promise<number | null> => {
    const escaped = escapeHtml(title);
    const deadline = performance.now() + GIVE_UP_MS;
    while (performance.now() < deadline) {
      polls++;
      const html = await (await fetch(`${baseUrl}/book/${slug}`)).text();
      if (html.includes(escaped) && !(gone && html.includes(gone))) return performance.now();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return null;
  };

  const nonce = randomBytes(3).toString('hex');
  const latencies: number[] = [];
  let unpublished: string | undefined;
  try {
    for (let edit = 1; edit <= edits; edit++) {
      const title = `${stored.title} & ${nonce} #${edit}`;
      await patch(title);
      const committed = performance.now();
      const at = await shown(title);
      if (at === null) {
        unpublished = `edit ${edit}: GET /book/${slug} did not show the new title within ${GIVE_UP_MS / 1000} s`;
        break;
      }
      latencies.push(at - committed);
    }
  } finally {
    await patch(stored.title);
    // The edited titles begin with the original one: the page is restored when the nonce is gone from it.
    const pollsBefore = polls;
    if (latencies.length > 0) await shown(stored.title, nonce);
    polls = pollsBefore;
  }
  latencies.sort((a, b) => a - b);
  const quantile = (q: number) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]! : Number.NaN;
  return {
    slug,
    count: latencies.length,
    p50: quantile(0.5),
    p99: quantile(0.99),
    max: latencies.at(-1) ?? Number.NaN,
    polls,
    ...(unpublished ? { unpublished } : {}),
  };
}
