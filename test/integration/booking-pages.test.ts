import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { streamJobs } from '#shared/jobs';
import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { filePublishedPages } from '#functions/adapters/pages/file-pages';
import { systemClock } from '#functions/adapters/system/runtime';
import { refreshSlug, republishAll, type BookingPagesDeps } from '#functions/app/booking/booking-pages';
import { composeDeps } from '#functions/composition';
import { bookingPagesFor } from '#functions/composition/pages';
import { publishHandler } from '#functions/jobs/publishBookingPages';
import type { BookingPageRenderer, PublishedPages } from '#functions/ports/events';
import { createAppServer } from '#infra/local/server';
import { startStreamPoller, type StreamPoller } from '#infra/local/stream-poller';
import { ensureTable } from '#infra/local/table';
import { apiClient } from '#test/support/api-client';
import { eventBody } from '#test/support/event-body';
import { integrationConfig, startAppServer } from '#test/support/local-stack';

/**
 * Booking pages as static HTML (issue 19): the table's stream → publishBookingPages → files under a folder, as on one
 * machine (the cloud's S3 adapter is the same port). Each test changes events and hosts through the API, then lets
 * the stream poller hand the records to the real job handler, with the real renderer and the built shell
 * (frontend/dist/book.html: `npm run build` first, as `npm test` does).
 */

const config = integrationConfig({ TABLE_NAME: `pages-${randomUUID().slice(0, 8)}` });
const deps = composeDeps(config);
const folder = mkdtempSync(join(tmpdir(), 'meetwise-pages-'));
const files = filePublishedPages(folder);

/** The folder's pages, with failures a test asks for (the publish fails, so the stream record comes again). */
let failingPuts = 0;
const pages: PublishedPages = {
  async put(key, html) {
    if (failingPuts > 0) {
      failingPuts--;
      throw new Error('S3 is having a bad day');
    }
    await files.put(key, html);
  },
  remove: (key) => files.remove(key),
};
/** Called before each render: a test may change the table while a page is being published. */
let beforeRender: (() => Promise<void>) | undefined;
let publisher: BookingPagesDeps;
let poller: StreamPoller;
let app: Awaited<ReturnType<typeof startAppServer>>;
const api = apiClient(() => app.baseUrl);
const failures: string[] = [];

beforeAll(async () => {
  await ensureTable(createDynamoClient(config), config.tableName);
  app = await startAppServer();
  const real = bookingPagesFor(config, { config, clock: systemClock, logger: deps.logger }).renderer;
  const renderer: BookingPageRenderer = {
    async render(event, path, now) {
      const hook = beforeRender;
      beforeRender = undefined;
      await hook?.();
      return real.render(event, path, now);
    },
    renderTeam: (team, path, now) => real.renderTeam!(team, path, now),
  };
  publisher = bookingPagesFor(config, { config, clock: systemClock, logger: deps.logger }, { pages, renderer });
  const job = publishHandler(() => publisher);
  poller = startStreamPoller({
    dynamoEndpoint: config.dynamoEndpoint!,
    region: config.region,
    tableName: config.tableName,
    checkpointFile: join(folder, '.checkpoint.json'),
    job: streamJobs.publishBookingPages,
    handler: async (event, context) => (await job(event, context)) as DynamoDBBatchResponse,
    everyMs: 3_600_000,
    retryDelayMs: 0,
    log: (line) => failures.push(line),
  });
}, 60_000);

