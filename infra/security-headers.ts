import { createHash } from 'node:crypto';

/**
 * The security headers of every page, defined once (issue 13, item 9) and applied by both CloudFront's response
 * headers policy (infra/cdk/site.ts) and the local server (infra/local/static-site.ts).
 *
 * Content-Security-Policy: scripts only from this origin plus the two small inline scripts of index.html (the
 * theme before first paint, the booking page's early calls), allowed by their SHA-256, so no other inline script
 * can run; styles from this origin, and inline because React style attributes (the event's accent colours) and
 * the event's custom CSS element need it (custom CSS is parsed and scoped on the server, and cannot load
 * anything: images only from this origin and data:/blob: previews, no fonts from elsewhere); calls only to this
 * origin and Stripe's API, scripts and frames from Stripe.js for the billing page's payment form; no plugins; no <base> or form posts elsewhere; never framed by another site.
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
    `frame-src ${STRIPE_JS} ${STRIPE_HOOKS}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors ?? "'none'"}`,
  ].join('; ');
}

/** The headers a page is served with, for the built front end's index.html. */
export function pageSecurityHeaders(indexHtml: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy({ scriptHashes: inlineScriptHashes(indexHtml) }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
