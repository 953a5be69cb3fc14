import { createHash, randomBytes } from 'node:crypto';

import { createAccount, type CreateAccountDeps } from '#functions/app/accounts/accounts';
import { addressProven, claimAddress, type ClaimAddressDeps } from '#functions/app/accounts/email-verification';
import type { AccountRecord } from '#functions/domain/records';
import type { GoogleIdentity, GoogleSignIn, OAuthStates } from '#functions/ports/accounts';
import type { Clock, CookieToSet } from '#functions/ports/core';
import type { SessionIssuer } from '#functions/ports/sessions';

/**
 * Google sign-in and sign-up (issue 5; startGoogleSignIn in docs/api.md): OAuth 2.0
 * authorization code with `state` and PKCE (S256). The state is stored hashed for 10 minutes and also set in an
 * HttpOnly cookie scoped to the Google routes, so the callback only completes in the browser that started it.
 * Every failure sends the browser to /login with the reason, which the login page shows in its "Google
 * Authentication Error" card.
 */

export const OAUTH_STATE_COOKIE = 'meetwise_oauth_state';
/** Non-HttpOnly: /auth-success reads it once to go on to the page remembered before sign-in. */
export const AUTH_SUCCESS_COOKIE = 'auth_success';
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';
const STATE_MINUTES = 10;
const COOKIE_PATH = '/api/auth/google';

export const GOOGLE_SIGN_IN_ERRORS = {
  notConfigured: 'Google sign-in is not configured on this server. Please use your e-mail and password.',
  cancelled: 'Google sign-in was cancelled.',
  expired: 'This Google sign-in has expired or was started in another browser. Please try again.',
  notConfirmed: 'Google could not confirm the sign-in. Please try again.',
  unverified: "Your Google account's e-mail address is not verified, so it cannot be used to sign in.",
  otherGoogleAccount:
    'This e-mail address belongs to a Meetwise account that is linked to another Google account. Please sign in with your e-mail and password.',
  retry: 'Your account changed while signing in with Google. Please try again.',
} as const;

const toLogin = (message: string) => `/login?error=${encodeURIComponent(message)}`;
const hashOf = (state: string) => createHash('sha256').update(state).digest('base64url');

export type GoogleSignInDeps = { googleSignIn: GoogleSignIn | null; oauthStates: OAuthStates; clock: Clock };
/** Which account a Google identity signs in to: linked, claimed by its address, or created. */
type GoogleAccountDeps = ClaimAddressDeps & CreateAccountDeps;
/** Google's callback: the sign-in, the account, and a new session. */
export type CompleteGoogleSignInDeps = GoogleSignInDeps & GoogleAccountDeps & { sessionIssuer: SessionIssuer };

/**
 * GET /api/auth/google?type=login|register. Output: where the browser goes (Google's consent page) and the state
 * cookie. Both types behave alike: the callback signs in a known Google account or e-mail, and creates an account
 * otherwise. Without a Google client configured: /login with the reason, never a broken redirect.
 */
export async function startGoogleSignIn(
  deps: GoogleSignInDeps,
  input: { origin: string; secure: boolean },
): Promise<{ location: string; cookies: CookieToSet[] }> {
  if (!deps.googleSignIn) return { location: toLogin(GOOGLE_SIGN_IN_ERRORS.notConfigured), cookies: [] };
  const state = randomBytes(32).toString('base64url');
  const pkce = await deps.googleSignIn.newPkce();
  const redirectUri = `${input.origin}${GOOGLE_CALLBACK_PATH}`;
  const expiresAt = deps.clock.now().getTime() + STATE_MINUTES * 60_000;
  await deps.oauthStates.create(
    hashOf(state),
    { purpose: 'sign-in', codeVerifier: pkce.verifier, redirectUri },
    expiresAt,
  );
  return {
    location: deps.googleSignIn.authorizationUrl({ redirectUri, state, codeChallenge: pkce.challenge }),
    cookies: [stateCookie(state, STATE_MINUTES * 60, input.secure)],
  };
}

const stateCookie = (value: string, maxAgeSeconds: number, secure: boolean): CookieToSet => ({
  name: OAUTH_STATE_COOKIE,
  value,
  path: COOKIE_PATH,
  maxAgeSeconds,
  httpOnly: true,
  secure,
});

/**
 * GET /api/auth/google/callback (ours): Google sends the browser back with `code` and `state` (or `error`).
 * Primary course: the state matches the browser's cookie and a stored, unused, unexpired state; the code is
 * exchanged with the PKCE verifier and Google's ID token verified; the account linked to that Google account signs
 * in, else the account with that (verified) e-mail is linked and signs in, else a new account is created. The
 * answer sets the session cookie and the `auth_success` cookie and goes to /auth-success/success.
 */
