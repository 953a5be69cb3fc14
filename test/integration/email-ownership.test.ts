import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SESSION_COOKIE } from '#functions/adapters/sessions/signed-cookie';
import { EMAIL_PROOF_NEEDS_SESSION } from '#functions/app/accounts/email-verification';
import { startFakeGoogle } from '#test/fakes/google';
import { jsonHeaders } from '#test/support/api-event';
import { integrationConfig, sentEmails, startAppServer } from '#test/support/local-stack';

/**
 * An address belongs to whoever proves it (issue 13, item 6), through the local app server: registration mails a
 * verification link and trusts the address for nothing until it is used; the owner who proves an address held by
 * an unproven account (a sign-in link here; Google in google-sign-in.test.ts) gets the account, with the password
 * cleared and every session of whoever registered it ended; an administrator address is an administrator only once
 * proven; a profile's new address takes effect only once its link is used, and the old address is told.
 */

// An administrator address of this file alone (files run in parallel on one table).
const ADMIN = `chief-${randomUUID().slice(0, 8)}@meetwise.test`;
// Google too: a squatter may connect a Google Calendar, whose grant goes when the owner claims the address.
const google = await startFakeGoogle();
const config = integrationConfig({
  ADMIN_EMAILS: ADMIN,
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_ROOT_URL: google.url,
});
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => {
  await app.close();
  await google.close();
});

async function call(method: string, path: string, options: { body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? jsonHeaders : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    headers: response.headers,
  };
}

const sessionOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0];

async function login(email: string, password: string) {
  const answer = await call('POST', '/api/login', { body: { username: email, password } });
  return { status: answer.status, cookie: sessionOf(answer.headers) };
}

const me = async (cookie: string) =>
  (await call('GET', '/api/me', { cookie })).body.user as Record<string, unknown> | null;

/** The last link of `kind` mailed to `to`, and every mail to them. */
async function mailsTo(to: string) {
  return (await sentEmails(config.sesEndpoint!)).filter((mail) => mail.destination.to.includes(to));
}
async function tokenFrom(to: string, page: '/verify-email' | '/sign-in-link'): Promise<string> {
  const text = (await mailsTo(to))
    .map((mail) => mail.body.text ?? '')
    .reverse()
    .find((body) => body.includes(page));
  const link = text?.match(new RegExp(`https?://\\S+${page}\\?token=[\\w-]+`))?.[0];
  expect(link, `a ${page} link mailed to ${to}`).toBeDefined();
  expect(new URL(link!).origin).toBe(app.baseUrl);
  return new URL(link!).searchParams.get('token')!;
}

describe('registration', () => {
  it('mails a verification link; the account works but its address is unproven until the link page is used', async () => {
    const email = `ver-${randomUUID()}@example.com`;
    expect(
      (await call('POST', '/api/auth/register', { body: { name: 'Vera Fied', email, password: 'secret1' } })).status,
    ).toBe(201);
    const { cookie } = await login(email, 'secret1');
    expect(await me(cookie!)).toMatchObject({ email, emailVerified: false, pendingEmail: null });
    const token = await tokenFrom(email, '/verify-email');
    // Opening the link (a mail scanner) changes nothing.
    expect((await fetch(`${app.baseUrl}/verify-email?token=${token}`)).status).toBe(200);
    expect(await me(cookie!)).toMatchObject({ emailVerified: false });
    // Signed out, or signed in to another account, the button does nothing and the link stays usable.
    expect(await call('POST', '/api/auth/verify-email', { body: { token } })).toMatchObject({
      status: 401,
      body: { message: EMAIL_PROOF_NEEDS_SESSION, code: 'UNAUTHORIZED' },
    });
    const other = `other-${randomUUID()}@example.com`;
    await call('POST', '/api/auth/register', { body: { name: 'Oth Er', email: other, password: 'secret1' } });
    expect(
      await call('POST', '/api/auth/verify-email', { body: { token }, cookie: (await login(other, 'secret1')).cookie }),
    ).toMatchObject({
      status: 400,
      body: { message: 'This confirmation link is invalid, used or expired. Please ask for a new one.' },
    });
    expect(await me(cookie!)).toMatchObject({ emailVerified: false });
    expect(await call('POST', '/api/auth/verify-email', { body: { token }, cookie })).toMatchObject({
      status: 200,
      body: { message: 'Your e-mail address is confirmed.', email },
    });
    expect(await me(cookie!)).toMatchObject({ emailVerified: true });
    // The one who registered proved the address: the password stays.
    expect((await login(email, 'secret1')).status).toBe(200);
    expect(await call('POST', '/api/auth/verify-email', { body: { token }, cookie })).toMatchObject({
      status: 400,
      body: { message: 'This confirmation link is invalid, used or expired. Please ask for a new one.' },
    });
  });

  it('resends the link on request (the limit at production values: abuse-limits.test.ts)', async () => {
    const email = `again-${randomUUID()}@example.com`;
    await call('POST', '/api/auth/register', { body: { name: 'Ag Ain', email, password: 'secret1' } });
    const { cookie } = await login(email, 'secret1');
    for (let i = 0; i < 3; i++) {
      expect(await call('POST', '/api/auth/resend-verification', { cookie })).toMatchObject({
        status: 200,
        body: { message: `A new confirmation link is on its way to ${email}.` },
      });
    }
    expect(await mailsTo(email)).toHaveLength(4);
  });
});

