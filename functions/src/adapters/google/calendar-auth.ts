import { CodeChallengeMethod } from 'google-auth-library/build/src/auth/oauth2client.js';

import { googleOAuthClient } from '#functions/adapters/google/oauth-client';
import type { GoogleConfig } from '#functions/config';
import type { GoogleCalendarAuth } from '#functions/ports/calendar';

/**
 * What connecting a calendar asks of the host's Google account: their free/busy times and the events we put in,
 * nothing else of their calendar; `openid email` only to show which account is connected.
 */
export const CALENDAR_SCOPES = {
  freeBusy: 'https://www.googleapis.com/auth/calendar.freebusy',
  events: 'https://www.googleapis.com/auth/calendar.events',
} as const;
const CONNECT_SCOPES = ['openid', 'email', CALENDAR_SCOPES.freeBusy, CALENDAR_SCOPES.events];

const statusOf = (error: unknown) => (error as { response?: { status?: number } })?.response?.status;

/**
 * Google Calendar consent through googleapis' OAuth2 client: authorization code with PKCE (S256), offline access
 * (a refresh token), and `prompt=consent` so Google issues a refresh token on every connection.
 */
export function googleCalendarAuth(google: GoogleConfig): GoogleCalendarAuth {
  const client = googleOAuthClient(google);
  const api = `${google.rootUrl ?? 'https://www.googleapis.com'}/calendar/v3`;
  return {
    async newPkce() {
      const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
      if (!codeChallenge) throw new Error('The OAuth client made no PKCE challenge.');
      return { verifier: codeVerifier, challenge: codeChallenge };
    },

    authorizationUrl({ redirectUri, state, codeChallenge, loginHint }) {
      return client.generateAuthUrl({
        access_type: 'offline',
        prompt: 'consent',
        scope: CONNECT_SCOPES,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: CodeChallengeMethod.S256,
        ...(loginHint ? { login_hint: loginHint } : {}),
      });
    },

    async exchange({ code, codeVerifier, redirectUri }) {
      const { tokens } = await client.getToken({ code, codeVerifier, redirect_uri: redirectUri });
      if (!tokens.id_token) throw new Error('Google answered the code exchange without an ID token.');
      const ticket = await client.verifyIdToken({ idToken: tokens.id_token, audience: google.clientId });
      const email = ticket.getPayload()?.email;
      if (!email) throw new Error("Google's ID token names no e-mail address.");
      return {
        refreshToken: tokens.refresh_token ?? null,
        email,
        scopes: (tokens.scope ?? '').split(' ').filter(Boolean),
      };
    },

    async calendarAccessible(refreshToken, calendarId) {
      const user = googleOAuthClient(google);
      user.setCredentials({ refresh_token: refreshToken });
      try {
        await user.request({
          url: `${api}/calendars/${encodeURIComponent(calendarId)}/events`,
          params: { maxResults: 1 },
          timeout: 8_000,
        });
        return true;
      } catch (error) {
        if (statusOf(error) === 404 || statusOf(error) === 403) return false;
        throw error;
      }
    },

    async revoke(refreshToken) {
      try {
        await client.revokeToken(refreshToken);
      } catch (error) {
        // Google answers 400 for a token that is no longer valid: revoked already.
        if (statusOf(error) !== 400) throw error;
      }
    },
  };
}
