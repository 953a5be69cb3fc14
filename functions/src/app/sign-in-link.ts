import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '#functions/ports';

/** How long a mailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;
/** Links mailed per e-mail address, and asked for per client address, in the throttle's window (15 minutes). */
export const SIGN_IN_LINK_LIMITS = { perEmail: 3, perClient: 20 } as const;

export const MANUAL_LOGIN_ANSWER =
  'If an account uses this e-mail address, a sign-in link is on its way to it. The link works once, for 15 minutes.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * POST /api/auth/manual-login (/direct-login; ARCHITECTURE.md §4: never a sign-in with only an e-mail).
 * Input: e-mail (username ignored: the link goes to the account's own address), the site's origin. Output: the
 * same answer whether or not the address has an account.
 * Primary course: count the request for the e-mail address and the client address; find the account by e-mail; if
 * there is one and neither count is over its limit (3 links per address, 20 requests per client, per 15 minutes:
 * nobody can flood an inbox through us), store the SHA-256 of a random 32-byte token with a 15-minute expiry and
 * mail the link to the account's address. Over a limit, the answer stays the same (it must not tell whether the
 * address has an account) and nothing is mailed.
 */
export async function requestSignInLink(
  deps: Pick<Deps, 'accounts' | 'signInLinks' | 'mailer' | 'clock' | 'loginThrottle' | 'logger'>,
  input: { email: string; origin: string; clientAddress: string },
): Promise<{ success: true; message: string }> {
  const now = deps.clock.now();
  const [forEmail, forClient] = await Promise.all([
    deps.loginThrottle.reserve(`signin-link:${input.email.trim().toLowerCase()}`, now),
    deps.loginThrottle.reserve(`signin-link-client:${input.clientAddress}`, now),
  ]);
  const limited = forEmail.failures >= SIGN_IN_LINK_LIMITS.perEmail || forClient.failures >= SIGN_IN_LINK_LIMITS.perClient;
  const account = limited ? null : await deps.accounts.findByEmail(input.email);
  if (limited) deps.logger.warn('Sign-in link not mailed: too many requests', { clientAddress: input.clientAddress });
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
