import { createHash } from 'node:crypto';

/**
 * The security headers of every page, defined once (issue 13, item 9) and applied by both CloudFront's response
 * headers policy (infra/cdk/site.ts) and the local server (infra/local/static-site.ts).
 *
 * Content-Security-Policy: scripts only from this origin plus the small inline scripts every page carries (one source,
 * frontend/src/shell, written into each page at build time: the theme before first paint, the booking page's early
 * calls, the module loader), allowed by their SHA-256 (of the built index.html's), so no other inline script can run;
 * styles from this origin, and inline because React style attributes (the event's accent colours) and the event's
 * custom CSS element need it (custom CSS is parsed and scoped on the server, and cannot load
 * anything: images only from this origin and data:/blob: previews, no fonts from elsewhere); calls only to this
 * origin and Stripe's API, scripts and frames from Stripe.js for the billing page's payment form; no plugins; no
 * <base> or form posts elsewhere; never framed by another site, except the embed pages (issue 29): a booking page
 * or a guest's manage page asked for with `?embed=1` may be framed by any site (`frame-ancestors *`, no
 * X-Frame-Options), so hosts can put it on their own site (`/embed.js`); nothing else can ever be framed, so the
 * console, sign-in and billing cannot be clickjacked.
 */

/** SHA-256 sources ('sha256-…') of the inline <script> elements of an HTML document (JSON data blocks never run). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(
    /<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/gi,
  )) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** Stripe.js, its API, and the frames of its card fields and 3D Secure (the billing page's embedded form). */
const STRIPE_JS = 'https://js.stripe.com';
const STRIPE_API = 'https://api.stripe.com';
const STRIPE_HOOKS = 'https://hooks.stripe.com';

export function contentSecurityPolicy(options: { scriptHashes: readonly string[]; frameAncestors?: string }): string {
  return [
    "default-src 'self'",
    // Stripe.js is loaded from Stripe (PCI: card fields live in Stripe's frames, never in our page).
    `script-src 'self' ${STRIPE_JS} ${options.scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${STRIPE_API}`,
    // 'self': the console's Embed dialog previews the framed booking page.
    `frame-src 'self' ${STRIPE_JS} ${STRIPE_HOOKS}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors ?? "'none'"}`,
  ].join('; ');
}

/** The pages another site may frame: a booking page (/book/{slug}) and a guest's manage page (/booking/{id}). */
const EMBED_PAGE = /^\/(book|booking)\/[^/]+\/?$/;

/**
 * Whether a request is for an embed page (issue 29): one of those pages with `embed=1` in its query string (the first
 * `embed` parameter, as CloudFront reads it). Every other page keeps `frame-ancestors 'none'` and X-Frame-Options.
 */
export function isEmbedFrameRequest(pathname: string, search: string): boolean {
  return EMBED_PAGE.test(pathname) && new URLSearchParams(search).get('embed') === '1';
}

/**
 * CloudFront's form of the same rule (cloudfront-js-2.0, ES5-style), run on viewer responses of the /book/* and
 * /booking/* behaviours (infra/cdk/site.ts), after the response headers policy added the page headers: an HTML
 * answer to `?embed=1` loses X-Frame-Options and gets `frame-ancestors *`. A response headers policy cannot do this
 * itself: it is chosen by path only, never by query string. The behaviours' path patterns stand for EMBED_PAGE's
 * path test (a deeper path under them is the single-page app's not-found page).
 */
export const embedFramingFunctionCode = `function handler(event) {
  var response = event.response;
  var embed = event.request.querystring.embed;
  var type = response.headers['content-type'];
  if (!embed || embed.value !== '1' || !type || type.value.indexOf('text/html') !== 0) return response;
  delete response.headers['x-frame-options'];
  var csp = response.headers['content-security-policy'];
  if (csp) csp.value = csp.value.replace("frame-ancestors 'none'", 'frame-ancestors *');
  return response;
}`;

/**
 * The headers a page is served with, for the built front end's index.html; `embed`: an embed page (see
 * isEmbedFrameRequest), which any site may frame.
 */
export function pageSecurityHeaders(indexHtml: string, options: { embed?: boolean } = {}): Record<string, string> {
  const scriptHashes = inlineScriptHashes(indexHtml);
  return {
    'content-security-policy': options.embed
      ? contentSecurityPolicy({ scriptHashes, frameAncestors: '*' })
      : contentSecurityPolicy({ scriptHashes }),
    'x-content-type-options': 'nosniff',
    ...(options.embed ? {} : { 'x-frame-options': 'DENY' }),
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
