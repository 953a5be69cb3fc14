import type { PublicEvent } from '#shared/api/schemas/events';
import type { PublicTeam } from '#shared/api/schemas/teams';
import { getPublicEvent, type PublicEventDeps } from '#functions/app/booking/public-event';
import { pageKeys, pageWork, PUBLISH_ROUNDS, teamPageKey, type PageChange } from '#functions/domain/published-pages';
import { Forbidden, NotFound } from '#functions/errors';
import type { Logger } from '#functions/ports/core';
import type { BookingPageRenderer, EventRepository, PublishedPages } from '#functions/ports/events';
import type { HostRepository } from '#functions/ports/hosts';
import type { TeamDirectory, TeamRepository } from '#functions/ports/teams';

/**
 * What the publisher reads (the public event, as GET /api/events/public/{slug} answers it, with the same checks; a
 * team's public view, as GET /api/teams/{slug}/public answers it, through the TeamDirectory port) and where it
 * writes. Its reads are strongly consistent (composition/pages.ts): a page is never rendered from a read older than
 * the change that asked for it.
 */
export type BookingPagesDeps = PublicEventDeps & {
  events: EventRepository;
  teams: TeamRepository;
  hosts: HostRepository;
  logger: Logger;
  teamDirectory: TeamDirectory;
} & { pages: PublishedPages; renderer: BookingPageRenderer };

/** What a run did: pages written and taken down (each slug's two paths count once). */
export interface PublishCounts {
  published: number;
  removed: number;
}

/** How many slugs are refreshed at once when every page is (after a deploy, or the admin's pause). */
const REPUBLISH_CONCURRENCY = 8;

/**
 * The pages one change of the table calls for (functions/src/domain/published-pages.ts `pageWork`):
 * 1. an event type written or deleted: its slug before and after are refreshed (publish, move, take down);
 * 2. a host's name, photo, calendar connection or plan changed: each of their event types is refreshed;
 * 3. the admin's "Available for Bookings" changed: every page is;
 * 4. (issue 28) a team event type changed: its team's page `team/{slug}` too; a team's name or logo changed (or the
 *    team was created or deleted): its page and each of its event types'; a host's name, photo, calendar or plan
 *    changed: also the event types of every team they are in, and those teams' pages (a member's photo shows there).
 */
export async function publishPagesFor(deps: BookingPagesDeps, change: PageChange): Promise<PublishCounts> {
  const work = pageWork(change);
  if (work.everyPage) return republishAll(deps);
  const slugs = [...work.slugs];
  const teamIds = [...work.teams];
  const teamSlugs = [...work.teamSlugs];
  for (const hostId of work.hosts) {
    slugs.push(...(await deps.events.listByHost(hostId)).map((event) => event.slug));
    teamIds.push(...(await deps.teams.teamsOf(hostId)).map((membership) => membership.teamId));
  }
  for (const teamId of new Set(teamIds)) {
    slugs.push(...(await deps.events.listByTeam(teamId)).map((event) => event.slug));
  }
  const pageTeams = [...new Set([...teamIds, ...work.teamPagesOf])];
  if (pageTeams.length > 0)
    teamSlugs.push(...[...(await deps.teams.getMany(pageTeams)).values()].map((team) => team.slug));
  const counts = await refreshEach(deps, [...new Set(slugs)], 1);
  for (const slug of new Set(teamSlugs)) counts[await refreshTeamPage(deps, slug)]++;
  return counts;
}

/**
 * Brings a team's page (`team/{slug}`) in line with the table, as refreshSlug does a booking page: rendered from GET
 * /api/teams/{slug}/public's answer, taken down when the team is gone, rendered again while it changes. Nothing
 * when the renderer draws no team pages.
 */
export async function refreshTeamPage(deps: BookingPagesDeps, slug: string): Promise<'published' | 'removed'> {
  const { renderTeam } = deps.renderer;
  if (!renderTeam) return 'removed';
  const key = teamPageKey(slug);
  let state = await publicTeamState(deps, slug);
  for (let round = 1; ; round++) {
    if (state) await deps.pages.put(key, await renderTeam.call(deps.renderer, state, `/${key}`, deps.clock.now()));
    else await deps.pages.remove(key);
    const after = await publicTeamState(deps, slug);
    if (JSON.stringify(after) === JSON.stringify(state)) return state ? 'published' : 'removed';
    if (round >= PUBLISH_ROUNDS) {
      throw new Error(`The team page of "${slug}" kept changing while it was published (${round} rounds)`);
    }
    state = after;
  }
}

async function publicTeamState(deps: BookingPagesDeps, slug: string): Promise<PublicTeam | null> {
  try {
    return await deps.teamDirectory.publicTeam(slug);
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

/**
 * Every event type's pages and every team's page, rendered again (a deploy changed the shell or the renderer; a
 * change every page shows).
 */
export async function republishAll(deps: BookingPagesDeps): Promise<PublishCounts> {
  const total: PublishCounts = { published: 0, removed: 0 };
  await deps.events.forEachSlug(async (slugs, teamSlugs) => {
    const counts = await refreshEach(deps, slugs, REPUBLISH_CONCURRENCY);
    total.published += counts.published;
    total.removed += counts.removed;
    for (const slug of teamSlugs) total[await refreshTeamPage(deps, slug)]++;
  });
  deps.logger.info('Booking pages republished', { ...total });
  return total;
}

/**
 * Brings a slug's pages in line with the table: rendered from the event type that holds the slug now when its page
 * is public (active, its host within the trial or with a plan), else taken down.
 * Then the public event is read again: if it changed meanwhile (an edit, or another change handled in parallel on
 * another shard of the stream), the page is rendered again, so the last page written is always the table's last
 * state, whatever order the writes land in. A failure is thrown: the stream record is retried.
 */
export async function refreshSlug(deps: BookingPagesDeps, slug: string): Promise<'published' | 'removed'> {
  let state = await publicState(deps, slug);
  for (let round = 1; ; round++) {
    if (state) {
      const now = deps.clock.now();
      for (const key of pageKeys(slug)) await deps.pages.put(key, await deps.renderer.render(state, `/${key}`, now));
    } else {
      for (const key of pageKeys(slug)) await deps.pages.remove(key);
    }
    const after = await publicState(deps, slug);
    if (JSON.stringify(after) === JSON.stringify(state)) return state ? 'published' : 'removed';
    if (round >= PUBLISH_ROUNDS) {
      throw new Error(`The booking page of "${slug}" kept changing while it was published (${round} rounds)`);
    }
    state = after;
  }
}

/** The public event of a slug, or null when it has no public page (unknown slug, deactivated, trial over). */
async function publicState(deps: BookingPagesDeps, slug: string): Promise<PublicEvent | null> {
  try {
    return await getPublicEvent(deps, slug);
  } catch (error) {
    if (error instanceof NotFound || error instanceof Forbidden) return null;
    throw error;
  }
}

async function refreshEach(deps: BookingPagesDeps, slugs: readonly string[], concurrency: number) {
  const counts: PublishCounts = { published: 0, removed: 0 };
  let next = 0;
  const worker = async () => {
    while (next < slugs.length) {
      const outcome = await refreshSlug(deps, slugs[next++]!);
      counts[outcome]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, slugs.length) }, worker));
  return counts;
}
