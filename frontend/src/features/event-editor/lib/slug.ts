import { RESERVED_EVENT_SLUGS } from '#shared/constants';
import { suggestSlugFrom } from '#frontend/lib/slug.ts';

/**
 * The URL slug suggested from an event's title while the host has not typed one:
 * lower-case letters, digits and single hyphens, accents dropped, 3–60 characters, never a reserved word and
 * never digits alone (those read as an event id). A slug too short, reserved or without a letter gets "-event"
 * added; a title with no letter or digit suggests nothing.
 */
export function suggestSlug(title: string): string {
  return suggestSlugFrom(title, { reserved: RESERVED_EVENT_SLUGS, suffix: 'event' });
}
