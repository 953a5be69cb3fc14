/**
 * Where to send a visitor after signing in (a successful login, or the page the login guard
 * remembered). The stored path comes from the browser (sessionStorage, a query parameter, a cookie), so it is
 * only followed when it is a same-site relative path; anything else gives the fallback. Pure: the server uses the
 * same function, so no browser APIs here.
 */

/** The sessionStorage key of the path a guarded page remembers before sending the visitor to /login. */
export const REDIRECT_AFTER_LOGIN_KEY = 'meetwise.redirectAfterLogin';

const MAX_LENGTH = 2048;

/** ASCII control characters (URL parsers strip tabs and newlines, which would turn `/\t/evil.com` into `//evil.com`). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A path on this site: one leading '/', no second '/' or '\' after it (protocol-relative `//host`, `/\host`),
 * no backslash anywhere (browsers read it as '/'), no control characters. A scheme (`https:`, `javascript:`)
 * cannot start with '/', so it fails the first rule.
 */
function isSameSitePath(value: string): boolean {
  return value.startsWith('/') && value[1] !== '/' && !value.includes('\\') && !CONTROL.test(value);
}

/**
 * `value` when it is a safe same-site relative path (also once percent-decoded, so `/%2F%2Fevil.com` or
 * `/%5Cevil.com` are refused), else `fallback`.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/events'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  if (!isSameSitePath(value)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback; // a malformed escape
  }
  return isSameSitePath(decoded) ? value : fallback;
}
