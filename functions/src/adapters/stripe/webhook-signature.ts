import { createHmac, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';

/**
 * Stripe's webhook signature, checked as stripe-node's `stripe.webhooks.constructEvent` checks it: the
 * `Stripe-Signature` header is `t={epoch seconds},v1={hex}[,v1={hex}…]` (other schemes, such as v0, are ignored);
 * one v1 must equal HMAC-SHA256 of `{t}.{raw body}` keyed with the endpoint's secret (compared in constant time,
 * against every v1: during a secret's rotation Stripe signs with both), and `t` may be at most five minutes old,
 * so a captured delivery cannot be replayed later. Only then is the body read as JSON.
 */

/** Stripe's default tolerance (stripe-node `Webhook.DEFAULT_TOLERANCE`), in seconds. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A delivery that does not prove to come from Stripe; the message says why (for logs and tests only). */
export class StripeSignatureError extends Error {
  override readonly name = 'StripeSignatureError';
}

/** The timestamp and v1 signatures of a Stripe-Signature header, or null when it has no timestamp. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at < 0) continue;
    const key = item.slice(0, at);
    const value = item.slice(at + 1);
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value) signatures.push(value);
  }
  return timestamp === null ? null : { timestamp, signatures };
}

/** The v1 signature of `payload` at `timestamp` with `secret` (hex). */
export function computeSignature(payload: string, timestamp: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** Whether two strings are equal, in time that does not depend on where they differ. */
function secureEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface SignatureCheckOptions {
  /** Seconds a signature stays acceptable (default 300; 0 does not check its age, as in stripe-node). */
  toleranceSeconds?: number;
  /** The time now, in epoch milliseconds (default Date.now()). */
  now?: number;
}

/** Throws StripeSignatureError unless `header` signs `payload` with `secret` recently enough. */
export function verifySignature(
  payload: string,
  header: string | null | undefined,
  secret: string,
  options: SignatureCheckOptions = {},
): void {
  if (!payload) throw new StripeSignatureError('No webhook payload was provided.');
  if (!header) throw new StripeSignatureError('No stripe-signature header value was provided.');
  if (!secret.trim()) throw new StripeSignatureError('No webhook secret value was provided.');
  const details = parseSignatureHeader(header);
  if (!details) throw new StripeSignatureError('Unable to extract timestamp and signatures from header');
  if (details.signatures.length === 0) throw new StripeSignatureError('No signatures found with expected scheme');
  const expected = computeSignature(payload, details.timestamp, secret);
  // Every candidate is compared (no early exit), as stripe-node does.
  const found = details.signatures.reduce((match, candidate) => secureEqual(expected, candidate) || match, false);
  if (!found) throw new StripeSignatureError('No signatures found matching the expected signature for payload.');
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  const age = Math.floor((options.now ?? Date.now()) / 1000) - details.timestamp;
  if (tolerance > 0 && age > tolerance) throw new StripeSignatureError('Timestamp outside the tolerance zone');
}

/** The event of a verified delivery (`stripe.webhooks.constructEvent`); throws StripeSignatureError otherwise. */
export function constructEvent(
  payload: string,
  header: string | null | undefined,
  secret: string,
  options: SignatureCheckOptions = {},
): Stripe.Event {
  verifySignature(payload, header, secret, options);
  return JSON.parse(payload) as Stripe.Event;
}
