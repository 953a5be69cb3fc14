import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import type { PublicEvent } from '#shared/api/schemas/events';
import { BookingRoot } from '#frontend/app/booking-app.tsx';
import { bookingSlugOf } from '#frontend/app/layout-rules.ts';
import { prefetchBookingPage, publicEventKey } from '#frontend/features/booking/api/early-fetch.ts';
import { loadCustomCss } from '#frontend/features/booking/lib/custom-css.ts';
import { queryClient } from '#frontend/lib/query-client.ts';
import { inlinedData, renderTimeOf } from '#frontend/lib/server-render.ts';

import '#frontend/index.css';

/**
 * The booking page's own entry (book.html): the page without the router, React Query's client, its chrome. A page
 * published as HTML (prerender/booking-page.tsx) carries its event (#meetwise-event) and its first step's markup:
 * it is hydrated, with the event put in the cache so it is never asked for. The shell of a slug without a published
 * page (book.html as built) is rendered here and asks for the event. A team's page has its own entry (team-main.tsx).
 */

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in book.html');

const { pathname, search } = window.location;
const slug = bookingSlugOf(pathname);
const event = slug ? inlinedData<PublicEvent>('meetwise-event') : null;
const renderedAt = event ? renderTimeOf(container) : null;
if (slug && event) queryClient.setQueryData(publicEventKey(slug), event);
// The month's dates (started by book.html's inline script), and the slots of its first free day, start now.
if (slug) prefetchBookingPage(slug);

const app = <BookingRoot client={queryClient} renderedAt={renderedAt} pathname={pathname} search={search} />;
if (event && renderedAt) {
  // A published page's custom CSS is drawn in its first render: its code comes first (only for such an event).
  void loadCustomCss(event.customCss)
    .catch(() => undefined)
    // As a transition, React hydrates in slices that yield to the browser: the page, painted from its HTML, stays
    // responsive meanwhile (no long task for the whole tree).
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}