export async function completeGoogleSignIn(
  deps: CompleteGoogleSignInDeps,
  input: { code?: string; state?: string; error?: string; cookieState: string | null; secure: boolean },
): Promise<{ location: string; cookies: CookieToSet[] }> {
  const clearState = stateCookie('', 0, input.secure);
  const fail = (message: string) => ({ location: toLogin(message), cookies: [clearState] });

  if (!deps.googleSignIn) return fail(GOOGLE_SIGN_IN_ERRORS.notConfigured);
  // The state is checked first, even when Google reports an error, so a forged callback cannot pick the message.
  if (!input.state || !input.cookieState || input.state !== input.cookieState)
    return fail(GOOGLE_SIGN_IN_ERRORS.expired);
  const stored = await deps.oauthStates.consume(hashOf(input.state), deps.clock.now().getTime());
  if (!stored || stored.purpose !== 'sign-in') return fail(GOOGLE_SIGN_IN_ERRORS.expired);
  if (input.error) {
    return fail(
      input.error === 'access_denied'
        ? GOOGLE_SIGN_IN_ERRORS.cancelled
        : `Google sign-in failed: ${googleErrorCode(input.error)}.`,
    );
  }
  if (!input.code) return fail(GOOGLE_SIGN_IN_ERRORS.notConfirmed);

  let identity: GoogleIdentity;
  try {
    identity = await deps.googleSignIn.identify({
      code: input.code,
      codeVerifier: stored.codeVerifier,
      redirectUri: stored.redirectUri,
    });
  } catch (error) {
    deps.logger.warn('Google sign-in: the code exchange or the ID token was refused', { error: String(error) });
    return fail(GOOGLE_SIGN_IN_ERRORS.notConfirmed);
  }
  if (!identity.emailVerified) return fail(GOOGLE_SIGN_IN_ERRORS.unverified);

  const found = await accountFor(deps, identity);
  if (typeof found === 'string') return fail(found);
  // Google proved the address: a configured administrator address becomes an administrator now (only the account's
  // own address: a linked account whose address differs from its Google one proves nothing by it).
  if (found.email.toLowerCase() === identity.email.toLowerCase()) await addressProven(deps, found, identity.email);
  const session = await deps.sessionIssuer.start(found.id, { secure: input.secure });
  const authSuccess: CookieToSet = {
    name: AUTH_SUCCESS_COOKIE,
    value: '1',
    path: '/',
    maxAgeSeconds: 120,
    httpOnly: false,
    secure: input.secure,
  };
  return { location: '/auth-success/success', cookies: [clearState, session, authSuccess] };
}

/** Google's error codes are short words; anything else is not repeated to the visitor. */
const googleErrorCode = (error: string) => (/^[a-z_]{1,64}$/.test(error) ? error : 'unknown_error');

/**
 * The account this Google identity signs in to: the linked one; else the one with the same e-mail (linked now, and
 * claimed if its address was never proven); else a new one. Answers an error message when none may be used. One retry covers a concurrent first sign-in.
 */
async function accountFor(deps: GoogleAccountDeps, identity: GoogleIdentity): Promise<AccountRecord | string> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const linked = await deps.accounts.findByGoogleSubject(identity.subject);
    if (linked) return linked;

    const byEmail = await deps.accounts.findByEmail(identity.email);
    if (byEmail) {
      if (byEmail.googleSubject && byEmail.googleSubject !== identity.subject)
        return GOOGLE_SIGN_IN_ERRORS.otherGoogleAccount;
      // Google proved the address: the account is linked; one whose address was never proven is claimed (its
      // password cleared and its sessions ended: whoever set them did not own the address).
      const claimed = await claimAddress(deps, byEmail, { googleSubject: identity.subject });
      if (claimed) return claimed;
      continue; // linked or changed meanwhile: look again
    }

    const name = (identity.name ?? identity.email.split('@')[0] ?? identity.email).slice(0, 200);
    const created = await createAccount(deps, {
      name,
      email: identity.email,
      passwordHash: null,
      googleSubject: identity.subject,
      emailVerified: true,
    });
    if (created.result === 'created') return created.account;
    if (created.result === 'noUsername') break;
    // emailTaken / googleTaken: a concurrent sign-in or registration won; look again
  }
  return GOOGLE_SIGN_IN_ERRORS.retry;
}
