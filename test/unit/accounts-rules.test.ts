import { describe, expect, it } from 'vitest';
import { loginBlocked, LOGIN_LIMITS, usernameBase, usernameCandidate } from '#functions/domain/accounts';
import { sessionToken, signedCookieSessions } from '#functions/adapters/sessions/signed-cookie';
import { clientAddress, isHttps, refuseCrossSiteWrite, siteOrigin } from '#functions/http/request';
import { Forbidden } from '#functions/errors';
import { apiEvent } from '../support/api-event.ts';

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
  it('blocks at 5 failures for the account or 20 for the address, until the later window ends', () => {
    expect(loginBlocked({ account: window(4), address: window(19) }, 0)).toEqual({ blocked: false });
    expect(loginBlocked({ account: window(5), address: window(0) }, 0)).toEqual({ blocked: true, retryAfterSeconds: 60 });
    expect(loginBlocked({ account: window(5, 30_000), address: window(20, 90_500) }, 0)).toEqual({ blocked: true, retryAfterSeconds: 91 });
    expect(LOGIN_LIMITS).toEqual({ perAccount: 5, perAddress: 20, windowMs: 900_000 });
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
    expect(await sessions.start('user-1', { secure: true })).toMatch(/; HttpOnly; SameSite=Lax; Secure; Max-Age=604800$/);
    expect(await sessions.start('user-1', { secure: false })).not.toContain('Secure');
    expect(sessions.clearCookie({ secure: true })).toBe('meetwise_session=; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=0');
  });

  it('is found among API Gateway cookies or in the Cookie header', () => {
    expect(sessionToken({ cookies: ['a=1', 'meetwise_session=abc.def=='], headers: {} })).toBe('abc.def==');
    expect(sessionToken({ cookies: [], headers: { cookie: 'x=1; meetwise_session=t' } })).toBe('t');
    expect(sessionToken({ cookies: [], headers: {} })).toBeNull();
  });

  it("takes the viewer's address from CloudFront's X-Viewer-Address, else API Gateway's source", () => {
    expect(clientAddress(apiEvent({ method: 'POST', path: '/api/login', headers: { 'x-viewer-address': '203.0.113.7' } }))).toBe('203.0.113.7');
    expect(clientAddress(apiEvent({ method: 'POST', path: '/api/login' }))).toBe('127.0.0.1');
  });

  it('uses SITE_URL for the site origin when set, whatever the headers say', () => {
    const event = apiEvent({ method: 'POST', path: '/api/auth/manual-login', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    expect(siteOrigin(event, 'https://meetwise.app')).toBe('https://meetwise.app');
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
      refuseCrossSiteWrite(write({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }), 'https://meetwise.app'),
    ).toThrow(Forbidden);
  });
});

describe('CSRF check', () => {
  const write = (headers: Record<string, string>, method = 'POST') => apiEvent({ method, path: '/api/logout', headers });
  it('lets same-site writes, reads and writes without browser hints through', () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { 'sec-fetch-site': 'same-origin', origin: 'https://meetwise.app', host: 'meetwise.app' },
      { origin: 'https://meetwise.app', host: 'abc.execute-api.us-east-1.amazonaws.com', 'x-forwarded-host': 'meetwise.app' },
      { 'sec-fetch-site': 'none' },
    ]) {
      expect(() => refuseCrossSiteWrite(write(headers), undefined)).not.toThrow();
    }
    expect(() => refuseCrossSiteWrite(write({ origin: 'https://evil.example' }, 'GET'), undefined)).not.toThrow();
  });

  it('refuses cross-site writes', () => {
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example', host: 'meetwise.app' },
      { origin: 'https://meetwise.app.evil.example', host: 'meetwise.app' },
      { origin: 'null', host: 'meetwise.app' },
    ]) {
      expect(() => refuseCrossSiteWrite(write(headers), undefined)).toThrow(Forbidden);
    }
  });
});
