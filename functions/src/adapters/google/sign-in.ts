import { CodeChallengeMethod } from 'google-auth-library/build/src/auth/oauth2client.js';

import { googleOAuthClient } from '#functions/adapters/google/oauth-client';
import type { GoogleConfig } from '#functions/config';
import type { GoogleSignIn } from '#functions/ports/accounts';

/** Sign-in needs who the person is and their e-mail, nothing of their Google data. */
const SIGN_IN_SCOPES = ['openid', 'email', 'profile'];

/**
 * Google sign-in through googleapis' OAuth2 client: authorization code with PKCE (S256); the ID token from the code
 * exchange is verified (signature by Google's published keys, issuer, audience = our client id, expiry).
 */
export function googleSignIn(google: GoogleConfig): GoogleSignIn {
  const client = googleOAuthClient(google);
  return {
    async newPkce() {
      const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
      if (!codeChallenge) throw new Error('The OAuth client made no PKCE challenge.');
      return { verifier: codeVerifier, challenge: codeChallenge };
    },

    authorizationUrl({ redirectUri, state, codeChallenge }) {
      return client.generateAuthUrl({
        access_type: 'online',
        scope: SIGN_IN_SCOPES,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: CodeChallengeMethod.S256,
        prompt: 'select_account',
      });
    },

    async identify({ code, codeVerifier, redirectUri }) {
      const { tokens } = await client.getToken({ code, codeVerifier, redirect_uri: redirectUri });
      if (!tokens.id_token) throw new Error('Google answered the code exchange without an ID token.');
      const ticket = await client.verifyIdToken({ idToken: tokens.id_token, audience: google.clientId });
      const payload = ticket.getPayload();
      if (!payload?.sub || !payload.email) throw new Error("Google's ID token names no account or e-mail address.");
      return {
        subject: payload.sub,
        email: payload.email,
        emailVerified: payload.email_verified === true,
        name: payload.name?.trim() || null,
      };
    },
  };
}
