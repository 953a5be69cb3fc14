import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useCallback, useState, type ComponentType } from 'react';

import { Header } from '#frontend/app/header.tsx';
import { bookingSlugOf, teamSlugOf } from '#frontend/app/layout-rules.ts';
import { RouteErrorBoundary } from '#frontend/app/route-error.tsx';
import { SiteFrame } from '#frontend/app/site-frame.tsx';
import { BookingPage } from '#frontend/features/booking/components/booking-page.tsx';
import { ServerRenderTime } from '#frontend/lib/server-render.ts';

/**
 * A team's public page (/team/{slug}, issue 28): its code is not in the booking page's first load; the entry loads it
 * before rendering a team's page (booking-main.tsx `loadTeamPage`), the publisher's renderer provides it.
 */
let TeamPage: ComponentType<{ slug: string }> | null = null;

export const provideTeamPage = (component: ComponentType<{ slug: string }>): void => {
  TeamPage = component;
};

export async function loadTeamPage(): Promise<void> {
  TeamPage ??= (await import('#frontend/features/team-page/components/public-team-page.tsx')).PublicTeamPage;
}

/**
 * The standalone booking page (/book/{slug}, /events/{slug} served from book.html): the booking page in the site's
 * chrome, without the router; on /team/{slug} a team's public page (issue 28) instead. Its links are plain links (AppLink's default), its query is the address's, replaced
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
  const teamSlug = teamSlugOf(pathname);
  return (
    // The booking pages' header: no session is asked for (no current-user call, no auth code), Login offered.
    <SiteFrame pathname={pathname} header={<Header pathname={pathname} signedIn={false} />}>
      <RouteErrorBoundary>
        {teamSlug !== null ? (
          TeamPage && <TeamPage slug={teamSlug} />
        ) : (
          <BookingPage slug={bookingSlugOf(pathname) ?? ''} search={search} replaceSearch={replaceSearch} />
        )}
      </RouteErrorBoundary>
    </SiteFrame>
  );
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
    <StrictMode>
      <ServerRenderTime.Provider value={renderedAt}>
        <QueryClientProvider client={client}>
          <BookingApp pathname={pathname} initialSearch={search} />
        </QueryClientProvider>
      </ServerRenderTime.Provider>
    </StrictMode>
  );
}
