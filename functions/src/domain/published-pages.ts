import { RESERVED_EVENT_SLUGS } from '#shared/constants';

/**
 * The booking pages published as static HTML (docs/architecture.md "Booking pages as static HTML"): one file per
 * public path of an event type, `book/{slug}` and `events/{slug}`, and a team's page `team/{slug}` (issue 28),
 * served by the CDN before the single-page app.
 */

/** A change of the table that may change what a booking page shows, read from a stream record's two images. */
export type PageChange =
  /**
   * An event type written or deleted: its slug before and after (null: no item on that side), and the teams it
   * belonged to before and after (a team event type shows on its team's page, issue 28).
   */
  | { kind: 'event'; slugBefore: string | null; slugAfter: string | null; teamIds?: string[] }
  /** A team written or deleted (issue 28): its name or logo show on its page and on its event types' pages. */
  | { kind: 'team'; teamId: string; slug: string; changed: boolean }
  /** Something of a host that every one of their pages shows (name, photo, calendar connected, plan in force). */
  | { kind: 'host'; hostId: string; changed: boolean }
  /** Something every page shows (the admin's "Available for Bookings"). */
  | { kind: 'every-page'; changed: boolean }
  /** Another item or a change no page shows. */
  | { kind: 'none' };

/** What a change calls for: slugs whose pages are brought in line with the table, and hosts or every page. */
export interface PageWork {
  slugs: string[];
  hosts: string[];
  everyPage: boolean;
  /** Teams (ids) whose event types' pages are refreshed: their name or logo changed (issue 28). */
  teams: string[];
  /** Teams (ids) whose page is refreshed: one of their event types changed. */
  teamPagesOf: string[];
  /** Team pages by slug: a team written or deleted (a deleted one is found by its slug only). */
  teamSlugs: string[];
}

const NO_WORK: PageWork = { slugs: [], hosts: [], everyPage: false, teams: [], teamPagesOf: [], teamSlugs: [] };

/**
 * The pages a change touches. An event's old and new slug are both refreshed: a rename takes the old page down (or
 * hands it to the event that holds that slug now) and publishes the new one; a deletion takes its page down.
 */
export function pageWork(change: PageChange): PageWork {
  switch (change.kind) {
    case 'event': {
      const slugs = [change.slugBefore, change.slugAfter].filter((slug): slug is string => slug !== null);
      return { ...NO_WORK, slugs: [...new Set(slugs)], teamPagesOf: [...new Set(change.teamIds ?? [])] };
    }
    case 'team':
      return change.changed ? { ...NO_WORK, teams: [change.teamId], teamSlugs: [change.slug] } : NO_WORK;
    case 'host':
      return { ...NO_WORK, hosts: change.changed ? [change.hostId] : [] };
    case 'every-page':
      return { ...NO_WORK, everyPage: change.changed };
    case 'none':
      return NO_WORK;
  }
}

/** The key of a team's public page (issue 28): `team/{slug}`, served like the booking pages. */
export function teamPageKey(slug: string): string {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) throw new Error(`Not a team slug: ${JSON.stringify(slug)}`);
  return `team/${slug}`;
}

/**
 * The keys (bucket keys, file paths under the published folder) of a slug's pages. `/events/{slug}` is a booking
 * page too, except the host screens' names (/events/new, /events/dashboard), which no event may take anyway.
 */
export function pageKeys(slug: string): string[] {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) throw new Error(`Not an event slug: ${JSON.stringify(slug)}`);
  const reserved = (RESERVED_EVENT_SLUGS as readonly string[]).includes(slug);
  return reserved ? [`book/${slug}`] : [`book/${slug}`, `events/${slug}`];
}

/**
 * The built shell a public page's path is rendered into and served from when it has no published page: a team's page
 * (/team/{slug}) has an entry of its own (team.html), so it carries none of the booking page's code; every other
 * booking page path the booking page's (book.html).
 */
export type PageShellFile = 'book.html' | 'team.html';
export const shellFileFor = (pathname: string): PageShellFile =>
  /^\/team\//i.test(pathname) ? 'team.html' : 'book.html';

/**
 * How long the CDN may serve a published page before asking again: a minute, then the old page while the new one
 * is fetched. Browsers always revalidate (max-age=0), so a guest never keeps a page an edit replaced.
 */
export const PUBLISHED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** How many times a page is rendered again when the table changed while it was being written. */
export const PUBLISH_ROUNDS = 5;
