import { useCallback, useEffect, useRef, useState } from 'react';

export type GoogleAuthType = 'login' | 'register';

/** The fallback dialog shows 3000 ms after the browser is sent to Google. */
export const GOOGLE_FALLBACK_DELAY_MS = 3000;

/** The server route that starts Google sign-in (a full browser navigation, not a router link). */
export const googleAuthUrl = (type: GoogleAuthType): string => `/api/auth/google?type=${type}`;

/**
 * Starts Google sign-in: the browser goes to the server's Google route, and if the page is still here
 * GOOGLE_FALLBACK_DELAY_MS later the fallback dialog opens (GoogleFallbackDialog).
 */
export function useGoogleSignIn(type: GoogleAuthType) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const start = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setDialogOpen(true), GOOGLE_FALLBACK_DELAY_MS);
    window.location.assign(googleAuthUrl(type));
  }, [type]);

  return { start, dialogOpen, setDialogOpen };
}
