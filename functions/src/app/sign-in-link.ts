import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '#functions/ports';

/** How long a mailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;

export const MANUAL_LOGIN_ANSWER =
  'If an account uses this e-mail address, a sign-in link is on its way to it. The link works once, for 15 minutes.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * POST /api/auth/manual-login (/direct-login; ARCHITECTURE.md §4: never a sign-in with only an e-mail).
 * Input: e-mail (username ignored: the link goes to the account's own address), the site's origin. Output: the
 * same answer whether or not the address has an account.
 * Primary course: find the account by e-mail; if there is one, store the SHA-256 of a random 32-byte token with a
 * 15-minute expiry and mail the link to the account's address.
 */
export async function requestSignInLink(
  deps: Pick<Deps, 'accounts' | 'signInLinks' | 'mailer' | 'clock'>,
  input: { email: string; origin: string },
): Promise<{ success: true; message: string }> {
  const account = await deps.accounts.findByEmail(input.email);
  if (account) {
    const token = randomBytes(32).toString('base64url');
    await deps.signInLinks.create(hashOf(token), account.id, deps.clock.now().getTime() + SIGN_IN_LINK_MINUTES * 60_000);
    const link = `${input.origin}/api/auth/email-link?token=${token}`;
    await deps.mailer.send({
      to: [account.email],
      subject: 'Your Meetwise sign-in link',
      text: [
        `Hello ${account.name},`,
        '',
        'Someone asked to sign in to your Meetwise account without a password. To sign in, open this link:',
        link,
        '',
        `It works once, for ${SIGN_IN_LINK_MINUTES} minutes. If you did not ask for it, ignore this e-mail: nothing changes.`,
      ].join('\n'),
    });
  }
  return { success: true, message: MANUAL_LOGIN_ANSWER };
}

/**
 * GET /api/auth/email-link?token=…: uses the link once. Output: where to send the browser, and the session cookie
 * when it worked. A wrong, used or expired link goes to the failure page. An address listed in ADMIN_EMAILS gets
 * the administrator role here, the first time it proves itself.
 */
export async function signInWithLink(
  deps: Pick<Deps, 'signInLinks' | 'accounts' | 'sessionIssuer' | 'clock' | 'config'>,
  input: { token: string | undefined; secure: boolean },
): Promise<{ location: string; cookie?: string }> {
  const failure = { location: '/auth-success/failure' };
  if (!input.token || !/^[A-Za-z0-9_-]{43}$/.test(input.token)) return failure;
  const userId = await deps.signInLinks.consume(hashOf(input.token), deps.clock.now().getTime());
  const account = userId ? await deps.accounts.get(userId) : null;
  if (!account) return failure;
  // The link proved the address: a configured administrator address becomes an administrator now.
  if (account.role !== 'admin' && deps.config.adminEmails.includes(account.email.toLowerCase())) {
    await deps.accounts.grantAdmin(account.id);
  }
  const cookie = await deps.sessionIssuer.start(account.id, { secure: input.secure });
  return { location: '/auth-success/success', cookie };
}
