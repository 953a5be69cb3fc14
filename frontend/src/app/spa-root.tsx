import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ComponentType, type ReactNode } from 'react';

import { RouterLink } from '#frontend/app/router-link.tsx';
import { AppRoutes } from '#frontend/app/router.tsx';
import { AppLinkProvider } from '#frontend/components/app-link.tsx';
import { ServerRenderTimeProvider } from '#frontend/lib/server-render.ts';

/**
 * The single-page app's whole tree, the same in the browser (main.tsx, with the browser's router) and on the
 * server that prerenders the landing page at build time (prerender/landing-page.tsx, with a static router), so
 * the browser's hydrating render draws exactly the server's markup.
 */
export function SpaRoot({
  client,
  renderedAt,
  router: Router,
}: {
  client: QueryClient;
  /** The server's instant when the page's markup was prerendered, else null. */
  renderedAt: Date | null;
  router: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <StrictMode>
      <ServerRenderTimeProvider renderedAt={renderedAt}>
        <QueryClientProvider client={client}>
          <AppLinkProvider value={RouterLink}>
            <Router>
              <AppRoutes />
            </Router>
          </AppLinkProvider>
        </QueryClientProvider>
      </ServerRenderTimeProvider>
    </StrictMode>
  );
}
