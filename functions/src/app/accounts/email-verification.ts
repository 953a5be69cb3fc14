import { createHash, randomBytes } from 'node:crypto';

import { enforceLimits, type RateLimitDeps } from '#functions/app/common/abuse-limits';
import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import type { Config } from '#functions/config';
import { ABUSE_LIMITS } from '#functions/domain/abuse-limits';
import { earnsAdminRole } from '#functions/domain/accounts';
import { emailChangeMail, emailChangeNoticeMail, verificationMail } from '#functions/domain/mail/account';
import type { AccountRecord } from '#functions/domain/records';
import { Conflict, ServiceUnavailable, Unauthorized, ValidationFailed } from '#functions/errors';
import type { AccountRepository, EmailProof, EmailProofs } from '#functions/ports/accounts';
import type { GuestPlanClaims } from '#functions/ports/billing';
import type { GoogleCalendarAuth, TokenCipher } from '#functions/ports/calendar';
import type { Clock, Logger, Principal } from '#functions/ports/core';
import type { HostRepository } from '#functions/ports/hosts';
import type { Mailer } from '#functions/ports/mail';

/**
 * An e-mail address belongs to whoever proves it (issue 13, item 6; docs/security.md). A new account's address is
 * proven by the verification link mailed at registration; a new address for a profile by a link mailed to it; the
 * address of any account also by Google's verified claim or a used sign-in link, which, for an account whose address
 * was never proven, ends whatever its unproven creator set up (password, sessions) before the owner gets it.
 * Every link opens a page; only the page's button (a POST) acts.
 */

export const VERIFY_EMAIL_PAGE = '/verify-email';
/** How long a mailed verification or e-mail change link works. */
export const EMAIL_PROOF_HOURS = 24;
export const EMAIL_PROOF_INVALID = 'This confirmation link is invalid, used or expired. Please ask for a new one.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** What mailing a proof link needs: the stored proofs, the mailer, the site's address, the log. */
export type ProofMailDeps = { emailProofs: EmailProofs; mailer: Mailer; clock: Clock; config: Config; logger: Logger };
/** Another verification link for the caller, within the confirmation mail limits. */
export type ResendVerificationDeps = CallerDeps & RateLimitDeps & ProofMailDeps;
/**
 * What acting on a proven address needs: the account (a configured administrator address gets its role) and billing's
 * side (the plans a guest bought for it, through the GuestPlanClaims port).
 */
export type GrantAdminDeps = { accounts: AccountRepository; config: Config; guestPlans: GuestPlanClaims };
/**
 * What claiming a proven address's account needs: with the calendar the unproven creator connected (its Google
 * grant is revoked at Google).
 */
export type ClaimAddressDeps = GrantAdminDeps & {
  clock: Clock;
  logger: Logger;
  hosts: HostRepository;
  tokenCipher: TokenCipher;
  googleCalendarAuth: GoogleCalendarAuth | null;
};
/** What using a mailed proof needs. */
export type ConfirmEmailDeps = GrantAdminDeps & { emailProofs: EmailProofs; clock: Clock };

/** Stores a proof for `email` and answers the link that uses it (a page on SITE_URL). */
async function newProofLink(deps: ProofMailDeps, proof: EmailProof): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await deps.emailProofs.create(hashOf(token), proof, deps.clock.now().getTime() + EMAIL_PROOF_HOURS * 3_600_000);
  return `${deps.config.siteUrl}${VERIFY_EMAIL_PAGE}?token=${token}`;
}

/**
 * Mails a new account's verification link. A mail that cannot be sent is logged, not thrown: the account exists,
 * and the banner's "Resend link" sends another.
 */
