import { EVENT_SLUG_MAX, EVENT_SLUG_MIN } from '#shared/constants';

/**
 * A URL slug suggested from a name while the person has not typed one (event types and teams): lower-case letters,
 * digits and single hyphens, accents dropped, 3–60 characters, never a reserved word and never digits alone. A slug
 * too short, reserved or without a letter gets `-{suffix}` added; a name with no letter or digit suggests nothing.
 */
export function suggestSlugFrom(name: string, rules: { reserved: readonly string[]; suffix: string }): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, EVENT_SLUG_MAX)
    .replace(/-+$/, '');
  if (!base) return '';
  const needsWord = base.length < EVENT_SLUG_MIN || rules.reserved.includes(base) || !/[a-z]/.test(base);
  const suffix = `-${rules.suffix}`;
  return needsWord ? `${base.slice(0, EVENT_SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}` : base;
}
