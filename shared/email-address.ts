import * as z from 'zod/mini';

/**
 * An e-mail address as the server compares it: trimmed and in lower case, so `V@X`, ` v@x` and `v@x` are one
 * address (guest lists, suppression, the pending-request limit).
 */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** RFC 5322 `atext`: what a dot-atom's parts are made of (no spaces, brackets, quotes, commas or `@`). */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const DOT_ATOM = new RegExp(`^${ATOM}(\\.${ATOM})*$`);
/** One label of a domain name: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** The longest address a mail path carries (RFC 5321: 256 with its angle brackets), and the longest local part. */
export const MAILBOX_MAX = 254;
export const LOCAL_PART_MAX = 64;

/**
 * Whether `value` is a bare mailbox (RFC 5321 `local@domain`): a dot-atom local part of at most 64 characters, a
 * domain of at least two labels, at most 254 characters in all. No display name (`Ada <ada@example.com>`), no angle
 * brackets, no quoted local part, no spaces: one address is written one way only, so it can be compared.
 */
export function isBareMailbox(value: string): boolean {
  if (value.length > MAILBOX_MAX) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return (
    local.length <= LOCAL_PART_MAX && DOT_ATOM.test(local) && labels.length >= 2 && labels.every((l) => LABEL.test(l))
  );
}

/** Whether `value` looks like a named address (`Ada <ada@example.com>`), which needs its own, clearer refusal. */
export const isNamedAddress = (value: string): boolean => /[<>]/.test(value);

/**
 * A zod check (for `.check(...)` on a trimmed string) that it is a bare mailbox: a named address gets `named` (a
 * clearer message, when given), anything else `message`.
 */
export const bareMailbox = (message: string, named: string = message) =>
  z.refine<string>(isBareMailbox, {
    error: (issue) => (typeof issue.input === 'string' && isNamedAddress(issue.input) ? named : message),
  });

/**
 * The address a mail feedback names, as compared: SES gives the bare recipient, but a DSN's `rfc822; addr` or a
 * named `Ada <addr>` is read too.
 */
export function feedbackAddress(raw: string): string {
  const bracketed = /<([^<>]*)>/.exec(raw)?.[1];
  return normalizeEmail((bracketed ?? raw).replace(/^\s*rfc822\s*;/i, ''));
}
