import { createBrowserRouter } from 'react-router-dom';
import { Layout } from './layout.tsx';
import { NotFoundPage } from './not-found.tsx';
import { PageLoading } from './page-loading.tsx';
import { RouteError } from './route-error.tsx';

/**
 * The route table of host-area.md §2. Screens that exist so far: /contact-us and /debug; every other path,
 * including the ones later work will add here (/, /login, /events, /book/{eventSlug} …), shows the not-found
 * screen. Each page is loaded lazily into its own chunk.
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
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);
