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
 * origin; no plugins; no <base> or form posts elsewhere; never framed by another site.
 */

/** SHA-256 sources ('sha256-…') of the inline <script> elements of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

export function contentSecurityPolicy(options: { scriptHashes: readonly string[]; frameAncestors?: string }): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${options.scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
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
