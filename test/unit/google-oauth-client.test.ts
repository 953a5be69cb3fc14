import { describe, expect, it } from 'vitest';

import { googleEndpoints, googleOAuthClient } from '#functions/adapters/google/oauth-client';
import { googleSignIn } from '#functions/adapters/google/sign-in';

const google = { clientId: '1234-test.apps.googleusercontent.com', clientSecret: 'GOCSPX-test', rootUrl: undefined };

describe('the Google OAuth client', () => {
  it("uses Google's own endpoints, or all of them under the fake's root", () => {
    expect(googleEndpoints(undefined)).toMatchObject({
      oauth2AuthBaseUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      oauth2TokenUrl: 'https://oauth2.googleapis.com/token',
      oauth2RevokeUrl: 'https://oauth2.googleapis.com/revoke',
      oauth2FederatedSignonPemCertsUrl: 'https://www.googleapis.com/oauth2/v1/certs',
    });
    expect(googleEndpoints('http://127.0.0.1:9999').oauth2TokenUrl).toBe('http://127.0.0.1:9999/token');
  });

  it("sends with the runtime's fetch (the Lambda bundles leave node-fetch out)", () => {
    const client = googleOAuthClient(google);
    expect(client.transporter.defaults.fetchImplementation).toBe(fetch);
  });

  it('refuses to run without the client secret, naming the variable', () => {
    expect(() => googleOAuthClient({ ...google, clientSecret: undefined })).toThrow('GOOGLE_CLIENT_SECRET is not set');
  });

  it('asks Google for identity only, with the PKCE challenge (S256) and the state', async () => {
    const signIn = googleSignIn(google);
    const pkce = await signIn.newPkce();
    expect(pkce.verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    const url = new URL(
      signIn.authorizationUrl({
        redirectUri: 'https://meetwise.example/api/auth/google/callback',
        state: 's'.repeat(43),
        codeChallenge: pkce.challenge,
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      access_type: 'online',
      scope: 'openid email profile',
      redirect_uri: 'https://meetwise.example/api/auth/google/callback',
      state: 's'.repeat(43),
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      prompt: 'select_account',
      response_type: 'code',
      client_id: google.clientId,
    });
  });
});