describe('an address registered by someone else', () => {
  it('goes to its owner with a sign-in link: the password is cleared and every earlier session ends', async () => {
    const email = `victim-${randomUUID()}@example.com`;
    expect(
      (await call('POST', '/api/auth/register', { body: { name: 'Squatter', email, password: 'squat-pass' } })).status,
    ).toBe(201);
    const squatter = await login(email, 'squat-pass');
    expect(await me(squatter.cookie!)).toMatchObject({ email });

    // The owner asks for a sign-in link: it reaches the address they own.
    expect((await call('POST', '/api/auth/manual-login', { body: { email } })).status).toBe(200);
    const token = await tokenFrom(email, '/sign-in-link');
    const owner = await call('POST', '/api/auth/email-link', { body: { token } });
    expect(owner.status).toBe(200);
    expect(await me(sessionOf(owner.headers)!)).toMatchObject({ email, emailVerified: true });

    expect(await me(squatter.cookie!)).toBeNull();
    expect((await login(email, 'squat-pass')).status).toBe(401);
  });

  it('drops what the squatter set up: a pending e-mail change (its link then fails) and a connected calendar', async () => {
    const email = `taken-over-${randomUUID()}@example.com`;
    const escape = `escape-${randomUUID()}@example.com`;
    await call('POST', '/api/auth/register', { body: { name: 'Squatter', email, password: 'squat-pass' } });
    const squatter = await login(email, 'squat-pass');
    // The squatter switches away from the built-in calendar and asks to move the account to an address of theirs.
    expect((await call('POST', '/api/user/calendar/disconnect', { cookie: squatter.cookie })).status).toBe(200);
    expect(
      (
        await call('POST', '/api/profile/update', {
          cookie: squatter.cookie,
          body: { name: 'Squatter', email: escape },
        })
      ).status,
    ).toBe(200);
    const escapeToken = await tokenFrom(escape, '/verify-email');

    // The owner takes the account with a sign-in link.
    expect((await call('POST', '/api/auth/manual-login', { body: { email } })).status).toBe(200);
    const owner = await call('POST', '/api/auth/email-link', {
      body: { token: await tokenFrom(email, '/sign-in-link') },
    });
    const ownerCookie = sessionOf(owner.headers)!;
    expect(await me(ownerCookie)).toMatchObject({ email, emailVerified: true, pendingEmail: null });
    expect((await call('GET', '/api/user/calendar', { cookie: ownerCookie })).body).toMatchObject({
      connected: true,
      provider: 'builtin',
      email,
    });

    // The squatter's change link, even pressed in a session of the account (the owner's own), moves nothing.
    expect(
      await call('POST', '/api/auth/verify-email', { body: { token: escapeToken }, cookie: ownerCookie }),
    ).toMatchObject({
      status: 400,
      body: { message: 'This confirmation link is invalid, used or expired. Please ask for a new one.' },
    });
    expect(await me(ownerCookie)).toMatchObject({ email });
  });

  it("never gives an administrator address to a squatter whose mail its owner confirms without the squatter's session", async () => {
    const admin = ADMIN.replace('chief-', 'chief2-');
    const squatterEmail = `sq-${randomUUID()}@example.com`;
    await call('POST', '/api/auth/register', {
      body: { name: 'Squatter', email: squatterEmail, password: 'squat-pass' },
    });
    const squatter = await login(squatterEmail, 'squat-pass');
    // The squatter asks to move their account to an address that is not theirs; its owner presses the mailed button.
    expect(
      (await call('POST', '/api/profile/update', { cookie: squatter.cookie, body: { name: 'Squatter', email: admin } }))
        .status,
    ).toBe(200);
    const token = await tokenFrom(admin, '/verify-email');
    expect((await call('POST', '/api/auth/verify-email', { body: { token } })).status).toBe(401);
    expect(await me(squatter.cookie!)).toMatchObject({ email: squatterEmail, pendingEmail: admin, isAdmin: false });
  });

  it('makes an administrator address an administrator only once it is proven', async () => {
    expect(
      (await call('POST', '/api/auth/register', { body: { name: 'Chief', email: ADMIN, password: 'chief-pass' } }))
        .status,
    ).toBe(201);
    const { cookie } = await login(ADMIN, 'chief-pass');
    expect(await me(cookie!)).toMatchObject({ isAdmin: false, emailVerified: false });
    const token = await tokenFrom(ADMIN, '/verify-email');
    expect((await call('POST', '/api/auth/verify-email', { body: { token }, cookie })).status).toBe(200);
    expect(await me(cookie!)).toMatchObject({ isAdmin: true, emailVerified: true });
  });
});

