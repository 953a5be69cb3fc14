import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';

import { Header } from '#frontend/app/header.tsx';
import { isPublicBookingPath } from '#frontend/app/layout-rules.ts';
import { loadAuthScreens } from '#frontend/features/auth/load.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/** The signed-in part (user menu, logout) lives in the auth chunk: only a signed-in visitor loads it. */
const HostHeaderActions = lazy(async () => ({ default: (await loadAuthScreens()).HostHeaderActions }));

/**
 * useCurrentUser of lib/use-current-user.ts, spelled out: the same query key and call (sign-in, sign-out and the
 * login guard write that key, so the header follows them). Importing that module into the entry chunk makes the
 * bundler move the API client and React Query into a chunk of their own: one more script for every first page.
 */
const useSessionUser = (enabled: boolean) =>
  useQuery({
    queryKey: ['currentUser'],
    queryFn: async () => (await apiRequest('getMe', { on401: 'returnNull' }))?.user ?? null,
    enabled,
    retry: false,
  });

/**
 * The single-page app's header: the site header with the session, asked on every page
 * but the public booking pages, which make no current-user call and load no auth code.
 */
export function SessionHeader({ pathname }: { pathname: string }) {
  const booking = isPublicBookingPath(pathname);
  const currentUser = useSessionUser(!booking);
  // undefined: still asking; null: signed out (also when the question failed: Login stays reachable).
  const user = booking ? null : currentUser.isPending ? undefined : (currentUser.data ?? null);
  return (
    <Header
      pathname={pathname}
      signedIn={user === undefined ? undefined : user !== null}
      userActions={({ stacked, onDone }) =>
        user && (
          <Suspense fallback={null}>
            <HostHeaderActions user={user} stacked={stacked} onDone={onDone} />
          </Suspense>
        )
      }
    />
  );
}
