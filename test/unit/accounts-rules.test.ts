import { describe, expect, it } from 'vitest';

import { signedCookieSessions } from '#functions/adapters/sessions/signed-cookie';
import { authDebugInfo } from '#functions/app/accounts/auth-config';
import {
  earnsAdminRole,
  LOGIN_LIMITS,
  loginBlocked,
  usernameBase,
  usernameCandidate,
} from '#functions/domain/accounts';
import { Forbidden } from '#functions/errors';
import { sessionToken } from '#functions/http/cookies';
import { clientAddress, isHttps, refuseCrossSiteWrite } from '#functions/http/request';
import { apiEvent } from '#test/support/api-event';

describe('usernames from e-mail addresses (issue 5)', () => {
  it('takes the local part, lower-cased, without +tags and other characters', () => {
    expect(usernameBase('Alice.Smith+news@example.com')).toBe('alice.smith');
    expect(usernameBase('o’brien!!@example.com')).toBe('obrien');
    expect(usernameBase('-._bob_.-@example.com')).toBe('bob');
    expect(usernameBase('x@example.com')).toBe('user-x');
    expect(usernameBase('+tag@example.com')).toBe('user');
    expect(usernameBase(`${'a'.repeat(40)}@example.com`)).toHaveLength(30);
  });

  it('numbers the candidates, keeping within 30 characters', () => {
    expect([0, 1, 2].map((n) => usernameCandidate('sam', n))).toEqual(['sam', 'sam2', 'sam3']);
    expect(usernameCandidate('a'.repeat(30), 9)).toBe(`${'a'.repeat(28)}10`);
  });
});

describe('login throttling rule', () => {
  const window = (failures: number, endsAt = 60_000) => ({ failures, windowEndsAt: endsAt });
  it('blocks at 5 failures of the account from this address, 50 of the account, or 100 of the address', () => {
    const none = window(0);
    expect(loginBlocked({ accountAndAddress: window(4), account: window(49), address: window(99) }, 0)).toEqual({
      blocked: false,
    });
    expect(loginBlocked({ accountAndAddress: window(5), account: window(5), address: window(5) }, 0)).toEqual({
      blocked: true,
      retryAfterSeconds: 60,
    });
    // Five failures on the account from elsewhere do not block this address: lock-out is not a weapon.
    expect(loginBlocked({ accountAndAddress: none, account: window(5), address: none }, 0)).toEqual({ blocked: false });
    // Twenty failures behind a shared address do not block its other accounts.
    expect(loginBlocked({ accountAndAddress: none, account: none, address: window(20) }, 0)).toEqual({
      blocked: false,
    });
    expect(loginBlocked({ accountAndAddress: none, account: window(50), address: none }, 0)).toEqual({
      blocked: true,
      retryAfterSeconds: 60,
    });
    expect(
      loginBlocked({ accountAndAddress: window(5, 30_000), account: none, address: window(100, 90_500) }, 0),
    ).toEqual({
      blocked: true,
      retryAfterSeconds: 91,
    });
    expect(LOGIN_LIMITS).toEqual({ perAccountAndAddress: 5, perAccount: 50, perAddress: 100, windowMs: 900_000 });
  });
});

