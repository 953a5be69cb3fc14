import { SESSION_COOKIE_NAME } from '#shared/constants';

/** A cookie's value among the request's cookies (API Gateway v2 `cookies`, else the Cookie header), or null. */
export function readCookie(
  request: { cookies: string[]; headers: Record<string, string | undefined> },
  name: string,
): string | null {
  const all = request.cookies.length ? request.cookies : (request.headers.cookie ?? '').split(';');
  for (const cookie of all) {
    const [cookieName, ...rest] = cookie.trim().split('=');
    if (cookieName === name) return rest.join('=') || null;
  }
  return null;
}

/** A Set-Cookie value: SameSite=Lax always, Secure over HTTPS; Max-Age 0 removes the cookie. */
export function setCookieValue(
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number; httpOnly: boolean; secure: boolean },
): string {
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    ...(options.httpOnly ? ['HttpOnly'] : []),
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
    `Max-Age=${options.maxAgeSeconds}`,
  ].join('; ');
}

/** The session cookie's value among the request's cookies (API Gateway v2 `cookies`, else the Cookie header). */
export const sessionToken = (request: { cookies: string[]; headers: Record<string, string | undefined> }) =>
  readCookie(request, SESSION_COOKIE_NAME);
