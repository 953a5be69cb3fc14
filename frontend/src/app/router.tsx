import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router-dom';
import { Layout } from './layout.tsx';
import { NotFoundPage } from './not-found.tsx';
import { PageLoading } from './page-loading.tsx';
import { RouteError } from './route-error.tsx';
import { prefetchBookingPage, RESERVED_EVENT_SLUGS } from '#frontend/features/booking/api/early-fetch.ts';

/** Starts the booking page's first calls without waiting for them (the page reads them from the query cache). */
function bookingLoader({ params }: LoaderFunctionArgs): null {
  const slug = params.eventSlug;
  if (slug && !RESERVED_EVENT_SLUGS.has(slug.toLowerCase())) prefetchBookingPage(slug);
  return null;
}

/**
 * The route table of host-area.md §2. Screens that exist so far: /contact-us, /debug and the public booking page
 * (/book/{eventSlug}, /events/{eventSlug}); every other path, including the ones later work will add here
 * (/, /login, /events …), shows the not-found screen. Each page is loaded lazily into its own chunk.
 */
export const router = createBrowserRouter([
  {
    id: 'root',
    Component: Layout,
    children: [
      {
        // Pathless: errors and the first page load render inside the layout, keeping header and footer.
        ErrorBoundary: RouteError,
        HydrateFallback: PageLoading,
        children: [
          {
            path: 'contact-us',
            lazy: async () => ({
              Component: (await import('#frontend/features/contact/components/contact-page.tsx')).ContactPage,
            }),
          },
          {
            path: 'debug',
            lazy: async () => ({
              Component: (await import('#frontend/features/debug/components/debug-page.tsx')).DebugPage,
            }),
          },
          {
            path: 'book/:eventSlug',
            // Static loader: runs alongside the lazy chunk, so the event and the month's dates load in parallel with it.
            loader: bookingLoader,
            lazy: async () => ({
              Component: (await import('#frontend/features/booking/components/booking-page.tsx')).BookingPage,
            }),
          },
          {
            // Also the public booking page, except the host screens' slugs 'new' and 'dashboard' (render nothing).
            path: 'events/:eventSlug',
            loader: bookingLoader,
            lazy: async () => ({
              Component: (await import('#frontend/features/booking/components/booking-page.tsx')).EventsSlugPage,
            }),
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);