describe('session cookie', () => {
  const sessions = signedCookieSessions({
    key: new Uint8Array(32),
    store: { create: async () => undefined, find: async () => null, delete: async () => undefined },
    clock: { now: () => new Date('2026-03-02T12:00:00Z') },
    ids: { next: () => 'session-1' },
  });

  it('is Secure over HTTPS and not over plain HTTP', async () => {
    expect(await sessions.start('user-1', { secure: true })).toMatch(
      /; HttpOnly; SameSite=Lax; Secure; Max-Age=604800$/,
    );
    expect(await sessions.start('user-1', { secure: false })).not.toContain('Secure');
    expect(sessions.clearCookie({ secure: true })).toBe(
      'meetwise_session=; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=0',
    );
  });

  it('is found among API Gateway cookies or in the Cookie header', () => {
    expect(sessionToken({ cookies: ['a=1', 'meetwise_session=abc.def=='], headers: {} })).toBe('abc.def==');
    expect(sessionToken({ cookies: [], headers: { cookie: 'x=1; meetwise_session=t' } })).toBe('t');
    expect(sessionToken({ cookies: [], headers: {} })).toBeNull();
  });

  it("takes the viewer's address from CloudFront's X-Viewer-Address, else API Gateway's source", () => {
    expect(
      clientAddress(apiEvent({ method: 'POST', path: '/api/login', headers: { 'x-viewer-address': '203.0.113.7' } })),
    ).toBe('203.0.113.7');
    expect(clientAddress(apiEvent({ method: 'POST', path: '/api/login' }))).toBe('127.0.0.1');
  });

  it('builds public addresses from SITE_URL only (no request is even consulted)', () => {
    const info = authDebugInfo({ siteUrl: 'https://meetwise.app', dynamoEndpoint: undefined, google: null });
    expect(info.oauth.origin).toBe('https://meetwise.app');
    expect(info.oauth.callbackUrl).toBe('https://meetwise.app/api/auth/google/callback');
  });

  it('API Gateway requests count as HTTPS unless X-Forwarded-Proto says http', () => {
    expect(isHttps(apiEvent({ method: 'GET', path: '/api/me', headers: { 'x-forwarded-proto': 'https' } }))).toBe(true);
    expect(isHttps(apiEvent({ method: 'GET', path: '/api/me', headers: { 'x-forwarded-proto': 'http' } }))).toBe(false);
  });
});

describe('CSRF check with SITE_URL (the cloud)', () => {
  const write = (headers: Record<string, string>) => apiEvent({ method: 'POST', path: '/api/logout', headers });
  it('compares the Origin with SITE_URL, never with a forwarded host header', () => {
    expect(() => refuseCrossSiteWrite(write({ origin: 'https://meetwise.app' }), 'https://meetwise.app')).not.toThrow();
    expect(() =>
      refuseCrossSiteWrite(
        write({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }),
        'https://meetwise.app',
      ),
    ).toThrow(Forbidden);
  });
});

describe('CSRF check', () => {
  const write = (headers: Record<string, string>, method = 'POST') =>
    apiEvent({ method, path: '/api/logout', headers });
  it('lets same-site writes, reads and writes without browser hints through', () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { 'sec-fetch-site': 'same-origin', origin: 'https://meetwise.app', host: 'meetwise.app' },
      {
        origin: 'https://meetwise.app',
        host: 'abc.execute-api.us-east-1.amazonaws.com',
        'x-forwarded-host': 'meetwise.app',
      },
      { 'sec-fetch-site': 'none' },
    ]) {
      expect(() => refuseCrossSiteWrite(write(headers), 'https://meetwise.app')).not.toThrow();
    }
    expect(() =>
      refuseCrossSiteWrite(write({ origin: 'https://evil.example' }, 'GET'), 'https://meetwise.app'),
    ).not.toThrow();
  });

  it('refuses cross-site writes', () => {
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example', host: 'meetwise.app' },
      { origin: 'https://meetwise.app.evil.example', host: 'meetwise.app' },
      { origin: 'null', host: 'meetwise.app' },
      // A forged Host naming the attacker's site does not make its Origin ours.
      { origin: 'https://evil.example', host: 'evil.example' },
      { origin: 'http://meetwise.app', host: 'meetwise.app' },
    ]) {
      expect(() => refuseCrossSiteWrite(write(headers), 'https://meetwise.app')).toThrow(Forbidden);
    }
  });
});

describe('earnsAdminRole (ADMIN_EMAILS, once the address is proven)', () => {
  const admins = ['boss@example.com'];
  it('grants a listed address, whatever its case, to an account that is not an administrator yet', () => {
    expect(earnsAdminRole({ role: null }, 'Boss@Example.com', admins)).toBe(true);
  });
  it('grants nothing to an unlisted address or to an administrator already', () => {
    expect(earnsAdminRole({ role: null }, 'someone@example.com', admins)).toBe(false);
    expect(earnsAdminRole({ role: 'admin' }, 'boss@example.com', admins)).toBe(false);
    expect(earnsAdminRole({ role: null }, 'boss@example.com', [])).toBe(false);
  });
});
