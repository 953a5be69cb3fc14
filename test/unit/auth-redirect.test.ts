import { describe, expect, it } from 'vitest';

import { safeRedirectPath } from '#frontend/lib/redirect.ts';

/** Where sign-in may send the visitor: same-site relative paths only (issue 5; also used by the server). */

describe('safeRedirectPath', () => {
  it.each(['//evil.com', '/\\evil.com', '%2F%2Fevil.com', 'https://evil.com', 'javascript:alert(1)'])(
    'refuses %s and gives /events',
    (value) => {
      expect(safeRedirectPath(value)).toBe('/events');
    },
  );

  it.each([
    '/%2F/evil.com', // decodes to ///evil.com
    '/%5Cevil.com', // decodes to /\evil.com
    '/%2F%2Fevil.com',
    '/\t/evil.com', // URL parsers drop the tab: //evil.com
    '/\n/evil.com',
    '/events\u0000',
    '/%0A/evil.com',
    '///evil.com',
    '/events\\..\\x',
    'events',
    ' /events',
    'data:text/html,hi',
    '/%E0%A4%A', // malformed escape
    '/' + 'a'.repeat(3000),
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBe('/events');
  });

  it('gives the fallback for nothing stored', () => {
    expect(safeRedirectPath(null)).toBe('/events');
    expect(safeRedirectPath(undefined)).toBe('/events');
    expect(safeRedirectPath('')).toBe('/events');
    expect(safeRedirectPath(null, '/')).toBe('/');
    expect(safeRedirectPath('//evil.com', '/home')).toBe('/home');
  });

  it.each([
    '/events?x=1',
    '/profile-settings',
    '/',
    '/events/new?edit=12',
    '/billing-details#plans',
    '/events?q=a%20b',
    '/events?next=%2Fx',
  ])('keeps the same-site path %s', (value) => {
    expect(safeRedirectPath(value)).toBe(value);
  });
});
