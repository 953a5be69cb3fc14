import { EVENT_SLUG_MAX, EVENT_SLUG_MIN, RESERVED_EVENT_SLUGS } from '#shared/constants';

/**
 * The URL slug suggested from an event's title while the host has not typed one (host-area.md §3 "Event" slug,
 * §5): lower-case letters, digits and single hyphens, accents dropped, 3–60 characters, never a reserved word and
 * never digits alone (those read as an event id). A slug too short, reserved or without a letter gets "-event"
 * added; a title with no letter or digit suggests nothing.
 */
export function suggestSlug(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, EVENT_SLUG_MAX)
    .replace(/-+$/, '');
  if (!base) return '';
  const reserved = (RESERVED_EVENT_SLUGS as readonly string[]).includes(base);
  const needsWord = base.length < EVENT_SLUG_MIN || reserved || !/[a-z]/.test(base);
  return needsWord ? `${base.slice(0, EVENT_SLUG_MAX - '-event'.length).replace(/-+$/, '')}-event` : base;
}
