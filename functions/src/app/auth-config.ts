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
