import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';

import type { PublicEvent } from '#shared/api/schemas/events';
import { scopeCustomCss } from '#shared/custom-css';
import { BookingRoot } from '#frontend/app/booking-app.tsx';
import { bookingSlugOf } from '#frontend/app/layout-rules.ts';
import { publicEventKey } from '#frontend/features/booking/api/early-fetch.ts';
import { provideCustomCss } from '#frontend/features/booking/lib/custom-css.ts';
import { bookingPageDescription, bookingPageTitle } from '#frontend/features/booking/lib/page-meta.ts';
import { EVENT_DATA_ID, fillTemplate } from '#frontend/prerender/html.ts';

// The render is synchronous: the custom CSS code the browser loads on demand is here from the start.
provideCustomCss(scopeCustomCss);

export interface BookingPageInput {
  /** The built booking page shell, frontend/dist/book.html, as text. */
  template: string;
  /** The answer of GET /api/events/public/{slug}. */
  event: PublicEvent;
  /** The page's path: /book/{slug} or /events/{slug}. */
  path: string;
  /** The publish time: the page's step 1 is drawn for this instant, in the host's zone. */
  now: Date;
}

/**
 * A booking page published as static HTML (issue 19): the shell with the page's step 1 rendered into #root (the
 * site chrome, the event's summary, the month grid without availability, the time-zone line, all in the host's zone
 * at `now`), its title and meta description, and the event as JSON (#meetwise-event) before the shell's inline
 * scripts, so the early fetch skips the event and the browser (booking-main.tsx) hydrates with it, never asking for
 * it. Pure and synchronous; runs in plain Node (no DOM, no CSS, no Vite).
 */
export function renderBookingPage({ template, event, path, now }: BookingPageInput): string {
  const slug = bookingSlugOf(path);
  if (!slug) throw new Error(`Not a booking page's path: ${path}`);
  const client = new QueryClient();
  client.setQueryData(publicEventKey(slug), event);
  try {
    const root = renderToString(<BookingRoot client={client} renderedAt={now} pathname={path} search="" />);
    return fillTemplate(template, {
      root,
      renderedAt: now,
      title: bookingPageTitle(event),
      description: bookingPageDescription(event),
      dataBlocks: [{ id: EVENT_DATA_ID, value: event }],
      pageTheme: event.bookingTheme,
    });
  } finally {
    client.clear();
  }
}
