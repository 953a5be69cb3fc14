import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { keys } from '#functions/adapters/dynamodb/keys';
import { SESSION_COOKIE } from '#functions/adapters/sessions/signed-cookie';
import { GOOGLE_SIGN_IN_ERRORS, OAUTH_STATE_COOKIE } from '#functions/app/accounts/google-sign-in';
import { composeDeps } from '#functions/composition';
import { startFakeGoogle, type FakeGoogleAccount } from '#test/fakes/google';
import { jsonHeaders } from '#test/support/api-event';
import { integrationConfig, startAppServer, TEST_ADMIN_EMAIL } from '#test/support/local-stack';

/**
 * Google sign-in (issue 5) end to end without a browser: the local app server with Google configured, the real
 * googleapis OAuth2 client talking to the fake Google server (test/fakes/google.ts), DynamoDB Local.
 */

const google = await startFakeGoogle();
const config = integrationConfig({
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_ROOT_URL: google.url,
});
const db = createDocumentClient(createDynamoClient(config));
const deps = composeDeps(config);
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => {
  await app.close();
  await google.close();
});

const unique = () => randomBytes(4).toString('hex');
const googleAccount = (overrides: Partial<FakeGoogleAccount> = {}): FakeGoogleAccount => ({
  sub: `1${Date.now()}${randomBytes(3).readUIntBE(0, 3)}`,
  email: `ada.${unique()}@gmail.test`,
  name: 'Ada Lovelace',
  ...overrides,
});

const cookiePair = (setCookie: string) => setCookie.split(';')[0]!;
const cookieNamed = (headers: Headers, name: string) =>
  headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));

