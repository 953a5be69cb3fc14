import { createHash, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';

/**
 * A fake Google for tests (ARCHITECTURE.md §5): a local HTTP server with the paths of Google's own OAuth endpoints,
 * which the real googleapis OAuth2 client talks to when GOOGLE_ROOT_URL points here.
 *
 * - GET  /o/oauth2/v2/auth: the consent page ("Choose an account", one button per account, Cancel); it checks the
 *   request as Google does (client id, response type, redirect URI, scope, PKCE method S256).
 * - POST /o/oauth2/v2/auth/decide: the page's buttons; redirects to redirect_uri with `code` and `state`, or with
 *   `error=access_denied`.
 * - POST /token: authorization_code (client secret, redirect URI, single use, PKCE verifier against the challenge)
 *   and refresh_token grants; answers an RS256 ID token signed with this server's key.
 * - GET  /oauth2/v1/certs: the ID token's public key (PEM), as Google publishes its signing keys.
 * - POST /revoke: revokes a refresh or access token.
 * Every request is recorded for assertions.
 */

export interface FakeGoogleAccount {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
}

interface PendingCode {
  account: FakeGoogleAccount;
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string | null;
  offline: boolean;
  expiresAt: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  authorization: string | undefined;
}

export interface FakeGoogle {
  url: string;
  clientId: string;
  clientSecret: string;
  requests: RecordedRequest[];
  /** Accounts offered on the consent page (by default one, Ada). */
  accounts: FakeGoogleAccount[];
  /** Makes the next code exchanges fail with this OAuth error (e.g. invalid_grant), until set back to null. */
  failTokenExchange: string | null;
  /** Issues bad ID tokens until set back to null: signed by another key, or for another audience or issuer. */
  forgeIdTokens: { otherKey?: boolean; audience?: string; issuer?: string } | null;
  /** Refresh tokens issued and not revoked. */
  liveRefreshTokens(): string[];
  /**
   * What the consent page would do for this account: the redirect to our callback (code and state), as the
   * browser would follow it. For integration tests without a browser.
   */
  consent(authorizationUrl: string, account: FakeGoogleAccount | 'cancel'): Promise<string>;
  close(): Promise<void>;
}

export const FAKE_GOOGLE_ISSUER = 'https://accounts.google.com';

export async function startFakeGoogle(options: { clientId?: string; clientSecret?: string } = {}): Promise<FakeGoogle> {
  const clientId = options.clientId ?? 'meetwise-test.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'GOCSPX-fake-google-secret';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const keyId = randomBytes(8).toString('hex');
  const codes = new Map<string, PendingCode>();
  const refreshTokens = new Map<string, { account: FakeGoogleAccount; scope: string; revoked: boolean }>();
  const accessTokens = new Map<string, { account: FakeGoogleAccount; revoked: boolean }>();

  const fake: FakeGoogle = {
    url: '',
    clientId,
    clientSecret,
    requests: [],
    accounts: [{ sub: '100000000000000000001', email: 'ada.lovelace@gmail.test', name: 'Ada Lovelace' }],
    failTokenExchange: null,
    forgeIdTokens: null,
    liveRefreshTokens: () => [...refreshTokens].filter(([, token]) => !token.revoked).map(([value]) => value),
    async consent(authorizationUrl, account) {
      const page = await fetch(authorizationUrl);
      if (page.status !== 200) throw new Error(`The fake consent page answered ${page.status}: ${await page.text()}`);
      const url = new URL(authorizationUrl);
      const form = new URLSearchParams(url.search);
      if (account === 'cancel') form.set('decision', 'cancel');
      else {
        form.set('decision', 'allow');
        form.set('account', JSON.stringify(account));
      }
      const decided = await fetch(`${fake.url}/o/oauth2/v2/auth/decide`, { method: 'POST', body: form, redirect: 'manual' });
      const location = decided.headers.get('location');
      if (decided.status !== 302 || !location) throw new Error(`The fake consent answered ${decided.status}: ${await decided.text()}`);
      return location;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', fake.url);
    const body = await readBody(request);
    const form = Object.fromEntries(new URLSearchParams(body));
    const query = Object.fromEntries(url.searchParams);
    fake.requests.push({ method: request.method ?? 'GET', path: url.pathname, query, form, authorization: request.headers.authorization });
    const route = `${request.method} ${url.pathname}`;

    if (route === 'GET /o/oauth2/v2/auth') return consentPage(query, response);
    if (route === 'POST /o/oauth2/v2/auth/decide') return decide(form, response);
    if (route === 'POST /token') return token(form, request.headers.authorization, response);
    if (route === 'GET /oauth2/v1/certs') {
      const pem = (publicKey as KeyObject).export({ type: 'spki', format: 'pem' }).toString();
      return json(response, 200, { [keyId]: pem }, { 'cache-control': 'public, max-age=3600' });
    }
    if (route === 'POST /revoke') {
      const value = form.token ?? query.token ?? '';
      const refresh = refreshTokens.get(value);
      const access = accessTokens.get(value);
      if (!refresh && !access) return json(response, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      if (refresh) refresh.revoked = true;
      if (access) access.revoked = true;
      return json(response, 200, {});
    }
    return json(response, 404, { error: { code: 404, message: `The fake Google has no ${route}.` } });
  }

  /** Google's checks on an authorization request; a failure is its "Error 400" page. */
  function authorizationProblem(query: Record<string, string>): string | null {
    if (query.client_id !== clientId) return 'invalid_client: The OAuth client was not found.';
    if (query.response_type !== 'code') return 'unsupported_response_type';
    if (!query.redirect_uri || !/^https?:\/\//.test(query.redirect_uri)) return 'redirect_uri_mismatch';
    if (!query.scope) return 'invalid_request: Missing required parameter: scope';
    if (query.code_challenge && query.code_challenge_method !== 'S256') return 'invalid_request: code_challenge_method must be S256';
    return null;
  }

  function consentPage(query: Record<string, string>, response: ServerResponse) {
    const problem = authorizationProblem(query);
    if (problem) return html(response, 400, `<h1>Error 400: ${escape(problem)}</h1>`);
    const hidden = Object.entries(query)
      .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
      .join('');
    const buttons = fake.accounts
      .map(
        (account) =>
          `<form method="post" action="/o/oauth2/v2/auth/decide">${hidden}<input type="hidden" name="decision" value="allow">` +
          `<input type="hidden" name="account" value="${escape(JSON.stringify(account))}">` +
          `<button type="submit">${escape(account.name ?? account.email)} (${escape(account.email)})</button></form>`,
      )
      .join('');
    const cancel = `<form method="post" action="/o/oauth2/v2/auth/decide">${hidden}<input type="hidden" name="decision" value="cancel"><button type="submit">Cancel</button></form>`;
    return html(response, 200, `<title>Sign in - Google Accounts</title><h1>Choose an account</h1><p>to continue to Meetwise</p>${buttons}${cancel}`);
  }

  function decide(form: Record<string, string>, response: ServerResponse) {
    const problem = authorizationProblem(form);
    if (problem) return html(response, 400, `<h1>Error 400: ${escape(problem)}</h1>`);
    const back = new URL(form.redirect_uri!);
    if (form.state) back.searchParams.set('state', form.state);
    if (form.decision !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      return redirect(response, back.href);
    }
    const account = JSON.parse(form.account ?? 'null') as FakeGoogleAccount;
    const code = `4/fake-${randomBytes(24).toString('base64url')}`;
    codes.set(code, {
      account,
      clientId,
      redirectUri: form.redirect_uri!,
      scope: form.scope!,
      codeChallenge: form.code_challenge ?? null,
      offline: form.access_type === 'offline',
      expiresAt: Date.now() + 60_000,
    });
    back.searchParams.set('code', code);
    back.searchParams.set('scope', form.scope!);
    back.searchParams.set('authuser', '0');
    return redirect(response, back.href);
  }

  async function token(form: Record<string, string>, authorization: string | undefined, response: ServerResponse) {
    const [id, secret] = clientCredentials(form, authorization);
    if (id !== clientId || secret !== clientSecret) return json(response, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    if (fake.failTokenExchange) return json(response, 400, { error: fake.failTokenExchange, error_description: 'Bad Request' });

    if (form.grant_type === 'authorization_code') {
      const pending = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (!pending || pending.expiresAt < Date.now()) return json(response, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
      if (pending.redirectUri !== form.redirect_uri) return json(response, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
      if (pending.codeChallenge) {
        const verified = form.code_verifier && createHash('sha256').update(form.code_verifier).digest('base64url') === pending.codeChallenge;
        if (!verified) return json(response, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
      }
      const refreshToken = pending.offline ? `1//fake-${randomBytes(24).toString('base64url')}` : undefined;
      if (refreshToken) refreshTokens.set(refreshToken, { account: pending.account, scope: pending.scope, revoked: false });
      return json(response, 200, await tokenAnswer(pending.account, pending.scope, refreshToken));
    }
    if (form.grant_type === 'refresh_token') {
      const stored = refreshTokens.get(form.refresh_token ?? '');
      if (!stored || stored.revoked) return json(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      return json(response, 200, await tokenAnswer(stored.account, stored.scope, undefined));
    }
    return json(response, 400, { error: 'unsupported_grant_type' });
  }

  async function tokenAnswer(account: FakeGoogleAccount, scope: string, refreshToken: string | undefined) {
    const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, { account, revoked: false });
    const scopes = scope.split(' ');
    const forged = fake.forgeIdTokens ?? {};
    const idToken = scopes.includes('openid')
      ? await new SignJWT({
          azp: clientId,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          ...(account.name ? { name: account.name } : {}),
        })
          .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'JWT' })
          .setIssuer(forged.issuer ?? FAKE_GOOGLE_ISSUER)
          .setAudience(forged.audience ?? clientId)
          .setSubject(account.sub)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(forged.otherKey ? otherKey : privateKey)
      : undefined;
    return {
      access_token: accessToken,
      expires_in: 3599,
      token_type: 'Bearer',
      scope,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      ...(idToken ? { id_token: idToken } : {}),
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** client_secret_basic (what googleapis sends) or client_secret_post. */
function clientCredentials(form: Record<string, string>, authorization: string | undefined): [string | undefined, string | undefined] {
  if (authorization?.startsWith('Basic ')) {
    const [id, ...secret] = Buffer.from(authorization.slice(6), 'base64').toString().split(':');
    return [id, secret.join(':')];
  }
  return [form.client_id, form.client_secret];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}
function html(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><meta charset="utf-8">${body}`);
}
function redirect(response: ServerResponse, location: string) {
  response.writeHead(302, { location }).end();
}
