/**
 * Account rules that need no I/O (issue 5): usernames come from the e-mail's local part, lower-case letters,
 * digits, dots, hyphens and underscores, 3–30 characters; when one is taken a numeric suffix makes it unique.
 */

const USERNAME_MAX = 30;

/** "Alice.Smith+news@x.com" → "alice.smith"; too short or empty local parts are padded from "user". */
export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local
    .toLowerCase()
    .replace(/\+.*$/, '')
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, USERNAME_MAX);
  return cleaned.length >= 3 ? cleaned : `user${cleaned ? `-${cleaned}` : ''}`;
}

/** The n-th candidate: the base itself, then base2, base3 … (the suffix replaces the end when the base is long). */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = String(attempt + 1);
  return `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
}

/** A login identifier is an e-mail address when it has an "@"; otherwise a username. */
export const isEmailIdentifier = (identifier: string): boolean => identifier.includes('@');

/**
 * Failed sign-ins allowed in one 15-minute window (issue 13: lock-out must not be a weapon).
 * - per account and client address: a guesser is stopped after 5 tries, while the owner, from anywhere else, signs
 *   in as usual;
 * - per account from all addresses: only a distributed attack (50 failures) locks the account for everyone, and a
 *   sign-in link still gets its owner in;
 * - per client address over all accounts: 100, so one office behind a shared NAT is not locked out by a few
 *   colleagues' typos, while credential stuffing from one address is still cut short.
 */
export const LOGIN_LIMITS = {
  perAccountAndAddress: 5,
  perAccount: 50,
  perAddress: 100,
  windowMs: 15 * 60_000,
} as const;

type Counted = { failures: number; windowEndsAt: number };

/** Whether the counted failures already block another attempt; and how long until the longest window ends. */
export function loginBlocked(
  counts: { accountAndAddress: Counted; account: Counted; address: Counted },
  now: number,
): { blocked: false } | { blocked: true; retryAfterSeconds: number } {
  const over = [
    counts.accountAndAddress.failures >= LOGIN_LIMITS.perAccountAndAddress
      ? counts.accountAndAddress.windowEndsAt
      : null,
    counts.account.failures >= LOGIN_LIMITS.perAccount ? counts.account.windowEndsAt : null,
    counts.address.failures >= LOGIN_LIMITS.perAddress ? counts.address.windowEndsAt : null,
  ].filter((end): end is number => end !== null);
  if (over.length === 0) return { blocked: false };
  return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil((Math.max(...over) - now) / 1000)) };
}

/**
 * Whether proving `provenEmail` makes the account an administrator: the address is listed in ADMIN_EMAILS and the
 * account is not one yet. Every way of proving an address (Google, a sign-in link, a verification link) asks this.
 */
export function earnsAdminRole(
  account: { role: 'admin' | null },
  provenEmail: string,
  adminEmails: readonly string[],
): boolean {
  return account.role !== 'admin' && adminEmails.includes(provenEmail.toLowerCase());
}
