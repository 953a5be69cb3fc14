import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';

import { Header } from '#frontend/app/header.tsx';
import { RouteErrorBoundary } from '#frontend/app/route-error.tsx';
import { SiteFrame } from '#frontend/app/site-frame.tsx';
import { ServerRenderTimeProvider } from '#frontend/lib/server-render.ts';

/**
 * The tree of a public page served without the router: the booking page (booking-app.tsx, book.html) and a team's page
 * (team-app.tsx, team.html). The same in the browser and on the server that publishes the page, so the browser's
 * hydrating render draws exactly the server's markup. No session is asked for (no current-user call, no auth code):
 * the header offers Login. Each page has an entry of its own, so neither carries the other's code.
 */
export function StandaloneRoot({
  client,
  renderedAt,
  pathname,
  children,
}: {
  client: QueryClient;
  /** The server's instant when the page's markup was rendered, else null. */
  renderedAt: Date | null;
  pathname: string;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <ServerRenderTimeProvider renderedAt={renderedAt}>
        <QueryClientProvider client={client}>
          <SiteFrame pathname={pathname} header={<Header pathname={pathname} signedIn={false} />}>
            <RouteErrorBoundary>{children}</RouteErrorBoundary>
          </SiteFrame>
        </QueryClientProvider>
      </ServerRenderTimeProvider>
    </StrictMode>
  );
}
