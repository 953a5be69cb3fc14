import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';

import { AuthCheckFailed } from '#frontend/components/auth-check-failed.tsx';
import { PageLoading } from '#frontend/components/page-loading.tsx';
import { VerifyEmailBanner } from '#frontend/features/auth/components/verify-email-banner.tsx';
import { rememberRedirect } from '#frontend/lib/stored-redirect.ts';
import { currentUserKey, useCurrentUser } from '#frontend/lib/use-current-user.ts';

/**
 * The login guard of the signed-in pages: on entering a guarded page the current user is asked for again (a spinner
 * meanwhile). Without one, cached data is cleared, the page (path and query) is remembered for after sign-in and
 * the visitor goes to /login. Wraps `children`, or is a layout route and renders the matched child.
 */
export function RequireLogin({ children }: { children?: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser({ refetchOnMount: 'always' });
  const { refetch } = currentUser;

  // As a layout route the guard stays mounted from one guarded page to the next: ask again on each entry.
  const checkedPath = useRef(pathname);
  useEffect(() => {
    if (checkedPath.current === pathname) return;
    checkedPath.current = pathname;
    void refetch();
  }, [pathname, refetch]);

  const checked = currentUser.isFetchedAfterMount && !currentUser.isFetching;
  const signedOut = checked && currentUser.isSuccess && currentUser.data === null;

  useEffect(() => {
    if (!signedOut) return;
    rememberRedirect(pathname + search);
    navigate('/login', { replace: true });
    // Nothing of a previous session stays cached; the login page then knows at once there is no user.
    queryClient.clear();
    queryClient.setQueryData(currentUserKey, null);
  }, [signedOut, pathname, search, navigate, queryClient]);

  if (currentUser.isError && !currentUser.isFetching) return <AuthCheckFailed />;
  if (!checked || !currentUser.data) return <PageLoading />;
  return (
    <>
      <VerifyEmailBanner user={currentUser.data} />
      {children ?? <Outlet />}
    </>
  );
}
