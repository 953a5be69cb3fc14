import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import { bookingSlugOf } from '#frontend/app/layout-rules.ts';
import { StandaloneRoot } from '#frontend/app/standalone-root.tsx';
import { BookingPage } from '#frontend/features/booking/components/booking-page.tsx';

/**
 * The standalone booking page (/book/{slug}, /events/{slug} served from book.html): the booking page in the site's
 * chrome, without the router. Its links are plain links (AppLink's default), its query is the address's, replaced
 * through the History API.
 */
function BookingApp({ pathname, initialSearch }: { pathname: string; initialSearch: string }) {
  const [search, setSearch] = useState(() => new URLSearchParams(initialSearch));
  const replaceSearch = useCallback((next: URLSearchParams) => {
    const query = next.toString();
    const { pathname: path, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${path}${query ? `?${query}` : ''}${hash}`);
    setSearch(next);
  }, []);
  return <BookingPage slug={bookingSlugOf(pathname) ?? ''} search={search} replaceSearch={replaceSearch} />;
}

/**
 * The standalone booking page's whole tree, the same in the browser (booking-main.tsx) and on the server that
 * publishes a page (prerender/booking-page.tsx), so the browser's hydrating render draws exactly the server's markup.
 */
export function BookingRoot({
  client,
  renderedAt,
  pathname,
  search,
}: {
  client: QueryClient;
  /** The server's instant when the page's markup was rendered, else null. */
  renderedAt: Date | null;
  pathname: string;
  /** The address's query ('' on the server, which never sees it). */
  search: string;
}) {
  return (
    <StandaloneRoot client={client} renderedAt={renderedAt} pathname={pathname}>
      <BookingApp pathname={pathname} initialSearch={search} />
    </StandaloneRoot>
  );
}
