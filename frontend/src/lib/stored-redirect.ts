import { REDIRECT_AFTER_LOGIN_KEY, safeRedirectPath } from '#frontend/lib/redirect.ts';

/**
 * The path a guarded page remembers for after sign-in, in sessionStorage (the login guard's).
 * Storage can be unavailable (privacy modes, full quota): then nothing is remembered and sign-in goes to /events.
 */

export function rememberRedirect(path: string): void {
  try {
    sessionStorage.setItem(REDIRECT_AFTER_LOGIN_KEY, path);
  } catch {
    // Not remembered: sign-in lands on the default page.
  }
}

/** Where to go after sign-in: the remembered path when it is safe, else `fallback`; the remembered path is removed. */
export function takeRedirect(fallback = '/events'): string {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(REDIRECT_AFTER_LOGIN_KEY);
  } catch {
    return fallback;
  }
  const target = safeRedirectPath(stored, fallback);
  try {
    sessionStorage.removeItem(REDIRECT_AFTER_LOGIN_KEY);
  } catch {
    // Nothing to clean up.
  }
  return target;
}
