import type { Config } from '#functions/config';

/**
 * GET /api/auth/debug-url (/oauth-config; ARCHITECTURE.md §4: public configuration only, never a secret).
 * Google sign-in is not configured in this build; the callback address is where Google will send users back.
 */
export function authDebugInfo(config: Pick<Config, 'dynamoEndpoint'>, origin: string) {
  return {
    oauth: {
      googleConfigured: false,
      googleAuthUrl: null,
      callbackUrl: `${origin}/api/auth/google/callback`,
      origin,
      environment: config.dynamoEndpoint ? 'local' : 'aws',
    },
  };
}

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server. Please use your e-mail and password.';

/**
 * GET /api/auth/google?type=login|register: where the browser goes. This build has no Google client configured
 * (the debug-url answer says so), so the answer is /login with the reason in `error`, which the login page shows
 * in its "Google Authentication Error" card, instead of a dead link.
 */
export function googleSignInTarget(): { location: string } {
  return { location: `/login?error=${encodeURIComponent(GOOGLE_NOT_CONFIGURED)}` };
}