describe('a profile e-mail change', () => {
  it('takes effect only when the link mailed to the new address is used; the old address is told', async () => {
    const email = `old-${randomUUID()}@example.com`;
    const next = `new-${randomUUID()}@example.com`;
    await call('POST', '/api/auth/register', { body: { name: 'Chan Ge', email, password: 'secret1' } });
    const { cookie } = await login(email, 'secret1');
    const changed = await call('POST', '/api/profile/update', { cookie, body: { name: 'Chan Ge', email: next } });
    expect(changed).toMatchObject({
      status: 200,
      body: {
        message: `We sent a confirmation link to ${next}. Your e-mail address changes when you open it.`,
        user: { email, pendingEmail: next },
      },
    });
    expect(await me(cookie!)).toMatchObject({ email, pendingEmail: next });
    expect((await login(next, 'secret1')).status).toBe(401);
    expect((await mailsTo(email)).map((mail) => mail.subject)).toContain(
      'Your Meetwise e-mail address is about to change',
    );

    const token = await tokenFrom(next, '/verify-email');
    expect(await call('POST', '/api/auth/verify-email', { body: { token }, cookie })).toMatchObject({
      status: 200,
      body: { email: next },
    });
    expect(await me(cookie!)).toMatchObject({ email: next, pendingEmail: null, emailVerified: true });
    expect((await login(next, 'secret1')).status).toBe(200);
    expect((await login(email, 'secret1')).status).toBe(401);
  });

  it('refuses an address another account holds, and changes nothing', async () => {
    const taken = `taken-${randomUUID()}@example.com`;
    await call('POST', '/api/auth/register', { body: { name: 'Tak En', email: taken, password: 'secret1' } });
    const email = `mine-${randomUUID()}@example.com`;
    await call('POST', '/api/auth/register', { body: { name: 'Mi Ne', email, password: 'secret1' } });
    const { cookie } = await login(email, 'secret1');
    expect(await call('POST', '/api/profile/update', { cookie, body: { name: 'Mi Ne', email: taken } })).toMatchObject({
      status: 409,
      body: { message: 'An account with this email already exists.' },
    });
    expect(await me(cookie!)).toMatchObject({ email, pendingEmail: null });
  });
});

describe('a Google Calendar the squatter connected (issue 30)', () => {
  it('has its grant revoked at Google when the owner claims the address, not only dropped here', async () => {
    const email = `cal-squat-${randomUUID()}@example.com`;
    await call('POST', '/api/auth/register', { body: { name: 'Squatter', email, password: 'squat-pass' } });
    const squatter = await login(email, 'squat-pass');
    // The squatter connects their own Google Calendar to the account (the fake consent page, as a browser would).
    const theirs = {
      sub: `9${Date.now()}`,
      email: `squatter.${randomUUID().slice(0, 8)}@gmail.test`,
      name: 'Squatter',
    };
    google.accounts.push(theirs);
    const before = new Set(google.liveRefreshTokens());
    const started = await call('GET', '/api/user/calendar/connect', { cookie: squatter.cookie });
    expect(started.status).toBe(200);
    const back = await google.consent(started.body.authUrl as string, theirs);
    const connected = await fetch(`${app.baseUrl}${back.replace(/^https?:\/\/[^/]+/, '')}`, {
      headers: { cookie: squatter.cookie! },
      redirect: 'manual',
    });
    expect(connected.headers.get('location')).toContain('status=connected');
    const grant = google.liveRefreshTokens().filter((token) => !before.has(token));
    expect(grant).toHaveLength(1);

    // The owner takes the account with a sign-in link.
    expect((await call('POST', '/api/auth/manual-login', { body: { email } })).status).toBe(200);
    const owner = await call('POST', '/api/auth/email-link', {
      body: { token: await tokenFrom(email, '/sign-in-link') },
    });
    expect(owner.status).toBe(200);
    expect((await call('GET', '/api/user/calendar', { cookie: sessionOf(owner.headers) })).body).toMatchObject({
      connected: true,
      provider: 'builtin',
    });
    // Revoked at Google: the token no longer works there.
    expect(google.liveRefreshTokens()).not.toContain(grant[0]);
    expect(google.requests.filter((request) => request.path.startsWith('/revoke'))).not.toHaveLength(0);
  });
});
