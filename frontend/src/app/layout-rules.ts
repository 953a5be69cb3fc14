/**
 * Which parts of the site chrome show on which path (the route table, the header, the footer and
 * the public booking page's own chrome). Pure functions of the pathname, so the rules stay
 * readable in one place and testable without a browser.
 */

/** Lower-cased path without a trailing slash ("/" stays "/"). The router matches paths case-insensitively. */
function normalize(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}

const firstSegment = (pathname: string): string => normalize(pathname).split('/')[1] ?? '';

/** /events/{slug} slugs that are host screens, not public booking pages. */
export const RESERVED_EVENT_SLUGS: ReadonlySet<string> = new Set(['new', 'dashboard']);

/**
 * The event slug of a public booking page, /book/{slug} or /events/{slug} (except /events/new and
 * /events/dashboard), lower-cased as slugs are stored; null for any other path.
 */
export function bookingSlugOf(pathname: string): string | null {
  const match = /^\/(book|events)\/([^/]+)$/.exec(normalize(pathname));
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[2]!);
  } catch {
    return null; // a malformed escape: the page shows "Event Not Found"
  }
  return match[1] === 'events' && RESERVED_EVENT_SLUGS.has(slug) ? null : slug;
}

/** The team slug of a team's public page, /team/{slug} (issue 28), lower-cased; null for any other path. */
export function teamSlugOf(pathname: string): string | null {
  const match = /^\/team\/([^/]+)$/.exec(normalize(pathname));
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null; // a malformed escape: the page shows "Team not found"
  }
}

/** A public booking page: /book/{slug} or /events/{slug} (except /events/new and /events/dashboard). */
export const isPublicBookingPath = (pathname: string): boolean =>
  normalize(pathname).startsWith('/book/') || bookingSlugOf(pathname) !== null;

/**
 * The signed-in host area's top-level sections (as the header knows them: /admin*, /events*, profile, calendar,
 * billing). /calendar is the same screen as /calendar-integration and /billing as /billing-details (the route
 * table), so they count the same; /hourly-debug is a signed-in host page of the console (behind the login guard),
 * so it counts too.
 */
const HOST_AREA_SECTIONS = new Set([
  'events',
  'bookings',
  'teams',
  'integrations',
  'hourly-debug',
  'profile-settings',
  'calendar',
  'calendar-integration',
  'billing-details',
  'billing',
]);

/**
 * A host-area path, where a signed-in header shows Help and the user menu: /admin and anything under it or
 * starting with it, /events and its host screens (not the public booking pages /events/{slug}), /bookings/{id},
 * /teams…, /integrations… (webhooks and API keys),
 * /hourly-debug, /profile-settings, /calendar and /calendar-integration, and /billing-details (also as /billing).
 */
export function isHostAreaPath(pathname: string): boolean {
  const path = normalize(pathname);
  if (path.startsWith('/admin')) return true;
  return HOST_AREA_SECTIONS.has(firstSegment(path)) && !isPublicBookingPath(path);
}

/** The event editor (/events/new, also with ?edit={id}) is full-screen: no header, no footer, no padding. */
export const isFullScreenEditorPath = (pathname: string): boolean => normalize(pathname) === '/events/new';

/**
 * Pages where Pricing is hidden: login, register, register-email, booking (with the guest's /booking/{id} and the
 * host's /bookings/{id}), events, profile, calendar, billing, contact.
 */
const NO_PRICING_SECTIONS = new Set([
  'login',
  'register',
  'register-email',
  'book',
  'booking',
  'bookings',
  'teams',
  'team',
  'integrations',
  'events',
  'profile-settings',
  'calendar',
  'calendar-integration',
  'billing',
  'billing-details',
  'billing-success',
  'contact-us',
]);

/**
 * The spec hides Contact Us on "most of" the Pricing-less pages without naming them; we hide it where it would
 * be redundant or distracting: on the contact page itself and on the sign-in and registration pages.
 */
const NO_CONTACT_SECTIONS = new Set(['contact-us', 'login', 'register', 'register-email']);

/** Pages without the mobile menu toggle (their header shows its few links inline). */
const NO_MENU_TOGGLE_SECTIONS = new Set(['contact-us', 'login']);

export interface Chrome {
  showHeader: boolean;
  showFooter: boolean;
  /** Logo mark and product name in the header; hidden on booking pages. */
  showBrand: boolean;
  /** The booking page has one theme, its event's (bookingTheme): no visitor toggle there. */
  showThemeToggle: boolean;
  showPricing: boolean;
  showContactLink: boolean;
  showMenuToggle: boolean;
  /**
   * The booking page's "Try Meetwise free" link floats at the bottom left from `lg` up (beside the event summary,
   * which has nothing to click): the footer leaves room for it there. Below `lg` it sits in the page's flow.
   */
  footerMakesRoomForFloatingLink: boolean;
}

export function chromeFor(pathname: string): Chrome {
  const path = normalize(pathname);
  const section = firstSegment(path);
  const editor = isFullScreenEditorPath(path);
  return {
    showHeader: !editor,
    showFooter: !editor && section !== 'auth-success',
    showBrand: !isPublicBookingPath(path),
    showThemeToggle: !isPublicBookingPath(path),
    showPricing: !NO_PRICING_SECTIONS.has(section),
    showContactLink: !NO_CONTACT_SECTIONS.has(section),
    showMenuToggle: !NO_MENU_TOGGLE_SECTIONS.has(section),
    footerMakesRoomForFloatingLink: isPublicBookingPath(path),
  };
}