export async function sendVerificationLink(
  deps: ProofMailDeps,
  account: Pick<AccountRecord, 'id' | 'name' | 'email'>,
): Promise<void> {
  try {
    const link = await newProofLink(deps, { userId: account.id, email: account.email, purpose: 'verify' });
    await deps.mailer.send({
      to: [account.email],
      ...verificationMail({ name: account.name, link, hours: EMAIL_PROOF_HOURS }),
    });
  } catch (error) {
    deps.logger.error('Verification mail not sent', {
      userId: account.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Counts a confirmation mail against its limits (ABUSE_LIMITS: per account, per client address); 429 beyond. */
export const limitConfirmationMails = (deps: RateLimitDeps, userId: string, clientAddress: string) =>
  enforceLimits(deps, [
    { rule: ABUSE_LIMITS.confirmationMailsPerAccount, subject: userId },
    { rule: ABUSE_LIMITS.confirmationMailsPerAddress, subject: clientAddress },
  ]);

/**
 * POST /api/auth/resend-verification (the banner's button): another verification link, within the confirmation
 * mail limits (3 per account, 10 per client address, per 15 minutes; 429 beyond). Already confirmed: says so,
 * nothing mailed.
 */
export async function resendVerification(
  deps: ResendVerificationDeps,
  principal: Principal | null,
  clientAddress: string,
): Promise<{ message: string }> {
  const account = await callerAccount(deps, principal);
  if (account.emailVerified) return { message: 'Your e-mail address is already confirmed.' };
  await limitConfirmationMails(deps, account.id, clientAddress);
  await sendVerificationLink(deps, account);
  return { message: `A new confirmation link is on its way to ${account.email}.` };
}

/**
 * A profile's new e-mail address: nothing changes until the link mailed to it is used; the old address is told.
 * A mail that cannot be sent is a 503 (the pending address stays, and asking again sends a new link).
 */
export async function requestEmailChange(deps: ProofMailDeps, account: AccountRecord, newEmail: string): Promise<void> {
  const link = await newProofLink(deps, { userId: account.id, email: newEmail, purpose: 'change' });
  try {
    await deps.mailer.send({
      to: [newEmail],
      ...emailChangeMail({
        name: account.name,
        newEmail,
        currentEmail: account.email,
        link,
        hours: EMAIL_PROOF_HOURS,
      }),
    });
    await deps.mailer.send({ to: [account.email], ...emailChangeNoticeMail({ name: account.name, newEmail }) });
  } catch (error) {
    deps.logger.error('E-mail change mail not sent', {
      userId: account.id,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new ServiceUnavailable(
      `We could not send the confirmation e-mail to ${newEmail} just now. Please try again in a moment.`,
    );
  }
}

/**
 * The account proved `provenEmail` (the one place this is acted on): an address listed in ADMIN_EMAILS becomes an
 * administrator, never before; the plans a guest bought for the address become the account's (issue 18).
 */
export async function addressProven(deps: GrantAdminDeps, account: AccountRecord, provenEmail: string): Promise<void> {
  if (earnsAdminRole(account, provenEmail, deps.config.adminEmails)) await deps.accounts.grantAdmin(account.id);
  await deps.guestPlans.claimGuestPlans(account, provenEmail);
}

/**
 * The owner proved the account's address (Google, a sign-in link): an unproven account is claimed — its password
 * cleared and every session ended — and it becomes verified (and linked to Google when given). Whatever Google
 * Calendar its unproven creator connected is dropped here in the same write and its grant revoked at Google after
 * it (issue 30: nothing of theirs stays linked; a revocation Google refuses is logged, the grant is gone here).
 * Answers the account as it is now, or null when it changed meanwhile or the Google account belongs to another.
 */
export async function claimAddress(
  deps: ClaimAddressDeps,
  account: AccountRecord,
  proof: { googleSubject?: string } = {},
): Promise<AccountRecord | null> {
  if (account.emailVerified && !proof.googleSubject) {
    await addressProven(deps, account, account.email);
    return account;
  }
  // Read before the claim replaces it: the creator's Google grant, to revoke once the claim holds.
  const squatterGrant = account.emailVerified ? null : await googleGrantOf(deps, account.id);
  const result = await deps.accounts.claimProvenAddress(account, proof, deps.clock.now());
  if (result !== 'claimed') return null;
  if (squatterGrant) await revokeGoogleGrant(deps, account.id, squatterGrant);
  if (!account.emailVerified)
    deps.logger.warn('An unproven account was claimed by the owner of its address', { userId: account.id });
  await addressProven(deps, account, account.email);
  return {
    ...account,
    emailVerified: true,
    passwordHash: account.emailVerified ? account.passwordHash : null,
    googleSubject: proof.googleSubject ?? account.googleSubject,
  };
}

/** The sealed refresh token of the account's Google Calendar grant, if it has one. */
async function googleGrantOf(deps: ClaimAddressDeps, accountId: string): Promise<string | null> {
  const calendar = (await deps.hosts.get(accountId))?.calendar;
  return calendar?.provider === 'google' ? (calendar.sealedRefreshToken ?? null) : null;
}

/** Revokes a Google grant at Google; a failure is logged (the grant is no longer stored here either way). */
async function revokeGoogleGrant(deps: ClaimAddressDeps, accountId: string, sealed: string): Promise<void> {
  try {
    if (!deps.googleCalendarAuth) throw new Error('Google is not configured in this function.');
    await deps.googleCalendarAuth.revoke(await deps.tokenCipher.open(sealed, accountId));
    deps.logger.info("The Google grant of a claimed account's unproven creator was revoked", { userId: accountId });
  } catch (error) {
    deps.logger.error("Could not revoke the Google grant of a claimed account's unproven creator", {
      userId: accountId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

export const EMAIL_PROOF_NEEDS_SESSION =
  'Please sign in to the Meetwise account that asked for this link, then press the button again. If you did not ask for it, ignore it: nothing changes.';

/**
 * POST /api/auth/verify-email `{ token }` (the /verify-email page's button): uses a mailed proof once, for the
 * account signed in here only. The link proves the mailbox; the session proves that the account's own holder asked
 * for it. Without the session, a squatter who registered (or changed their address to) someone's address would
 * get it, and an administrator address with it, the moment its owner pressed the button of a mail they never asked
 * for (issue 13, item 6). Such an owner takes the account with a sign-in link instead (claimAddress).
 * A new account's link marks its address verified (its password stays: the person who registered proved the
 * address). An e-mail change's link moves the account to the new address, verified, if it is still the pending
 * one (409 if another account took it meanwhile). An administrator address becomes an administrator now.
 * A wrong, used or expired link, or one for another account, is 400; signed out, 401 and the link is not used up.
 */
export async function confirmEmail(
  deps: ConfirmEmailDeps,
  principal: Principal | null,
  token: string,
): Promise<{ message: string; email: string }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new ValidationFailed(EMAIL_PROOF_INVALID);
  if (!principal) throw new Unauthorized(EMAIL_PROOF_NEEDS_SESSION);
  const proof = await deps.emailProofs.consume(hashOf(token), principal.userId, deps.clock.now().getTime());
  const account = proof ? await deps.accounts.get(proof.userId) : null;
  if (!proof || !account) throw new ValidationFailed(EMAIL_PROOF_INVALID);
  if (proof.purpose === 'verify') {
    if (account.email.toLowerCase() !== proof.email.toLowerCase()) throw new ValidationFailed(EMAIL_PROOF_INVALID);
    if (!account.emailVerified) {
      const result = await deps.accounts.updateProfile(account, {
        name: account.name,
        email: account.email,
        emailVerified: true,
      });
      if (result !== 'updated') throw new Conflict('Your account changed meanwhile. Please open the link again.');
    }
  } else {
    // Only the change still asked for: a later request, or the owner's claim of the account, voids earlier links.
    if (account.pendingEmail?.toLowerCase() !== proof.email.toLowerCase())
      throw new ValidationFailed(EMAIL_PROOF_INVALID);
    const result = await deps.accounts.updateProfile(account, {
      name: account.name,
      email: proof.email,
      emailVerified: true,
      pendingEmail: null,
    });
    if (result === 'emailTaken') throw new Conflict('An account with this email already exists.');
    if (result !== 'updated') throw new Conflict('Your account changed meanwhile. Please open the link again.');
  }
  await addressProven(deps, account, proof.email);
  return { message: 'Your e-mail address is confirmed.', email: proof.email };
}
