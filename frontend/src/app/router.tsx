import { lazy, useEffect, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { Layout } from './layout.tsx';
import { RESERVED_EVENT_SLUGS } from './layout-rules.ts';
import { NotFoundPage } from './not-found.tsx';
import { prefetchBookingPage } from '#frontend/features/booking/api/early-fetch.ts';
// In the entry chunk, not lazy: the guest's page renders as soon as its data is there, without a second chunk
// round trip (the landing page embeds the same calendar and slot list, so it costs other pages little).
import { BookingPage } from '#frontend/features/booking/components/booking-page.tsx';

/** A page's code in its own chunk, loaded the first time the page shows (the layout's Suspense shows meanwhile). */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LandingPage = page(() => import('#frontend/features/landing/components/landing-page.tsx'), 'LandingPage');
const ContactPage = page(() => import('#frontend/features/contact/components/contact-page.tsx'), 'ContactPage');
const DebugPage = page(() => import('#frontend/features/debug/components/debug-page.tsx'), 'DebugPage');

/**
 * The public booking page's route: starts the event and month calls for a page reached by an in-app link (a first
 * load starts them from index.html and main.tsx, before React renders).
 * On /events/{slug} the host screens' slugs 'new' and 'dashboard' are not booking pages (host-area.md §2).
 */
function BookingRoute({ skipReserved = false }: { skipReserved?: boolean }): ReactNode {
  const { eventSlug = '' } = useParams();
  const reserved = skipReserved && RESERVED_EVENT_SLUGS.has(eventSlug.toLowerCase());
  useEffect(() => {
    if (!reserved) prefetchBookingPage(eventSlug);
  }, [eventSlug, reserved]);
  return reserved ? null : <BookingPage />;
}

/**
 * The route table of host-area.md §2, declarative (the data router's extra code would not fit the booking page's
 * 90 KB budget). Screens that exist so far: /, /contact-us, /debug and the public booking page (/book/{eventSlug},
 * /events/{eventSlug}); every other path shows the not-found screen.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<LandingPage />} />
        <Route path="contact-us" element={<ContactPage />} />
        <Route path="debug" element={<DebugPage />} />
        <Route path="book/:eventSlug" element={<BookingRoute />} />
        <Route path="events/:eventSlug" element={<BookingRoute skipReserved />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
