/** 'Last synced' in the viewer's own zone and language, e.g. "Mar 4, 2025, 2:05 PM"; 'Never' when not yet or unreadable. */
export function formatLastSynced(lastSynced: string | null, locale?: string): string {
  if (!lastSynced) return 'Never';
  const date = new Date(lastSynced);
  if (Number.isNaN(date.getTime())) return 'Never';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The feed address as calendar apps need it: absolute, also if the server sent a path. */
export const absoluteFeedUrl = (feedUrl: string, origin: string): string => new URL(feedUrl, origin).href;
