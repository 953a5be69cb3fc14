import { createHash, randomBytes } from 'node:crypto';

import { claimAddress, type ClaimAddressDeps } from '#functions/app/accounts/email-verification';
import { enforceLimits, type RateLimitDeps } from '#functions/app/common/abuse-limits';
import { ABUSE_LIMITS } from '#functions/domain/abuse-limits';
import { signInLinkMail } from '#functions/domain/mail/account';
import { ValidationFailed } from '#functions/errors';
import type { AccountRepository, SignInLinks } from '#functions/ports/accounts';
import type { Mailer } from '#functions/ports/mail';
import type { SessionIssuer } from '#functions/ports/sessions';

/** How long a mailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;
/** The page a mailed sign-in link opens; its button's POST signs in (issue 13, item 8). */
export const SIGN_IN_LINK_PAGE = '/sign-in-link';
export const SIGN_IN_LINK_INVALID = 'This sign-in link is invalid, used or expired. Please ask for a new one.';

export const MANUAL_LOGIN_ANSWER =
  'If an account uses this e-mail address, a sign-in link is on its way to it. The link works once, for 15 minutes.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Asking for a sign-in link: the abuse limits, the account, the stored links, the mailer. */
export type RequestSignInLinkDeps = RateLimitDeps & {
  accounts: AccountRepository;
  signInLinks: SignInLinks;
  mailer: Mailer;
};
/** Using a sign-in link: the stored links, the claim of the proven address, a new session. */
export type SignInWithLinkDeps = ClaimAddressDeps & { signInLinks: SignInLinks; sessionIssuer: SessionIssuer };

/**
 * POST /api/auth/manual-login (/direct-login; docs/security.md: never a sign-in with only an e-mail).
 * Input: e-mail (username ignored: the link goes to the account's own address), the site's origin, the client's
 * address. Output: the same answer whether or not the address has an account.
 * Primary course: count the request against the sign-in link limits (ABUSE_LIMITS: per client address, per client
 * address and e-mail, per e-mail), whether or not the address has an account, so a 429 tells nothing about it;
 * find the account by e-mail; if there is one, store the SHA-256 of a random 32-byte token with a 15-minute expiry
 * and mail the link to the account's address.
 */
export async function requestSignInLink(
  deps: RequestSignInLinkDeps,
  input: { email: string; origin: string; clientAddress: string },
): Promise<{ success: true; message: string }> {
  const email = input.email.trim().toLowerCase();
  await enforceLimits(deps, [
    { rule: ABUSE_LIMITS.signInLinksPerAddress, subject: input.clientAddress },
    { rule: ABUSE_LIMITS.signInLinksPerAddressAndEmail, subject: `${input.clientAddress}:${email}` },
    { rule: ABUSE_LIMITS.signInLinksPerEmail, subject: email },
  ]);
  const account = await deps.accounts.findByEmail(email);
  if (account) {
    const token = randomBytes(32).toString('base64url');
    await deps.signInLinks.create(
      hashOf(token),
      account.id,
      deps.clock.now().getTime() + SIGN_IN_LINK_MINUTES * 60_000,
    );
    // A page with one button: the link itself changes nothing (mail scanners open every link).
    const link = `${input.origin}${SIGN_IN_LINK_PAGE}?token=${token}`;
    await deps.mailer.send({
      to: [account.email],
      ...signInLinkMail({ name: account.name, link, minutes: SIGN_IN_LINK_MINUTES }),
    });
  }
  return { success: true, message: MANUAL_LOGIN_ANSWER };
}

/**
 * GET /api/auth/email-link?token=… (links mailed before the link page existed): changes nothing, and sends the
 * browser to the link page, whose button signs in. A mail scanner opening it uses nothing up.
 */
export function signInLinkPage(token: string | undefined): { location: string } {
  return { location: token ? `${SIGN_IN_LINK_PAGE}?token=${encodeURIComponent(token)}` : '/auth-success/failure' };
}

/**
 * POST /api/auth/email-link `{ token }`: the link page's button uses the link once (a GET never does: issue 13,
 * item 8). Output: the signed-in user's session cookie. A wrong, used or expired link is 400 and signs nobody in.
 * The link proved the address (issue 13, item 6): see claimAddress.
 */
export async function signInWithLink(
  deps: SignInWithLinkDeps,
  input: { token: string; secure: boolean },
): Promise<{ success: true; cookie: string }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(input.token)) throw new ValidationFailed(SIGN_IN_LINK_INVALID);
  const userId = await deps.signInLinks.consume(hashOf(input.token), deps.clock.now().getTime());
  const account = userId ? await deps.accounts.get(userId) : null;
  if (!account) throw new ValidationFailed(SIGN_IN_LINK_INVALID);
  // The link proved the address: an account whose address was never proven is claimed (password cleared, every
  // session ended), and an administrator address becomes an administrator.
  const claimed = await claimAddress(deps, account);
  if (!claimed) throw new ValidationFailed(SIGN_IN_LINK_INVALID);
  const cookie = await deps.sessionIssuer.start(account.id, { secure: input.secure });
  return { success: true, cookie };
}
