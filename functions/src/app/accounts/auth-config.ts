import { GOOGLE_CALLBACK_PATH } from '#functions/app/accounts/google-sign-in';
import type { Config } from '#functions/config';

/**
 * GET /api/auth/debug-url (/oauth-config, the Google fallback dialog; docs/security.md: public configuration only,
 * never a secret). `googleAuthUrl` is the full address that starts Google sign-in on this site (each start makes its
 * own state and PKCE pair, so a Google URL cannot be handed out ahead); the callback URL is the redirect URI to
 * register with Google. Every address comes from SITE_URL, never from the request.
 */
export function authDebugInfo(config: Pick<Config, 'dynamoEndpoint' | 'google' | 'siteUrl'>) {
  const origin = config.siteUrl;
  return {
    oauth: {
      googleConfigured: config.google !== null,
      googleAuthUrl: config.google ? `${origin}/api/auth/google?type=login` : null,
      callbackUrl: `${origin}${GOOGLE_CALLBACK_PATH}`,
      origin,
      environment: config.dynamoEndpoint ? 'local' : 'aws',
    },
  };
}