/** GET /api/auth/google: the redirect to the fake consent page and the state cookie. */
async function start(type = 'login') {
  const answer = await fetch(`${app.baseUrl}/api/auth/google?type=${type}`, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const stateCookie = cookieNamed(answer.headers, OAUTH_STATE_COOKIE);
  expect(stateCookie).toBeDefined();
  return {
    authorizationUrl: answer.headers.get('location')!,
    stateCookie: stateCookie!,
    cookie: cookiePair(stateCookie!),
  };
}

/** Our callback as the browser reaches it (with or without the state cookie). */
async function callback(url: string, cookie?: string) {
  const answer = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location')!, app.baseUrl);
  return { answer, location, error: location.searchParams.get('error') };
}

/** A whole sign-in: start, consent as `account`, come back. */
async function signInWithGoogle(account: FakeGoogleAccount | 'cancel', type = 'login') {
  const started = await start(type);
  const back = await google.consent(started.authorizationUrl, account);
  return { started, back, ...(await callback(back, started.cookie)) };
}

async function me(sessionCookie: string) {
  const answer = await fetch(`${app.baseUrl}/api/me`, { headers: { cookie: sessionCookie } });
  return ((await answer.json()) as { user: Record<string, unknown> | null }).user;
}

const sessionOf = (headers: Headers) => cookiePair(cookieNamed(headers, SESSION_COOKIE)!);

describe('GET /api/auth/google', () => {
  it('sends the browser to Google with state, PKCE (S256) and our callback, and binds the state to the browser', async () => {
    const { authorizationUrl, stateCookie } = await start('register');
    const url = new URL(authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: google.clientId,
      response_type: 'code',
      redirect_uri: `${app.baseUrl}/api/auth/google/callback`,
      scope: 'openid email profile',
      access_type: 'online',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stateCookie).toBe(
      `${OAUTH_STATE_COOKIE}=${params.state}; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=600`,
    );

    // Stored by the hash of the state (never the state itself), with the verifier whose S256 is the challenge.
    const stateHash = createHash('sha256').update(params.state!).digest('base64url');
    const { Item } = await db.send(
      new GetCommand({ TableName: config.tableName, Key: keys.oauthState(stateHash), ConsistentRead: true }),
    );
    const stored = Item?.value as { purpose: string; codeVerifier: string; redirectUri: string };
    expect(stored.purpose).toBe('sign-in');
    expect(stored.redirectUri).toBe(params.redirect_uri);
    expect(createHash('sha256').update(stored.codeVerifier).digest('base64url')).toBe(params.code_challenge);
    expect(Number(Item?.expiresAt)).toBeGreaterThan(Date.now() / 1000 + 9 * 60);
  });
});

describe('GET /api/auth/google/callback', () => {
  it('creates an account for a new Google user, signs in, and marks the fresh sign-in for /auth-success', async () => {
    const account = googleAccount({ email: `Ada.Lovelace.${unique()}@Gmail.test` });
    const { answer, location } = await signInWithGoogle(account, 'register');
    expect(location.pathname).toBe('/auth-success/success');
    const cookies = answer.headers.getSetCookie();
    expect(cookies).toContain(`${OAUTH_STATE_COOKIE}=; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=0`);
    // Readable by the page (not HttpOnly), short-lived.
    expect(cookieNamed(answer.headers, 'auth_success')).toBe('auth_success=1; Path=/; SameSite=Lax; Max-Age=120');
    expect(cookieNamed(answer.headers, SESSION_COOKIE)).toMatch(/HttpOnly; SameSite=Lax; Max-Age=604800$/);

    const user = await me(sessionOf(answer.headers));
    expect(user).toEqual({
      email: account.email,
      name: 'Ada Lovelace',
      username: account.email.split('@')[0]!.toLowerCase(),
      photoUrl: null,
      createdAt: expect.any(String),
      isAdmin: false,
      // Google's verified claim proved the address.
      emailVerified: true,
      pendingEmail: null,
    });
    // The Google account is claimed for this account; there is no password to sign in with.
    const claim = await db.send(
      new GetCommand({ TableName: config.tableName, Key: keys.googleClaim(account.sub), ConsistentRead: true }),
    );
    expect(claim.Item?.userId).toEqual(expect.any(String));
    const login = await fetch(`${app.baseUrl}/api/login`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ username: account.email, password: 'anything' }),
    });
    expect(login.status).toBe(401);
  });

  it('signs the same Google account in to the same account next time', async () => {
    const account = googleAccount();
    const first = await signInWithGoogle(account);
    const second = await signInWithGoogle({ ...account, name: 'A. Lovelace' });
    const [a, b] = [await me(sessionOf(first.answer.headers)), await me(sessionOf(second.answer.headers))];
    expect(b).toEqual(a);
  });

  it('links an existing account by its e-mail (any case): a proven one keeps its password, an unproven one is claimed', async () => {
    const register = async (email: string) => {
      const registered = await fetch(`${app.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ name: 'Grace Hopper', email, password: 'cobol-1959' }),
      });
      expect(registered.status).toBe(201);
      return ((await registered.json()) as { user: Record<string, unknown> }).user;
    };
    const login = (email: string) =>
      fetch(`${app.baseUrl}/api/login`, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ username: email, password: 'cobol-1959' }),
      });

    // Proven (its verification link used): linked; the password keeps working.
    const provenEmail = `grace.${unique()}@example.test`;
    const proven = await register(provenEmail);
    const account = (await deps.accounts.findByEmail(provenEmail))!;
    expect(
      await deps.accounts.updateProfile(account, { name: account.name, email: account.email, emailVerified: true }),
    ).toBe('updated');
    const linked = await signInWithGoogle(
      googleAccount({ email: provenEmail.toUpperCase(), name: 'Rear Admiral Hopper' }),
    );
    expect(linked.location.pathname).toBe('/auth-success/success');
    expect(await me(sessionOf(linked.answer.headers))).toEqual({ ...proven, emailVerified: true });
    expect((await login(provenEmail)).status).toBe(200);

    // Never proven (someone registered the address before its owner came): the owner gets the account; the
    // password set by whoever registered no longer works, and their sessions have ended (issue 13, item 6).
    const takenEmail = `grace.${unique()}@example.test`;
    await register(takenEmail);
    const squatter = sessionOf((await login(takenEmail)).headers);
    expect(await me(squatter)).toMatchObject({ email: takenEmail, emailVerified: false });
    const owner = await signInWithGoogle(googleAccount({ email: takenEmail }));
    expect(await me(sessionOf(owner.answer.headers))).toMatchObject({ email: takenEmail, emailVerified: true });
    expect(await me(squatter)).toBeNull();
    expect((await login(takenEmail)).status).toBe(401);
  });

  it('refuses a Google account whose e-mail is not verified, and creates nothing', async () => {
    const account = googleAccount({ emailVerified: false });
    const { error, answer } = await signInWithGoogle(account);
    expect(error).toBe(GOOGLE_SIGN_IN_ERRORS.unverified);
    expect(cookieNamed(answer.headers, SESSION_COOKIE)).toBeUndefined();
    const claim = await db.send(
      new GetCommand({
        TableName: config.tableName,
        Key: keys.emailClaim(account.email.toLowerCase()),
        ConsistentRead: true,
      }),
    );
    expect(claim.Item).toBeUndefined();
  });

  it('refuses a second Google account for an e-mail whose account is linked to another one', async () => {
    const email = `shared.${unique()}@gmail.test`;
    expect((await signInWithGoogle(googleAccount({ email }))).location.pathname).toBe('/auth-success/success');
    const { error } = await signInWithGoogle(googleAccount({ email }));
    expect(error).toBe(GOOGLE_SIGN_IN_ERRORS.otherGoogleAccount);
  });

  it('only completes in the browser that started it, once', async () => {
    const started = await start();
    const back = await google.consent(started.authorizationUrl, googleAccount());
    // Another browser (no state cookie), or a cookie of another sign-in: refused without using up the state.
    expect((await callback(back)).error).toBe(GOOGLE_SIGN_IN_ERRORS.expired);
    expect((await callback(back, `${OAUTH_STATE_COOKIE}=${randomBytes(32).toString('base64url')}`)).error).toBe(
      GOOGLE_SIGN_IN_ERRORS.expired,
    );
    // The browser that started it.
    const done = await callback(back, started.cookie);
    expect(done.location.pathname).toBe('/auth-success/success');
    // The same answer again (a replay): the state is used up.
    const replay = await callback(back, started.cookie);
    expect(replay.error).toBe(GOOGLE_SIGN_IN_ERRORS.expired);
    expect(cookieNamed(replay.answer.headers, SESSION_COOKIE)).toBeUndefined();
  });

  it('goes back to /login with a clear reason when the visitor cancels at Google or Google reports an error', async () => {
    expect((await signInWithGoogle('cancel')).error).toBe(GOOGLE_SIGN_IN_ERRORS.cancelled);

    const started = await start();
    const state = new URL(started.authorizationUrl).searchParams.get('state')!;
    const odd = await callback(
      `${app.baseUrl}/api/auth/google/callback?state=${state}&error=${encodeURIComponent('<b>evil</b>')}`,
      started.cookie,
    );
    expect(odd.error).toBe('Google sign-in failed: unknown_error.');
  });

  it('refuses when Google refuses the code, and when the ID token is forged', async () => {
    google.failTokenExchange = 'invalid_grant';
    try {
      expect((await signInWithGoogle(googleAccount())).error).toBe(GOOGLE_SIGN_IN_ERRORS.notConfirmed);
    } finally {
      google.failTokenExchange = null;
    }
    for (const forged of [
      { otherKey: true },
      { audience: 'someone-else.apps.googleusercontent.com' },
      { issuer: 'https://evil.test' },
    ]) {
      google.forgeIdTokens = forged;
      try {
        const { error, answer } = await signInWithGoogle(googleAccount());
        expect(error, JSON.stringify(forged)).toBe(GOOGLE_SIGN_IN_ERRORS.notConfirmed);
        expect(cookieNamed(answer.headers, SESSION_COOKIE)).toBeUndefined();
      } finally {
        google.forgeIdTokens = null;
      }
    }
  });

  it('sends the PKCE verifier with the code (Google checks it against the challenge)', async () => {
    await signInWithGoogle(googleAccount());
    const exchange = google.requests.filter((request) => request.path === '/token').at(-1)!;
    expect(exchange.form).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: `${app.baseUrl}/api/auth/google/callback`,
    });
    expect(exchange.form.code_verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
  });

  it('makes a configured administrator address an administrator once Google has proven it', async () => {
    const { answer } = await signInWithGoogle(googleAccount({ email: TEST_ADMIN_EMAIL.toUpperCase() }));
    expect(await me(sessionOf(answer.headers))).toMatchObject({ isAdmin: true });
  });

  it('frees the Google account when the account is deleted: the next sign-in creates a new account', async () => {
    const account = googleAccount();
    const first = await signInWithGoogle(account);
    const session = sessionOf(first.answer.headers);
    const before = await me(session);
    const deleted = await fetch(`${app.baseUrl}/api/auth/account`, {
      method: 'DELETE',
      headers: { ...jsonHeaders, cookie: session },
      body: '{}',
    });
    expect(deleted.status).toBe(200);
    const claim = await db.send(
      new GetCommand({ TableName: config.tableName, Key: keys.googleClaim(account.sub), ConsistentRead: true }),
    );
    expect(claim.Item).toBeUndefined();

    const again = await signInWithGoogle(account);
    const after = await me(sessionOf(again.answer.headers));
    expect(after).toMatchObject({ email: account.email });
    expect(after?.createdAt).not.toBe(before?.createdAt);
  });
});

describe('GET /api/auth/debug-url with Google configured', () => {
  it('says so and gives the full address that starts Google sign-in; still no secret', async () => {
    const answer = await fetch(`${app.baseUrl}/api/auth/debug-url`);
    const body = await answer.json();
    expect(body).toEqual({
      oauth: {
        googleConfigured: true,
        googleAuthUrl: `${app.baseUrl}/api/auth/google?type=login`,
        callbackUrl: `${app.baseUrl}/api/auth/google/callback`,
        origin: app.baseUrl,
        environment: 'local',
      },
    });
    expect(JSON.stringify(body)).not.toContain(google.clientSecret);
  });
});
