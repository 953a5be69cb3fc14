// Only the OAuth2 client module of google-auth-library: its package index also loads every other credential type
// (service accounts, metadata server, external accounts), which this service never uses.
import { OAuth2Client } from 'google-auth-library/build/src/auth/oauth2client.js';

import type { GoogleConfig } from '#functions/config';

/**
 * Google's OAuth endpoints, or all of them under one root (the fake Google server of the tests), with the same
 * paths as Google's own.
 */
export function googleEndpoints(rootUrl: string | undefined) {
  const root = (host: string) => rootUrl ?? `https://${host}`;
  return {
    oauth2AuthBaseUrl: `${root('accounts.google.com')}/o/oauth2/v2/auth`,
    oauth2TokenUrl: `${root('oauth2.googleapis.com')}/token`,
    oauth2RevokeUrl: `${root('oauth2.googleapis.com')}/revoke`,
    oauth2FederatedSignonPemCertsUrl: `${root('www.googleapis.com')}/oauth2/v1/certs`,
    oauth2FederatedSignonJwkCertsUrl: `${root('www.googleapis.com')}/oauth2/v3/certs`,
    tokenInfoUrl: `${root('oauth2.googleapis.com')}/tokeninfo`,
  };
}

/**
 * googleapis' OAuth2 client for our Google project. It sends its requests with the runtime's own fetch: without
 * `fetchImplementation` its HTTP layer (gaxios) would load node-fetch, which the Lambda bundles leave out.
 */
export function googleOAuthClient(
  google: GoogleConfig,
  options: { forceRefreshOnFailure?: boolean } = {},
): OAuth2Client {
  if (!google.clientSecret) {
    throw new Error('GOOGLE_CLIENT_SECRET is not set for this function, but it talks to Google (see .env.example).');
  }
  return new OAuth2Client({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    endpoints: googleEndpoints(google.rootUrl),
    transporterOptions: { fetchImplementation: fetch },
    ...options,
  });
}