afterAll(async () => {
  await poller.stop();
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

beforeEach(() => {
  failingPuts = 0;
  beforeRender = undefined;
});

/** Lets the stream poller hand every record written so far to the publisher (twice: a failed one comes again). */
async function publish(): Promise<void> {
  await poller.poll();
  await poller.poll();
}

const page = (key: string): string | null =>
  existsSync(join(folder, key)) ? readFileSync(join(folder, key), 'utf8') : null;

/** The event inlined in a published page (what the client hydrates with). */
function inlinedEvent(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="meetwise-event">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the inlined event').toBeDefined();
  return JSON.parse(json!) as Record<string, unknown>;
}

async function newEvent(overrides: Record<string, unknown> = {}) {
  const host = await api.newHost(deps.accounts);
  const slug = `pages-${randomBytes(4).toString('hex')}`;
  const created = await api.call('POST', '/api/events', {
    body: eventBody({ slug, title: 'Garden design consultation', ...overrides }),
    cookie: host.cookie,
  });
  expect(created.status).toBe(201);
  return { host, slug, id: created.body.id as number };
}

describe('publishBookingPages: the table changes, the published pages follow', () => {
  it('publishes a new event type at /book/{slug} and /events/{slug}: its title and description in the HTML, the event inlined', async () => {
    const { slug, id } = await newEvent({ description: 'Bring photos of your garden & its light.' });
    await publish();
    for (const key of [`book/${slug}`, `events/${slug}`]) {
      const html = page(key);
      expect(html, key).not.toBeNull();
      expect(html).toContain('Garden design consultation');
      expect(html).toContain('Bring photos of your garden &amp; its light.');
      expect(inlinedEvent(html!)).toMatchObject({ id, slug, title: 'Garden design consultation' });
    }
    expect(failures.filter((line) => /failed, attempt|DEAD|✖/.test(line))).toEqual([]);
  });

  it('renders an edit, moves a renamed page (the old one is taken down), and follows a host rename', async () => {
    const { host, slug } = await newEvent();
    await publish();
    const edited = await api.call('PATCH', `/api/events/${slug}`, {
      body: eventBody({ slug, title: 'Orchard pruning' }),
      cookie: host.cookie,
    });
    expect(edited.status).toBe(200);
    await publish();
    expect(page(`book/${slug}`)).toContain('Orchard pruning');
    expect(page(`book/${slug}`)).not.toContain('Garden design consultation');

    const renamed = `${slug}-new`;
    expect(
      (
        await api.call('PATCH', `/api/events/${slug}`, {
          body: eventBody({ slug: renamed, title: 'Orchard pruning' }),
          cookie: host.cookie,
        })
      ).status,
    ).toBe(200);
    await publish();
    expect(page(`book/${slug}`)).toBeNull();
    expect(page(`events/${slug}`)).toBeNull();
    expect(inlinedEvent(page(`book/${renamed}`)!)).toMatchObject({ slug: renamed });
    expect(page(`events/${renamed}`)).toContain('Orchard pruning');

    const profile = await api.call('POST', '/api/profile/update', {
      cookie: host.cookie,
      body: { name: 'Rosalind Franklin', email: host.email },
    });
    expect(profile.status).toBe(200);
    await publish();
    expect(inlinedEvent(page(`book/${renamed}`)!)).toMatchObject({ hostName: 'Rosalind Franklin' });
    expect(page(`book/${renamed}`)).toContain('Rosalind Franklin');
  });

  it("publishes a team's page and its event types' pages, and follows the team's name and a host's name (issue 28)", async () => {
    const host = await api.newHost(deps.accounts);
    const team = `pages-team-${randomBytes(4).toString('hex')}`;
    expect(
      (await api.call('POST', '/api/teams', { body: { name: 'Garden Crew', slug: team }, cookie: host.cookie })).status,
    ).toBe(201);
    const userId = host.id;
    const slug = `pages-${randomBytes(4).toString('hex')}`;
    const created = await api.call('POST', '/api/events', {
      body: eventBody({
        slug,
        title: 'Hedge trimming',
        teamSlug: team,
        schedulingType: 'round-robin',
        hosts: [{ userId }],
      }),
      cookie: host.cookie,
    });
    expect(created.status).toBe(201);
    await publish();
    expect(inlinedEvent(page(`book/${slug}`)!)).toMatchObject({
      hostName: 'Garden Crew',
      team: { name: 'Garden Crew', slug: team },
      hosts: [{ name: 'Grace Hopper' }],
    });
    const teamPage = () => page(`team/${team}`) ?? '';
    expect(teamPage()).toContain('id="meetwise-team"');
    // Rendered into a team's page's own shell (team.html), whose entry carries none of the booking page's code.
    expect(teamPage()).toMatch(/content="\/assets\/team-[\w-]+\.js/);
    expect(teamPage()).not.toContain('/assets/book-');
    expect(page(`book/${slug}`)).toMatch(/content="\/assets\/book-[\w-]+\.js/);
    expect(teamPage()).toContain('Hedge trimming');
    expect(teamPage()).toContain(`href="/book/${slug}"`);

    // The team renamed: its page and its event's page.
    expect(
      (await api.call('PATCH', `/api/teams/${team}`, { body: { name: 'Orchard Crew' }, cookie: host.cookie })).status,
    ).toBe(200);
    await publish();
    expect(teamPage()).toContain('Orchard Crew');
    expect(inlinedEvent(page(`book/${slug}`)!)).toMatchObject({ hostName: 'Orchard Crew' });

    // A host renamed: the team's event types and the team's page.
    const profile = await api.call('POST', '/api/profile/update', {
      cookie: host.cookie,
      body: { name: 'Barbara McClintock', email: host.email },
    });
    expect(profile.status).toBe(200);
    await publish();
    expect(inlinedEvent(page(`book/${slug}`)!)).toMatchObject({ hosts: [{ name: 'Barbara McClintock' }] });
    expect(teamPage()).toContain('Barbara McClintock');

    // The event deleted: its pages go, the team's page no longer lists it.
    expect((await api.call('DELETE', `/api/events/${slug}`, { cookie: host.cookie })).status).toBe(200);
    await publish();
    expect(page(`book/${slug}`)).toBeNull();
    expect(teamPage()).not.toContain('Hedge trimming');

    // Every page republished (after a deploy, the admin's pause): the team's page is among them.
    await files.remove(`team/${team}`);
    expect(page(`team/${team}`)).toBeNull();
    await republishAll(publisher);
    expect(teamPage()).toContain('Orchard Crew');
    expect(failures.filter((line) => /failed, attempt|DEAD|✖/.test(line))).toEqual([]);
  });

  it('takes the page down when the event is deactivated, back up when activated, and down for good when deleted', async () => {
    const { host, slug } = await newEvent();
    await publish();
    expect(page(`book/${slug}`)).not.toBeNull();

    const off = await api.call('PATCH', `/api/events/${slug}`, { body: { active: false }, cookie: host.cookie });
    expect(off.body.active).toBe(false);
    await publish();
    expect(page(`book/${slug}`)).toBeNull();
    expect(page(`events/${slug}`)).toBeNull();

    await api.call('PATCH', `/api/events/${slug}`, { body: { active: true }, cookie: host.cookie });
    await publish();
    expect(page(`book/${slug}`)).not.toBeNull();

    expect((await api.call('DELETE', `/api/events/${slug}`, { cookie: host.cookie })).status).toBe(200);
    await publish();
    expect(page(`book/${slug}`)).toBeNull();
    expect(page(`events/${slug}`)).toBeNull();
  });

  it('retries a publish that failed: the record comes again and the page appears, whole', async () => {
    const { slug } = await newEvent({ title: 'Seed swap' });
    failingPuts = 1;
    await poller.poll();
    expect(failures.some((line) => /failed, attempt 1 of 5/.test(line))).toBe(true);
    await publish();
    expect(failingPuts).toBe(0);
    expect(page(`book/${slug}`)).toContain('Seed swap');
    expect(page(`events/${slug}`)).toContain('Seed swap');
  });

  it('ends with the last edit when edits race, also when one lands while a page is being written', async () => {
    const { host, slug } = await newEvent();
    await publish();
    const titles = ['Racing one', 'Racing two', 'Racing three', 'Racing four', 'Racing five'];
    await Promise.all(
      titles.map((title) =>
        api.call('PATCH', `/api/events/${slug}`, { body: eventBody({ slug, title }), cookie: host.cookie }),
      ),
    );
    await publish();
    const raced = await api.call('GET', `/api/events/${slug}`, { cookie: host.cookie });
    expect(titles).toContain(raced.body.title);
    expect(inlinedEvent(page(`book/${slug}`)!)).toMatchObject({ title: raced.body.title });

    // An edit that commits while a publish renders what it read before (a record of another shard, handled in
    // parallel): that publish itself must end with the new title, before any stream record of the edit is handled.
    beforeRender = async () => {
      await api.call('PATCH', `/api/events/${slug}`, {
        body: eventBody({ slug, title: 'The very last title' }),
        cookie: host.cookie,
      });
    };
    expect(await refreshSlug(publisher, slug)).toBe('published');
    expect(beforeRender).toBeUndefined();
    expect(inlinedEvent(page(`book/${slug}`)!)).toMatchObject({ title: 'The very last title' });
    expect(inlinedEvent(page(`events/${slug}`)!)).toMatchObject({ title: 'The very last title' });
    await publish();
    expect(inlinedEvent(page(`book/${slug}`)!)).toMatchObject({ title: 'The very last title' });
  });

  it('is served by the local server before the shell: the published page, else book.html (team.html for a team), with the short shared cache', async () => {
    const { slug } = await newEvent({ title: 'Compost clinic' });
    await publish();
    const server = createAppServer({ siteDir: 'frontend/dist', photosDir: folder, publishedDir: folder });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const published = await fetch(`${base}/book/${slug}`);
      expect(published.status).toBe(200);
      expect(published.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(published.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
      expect(await published.text()).toContain('Compost clinic');
      const fallback = await fetch(`${base}/book/no-such-event-here`);
      expect(fallback.status).toBe(200);
      expect(fallback.headers.get('cache-control')).toBe('no-cache');
      expect(await fallback.text()).toBe(readFileSync('frontend/dist/book.html', 'utf8'));
      // A team without a published page: a team's page's own shell.
      const teamFallback = await fetch(`${base}/team/no-such-team-here`);
      expect(teamFallback.status).toBe(200);
      expect(await teamFallback.text()).toBe(readFileSync('frontend/dist/team.html', 'utf8'));
      // The host screens under /events stay the app's.
      expect(await (await fetch(`${base}/events/new`)).text()).toBe(readFileSync('frontend/dist/index.html', 'utf8'));
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });
});
