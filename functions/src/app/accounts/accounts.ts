import type { CurrentUser } from '#shared/api/schemas/auth';
import {
  limitConfirmationMails,
  requestEmailChange,
  sendVerificationLink,
  type ProofMailDeps,
} from '#functions/app/accounts/email-verification';
import { enforceLimits, type RateLimitDeps } from '#functions/app/common/abuse-limits';
import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import type { Config } from '#functions/config';
import { ABUSE_LIMITS } from '#functions/domain/abuse-limits';
import {
  isEmailIdentifier,
  LOGIN_LIMITS,
  loginBlocked,
  usernameBase,
  usernameCandidate,
} from '#functions/domain/accounts';
import { builtinConnection } from '#functions/domain/calendar';
import type { AccountRecord } from '#functions/domain/records';
import { Conflict, ServiceUnavailable, TooManyRequests, Unauthorized } from '#functions/errors';
import type { AccountRepository, LoginThrottle, PasswordHasher, PhotoStore } from '#functions/ports/accounts';
import type { BillingStore, PaymentProvider } from '#functions/ports/billing';
import type { CalendarCleanup } from '#functions/ports/calendar';
import type { Clock, IdGenerator, Logger, Metrics, Principal } from '#functions/ports/core';
import type { SessionIssuer } from '#functions/ports/sessions';
import type { TeamDepartures } from '#functions/ports/teams';

const INVALID_LOGIN = 'Invalid username or password';
const USERNAME_ATTEMPTS = 20;

/** What writing a new account under a free username needs. */
export type CreateAccountDeps = { accounts: AccountRepository; ids: IdGenerator; clock: Clock };
/** Registration: the abuse limits, password hashing, the new account, its verification mail. */
export type RegisterDeps = RateLimitDeps & CreateAccountDeps & ProofMailDeps & { passwords: PasswordHasher };
/** Signing in with a password: the account, the password check, the throttle, a new session. */
export type LoginDeps = {
  accounts: AccountRepository;
  passwords: PasswordHasher;
  sessionIssuer: SessionIssuer;
  loginThrottle: LoginThrottle;
  clock: Clock;
  config: Config;
  metrics: Metrics;
};
/** Signing out ends the session. */
export type LogoutDeps = { sessionIssuer: SessionIssuer };
/** The signed-in user's account. */
export type CurrentUserDeps = { accounts: AccountRepository; config: Config };
/** A profile change: the caller's account, and for a new e-mail the confirmation mail limits and mails. */
export type UpdateProfileDeps = CallerDeps & RateLimitDeps & ProofMailDeps;
/**
 * Account deletion: the caller's account, their plans and Stripe (to end a subscription first), their images, their
 * calendar and their teams (the calendars' and the teams' sides, through the CalendarCleanup and TeamDepartures
 * ports), and the cookie to clear.
 */
export type DeleteAccountDeps = CallerDeps & {
  calendarCleanup: CalendarCleanup;
  teamDepartures: TeamDepartures;
  sessionIssuer: SessionIssuer;
  photos: PhotoStore;
  billing: BillingStore;
  clock: Clock;
  logger: Logger;
} & Partial<{ payments: PaymentProvider | null }> & {
    /**
     * How to reach Stripe, asked only when the account has a subscription to end (the function's handler), so that
     * deleting an account that never paid reads no Stripe secret; else `payments` as given.
     */
    paymentsWhenNeeded?: () => Promise<PaymentProvider | null>;
  };

/**
 * What the signed-in user sees of their account. `isAdmin` is the stored role only: a configured admin e-mail
 * grants it once the address is proven (Google, a used sign-in or verification link), never by typing it at
 * sign-up or in the profile. `emailVerified` false shows the banner that asks to confirm the address.
 */
export function toCurrentUser(account: AccountRecord): CurrentUser {
  return {
    email: account.email,
    name: account.name,
    username: account.username,
    photoUrl: account.photoUrl,
    createdAt: account.createdAt,
    isAdmin: account.role === 'admin',
    emailVerified: account.emailVerified,
    pendingEmail: account.pendingEmail ?? null,
  };
}

/**
 * Creates an account (POST /api/auth/register; issue 5).
 * Input: name, e-mail, password (validated), the client's address. Output: the new user (no session: the page goes
 * to /login).
 * Primary course: count the registration against the address's limit (5 an hour; 429 before any work); hash the
 * password (scrypt, in a bounded lane: 503 with Retry-After when the process has too many in hand, nothing
 * written); derive the username from the e-mail's local part; write the profile with its e-mail and username claims
 * in one transaction; mail the verification link (the address is trusted for nothing until it is used). A taken
 * username is retried with the next suffix. A known e-mail (any case) is 409 and changes nothing, whatever the
 * password given: the answer never says whether it is the account's password (issue 30: a registration that answered
 * 201 for the right password was a password check without the sign-in throttle). A client whose first answer was
 * lost signs in.
 */
export async function register(
  deps: RegisterDeps,
  input: { name: string; email: string; password: string; clientAddress: string },
): Promise<{ message: string; user: CurrentUser }> {
  await enforceLimits(deps, [{ rule: ABUSE_LIMITS.registrationsPerAddress, subject: input.clientAddress }]);
  const passwordHash = await deps.passwords.hash(input.password);
  // The address is not proven until its verification link is used: it is trusted for nothing before.
  const created = await createAccount(deps, {
    name: input.name,
    email: input.email,
    passwordHash,
    googleSubject: null,
    emailVerified: false,
  });
  if (created.result === 'emailTaken') throw new Conflict('An account with this email already exists.');
  if (created.result !== 'created') throw new Conflict('Please try again.');
  await sendVerificationLink(deps, created.account);
  return { message: 'Account created', user: toCurrentUser(created.account) };
}

/**
 * Writes a new account (registration, first Google sign-in) under the username derived from its e-mail: the base,
 * base2 … base20, then (twenty taken names in a row) once with a random suffix. Answers the account as written,
 * or why nothing was: the e-mail or the Google account belongs to another account.
 */
export async function createAccount(
  deps: CreateAccountDeps,
  draft: Pick<AccountRecord, 'name' | 'email' | 'passwordHash' | 'googleSubject' | 'emailVerified'>,
): Promise<{ result: 'created' | 'emailTaken' | 'googleTaken' | 'noUsername'; account: AccountRecord }> {
  const base = usernameBase(draft.email);
  const account: AccountRecord = {
    ...draft,
    id: deps.ids.next(),
    username: base,
    photoUrl: null,
    createdAt: deps.clock.now().toISOString(),
    role: null,
  };
  for (const username of usernameCandidates(base, deps.ids)) {
    const candidate = { ...account, username };
    // A new host starts with the built-in calendar connected: bookable at once, never a page that fails at the end.
    const result = await deps.accounts.create(candidate, { calendar: builtinConnection(candidate.email) });
    if (result !== 'usernameTaken') return { result, account: candidate };
  }
  return { result: 'noUsername', account };
}

function* usernameCandidates(base: string, ids: IdGenerator): Generator<string> {
  for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) yield usernameCandidate(base, attempt);
  yield `${base.slice(0, 23)}-${ids
    .next()
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 6)
    .toLowerCase()}`;
}

/** A count that was not taken (see login). */
const NOT_COUNTED = { failures: 0, windowEndsAt: 0 };

/**
 * Signs in (POST /api/login).
 * Input: username or e-mail, password, the client's address, whether the connection is HTTPS. Output: the user and
 * the session cookie.
 * Primary course: find the account by e-mail or username; count the attempt for the account with this address, then
 * (only while that pair is under its limit) for the account and for the address; refuse with 429 when the limits of
 * LOGIN_LIMITS are reached (5 for the account from this address, 50 for the account from anywhere, 100 for the
 * address), whatever the password; check the
 * password (constant time, the same work for unknown users); answer the same 401 for an unknown user and a wrong
 * password (the attempt stays counted); on success forget this address's failures on the account, take the attempt
 * back from the other two counts and start a session.
 */
export async function login(
  deps: LoginDeps,
  input: { username: string; password: string; clientAddress: string; secure: boolean },
): Promise<{ user: CurrentUser; cookie: string }> {
  const now = deps.clock.now();
  const identifier = input.username.trim().toLowerCase();
  const account = isEmailIdentifier(identifier)
    ? await deps.accounts.findByEmail(identifier)
    : await deps.accounts.findByUsername(identifier);
  const accountKey = `account:${account?.id ?? identifier}`;
  const addressKey = `address:${input.clientAddress}`;
  const pairKey = `${accountKey}@${input.clientAddress}`;
  // Counted before the password is checked: of many attempts sent at once, only those under the limit are checked.
  // The pair first: an address already stopped on this account adds nothing to the account's or the address's
  // counts, so no single address can lock the account for its owner (only many addresses together can).
  const accountAndAddress = await deps.loginThrottle.reserve(pairKey, now);
  const [accountCount, addressCount] =
    accountAndAddress.failures >= LOGIN_LIMITS.perAccountAndAddress
      ? [NOT_COUNTED, NOT_COUNTED]
      : await Promise.all([deps.loginThrottle.reserve(accountKey, now), deps.loginThrottle.reserve(addressKey, now)]);
  const blocked = loginBlocked({ accountAndAddress, account: accountCount, address: addressCount }, now.getTime());
  if (blocked.blocked) {
    deps.metrics.count('LoginThrottled');
    const minutes = Math.ceil(blocked.retryAfterSeconds / 60);
    throw new TooManyRequests(
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or sign in with an e-mailed link.`,
      blocked.retryAfterSeconds,
    );
  }

  const valid = await deps.passwords.verify(input.password, account?.passwordHash ?? null);
  if (!account || !valid) throw new Unauthorized(INVALID_LOGIN);
  // A success clears this address's failures on the account and counts against neither the account nor the address.
  await Promise.all([
    deps.loginThrottle.reset(pairKey),
    deps.loginThrottle.release(accountKey),
    deps.loginThrottle.release(addressKey),
  ]);
  const cookie = await deps.sessionIssuer.start(account.id, { secure: input.secure });
  return { user: toCurrentUser(account), cookie };
}

/** Ends the caller's session (its item is deleted) and clears the cookie; signed out already is fine. */
export async function logout(
  deps: LogoutDeps,
  principal: Principal | null,
  secure: boolean,
): Promise<{ message: string; cookie: string }> {
  if (principal) await deps.sessionIssuer.end(principal.userId, principal.sessionId);
  return { message: 'Logged out', cookie: deps.sessionIssuer.clearCookie({ secure }) };
}

/** GET /api/me: the signed-in user, or null. */
export async function currentUser(
  deps: CurrentUserDeps,
  principal: Principal | null,
): Promise<{ user: CurrentUser | null }> {
  if (!principal) return { user: null };
  const account = await deps.accounts.get(principal.userId);
  return { user: account ? toCurrentUser(account) : null };
}

/**
 * POST /api/profile/update (updateProfile in docs/api.md): new name and e-mail; the username never changes.
 * The name changes at once. A new e-mail changes nothing yet (issue 13, item 6): it must be free (409 otherwise)
 * and within the confirmation mail limits (429), a confirmation link goes to it and a notice to the current address, and the address changes when the link is
 * used (POST /api/auth/verify-email); meanwhile the profile shows it as pending.
 */
export async function updateProfile(
  deps: UpdateProfileDeps,
  principal: Principal | null,
  changes: { name: string; email: string },
  clientAddress: string,
): Promise<{ message: string; user: CurrentUser }> {
  const account = await callerAccount(deps, principal);
  const emailChanges = changes.email.toLowerCase() !== account.email.toLowerCase();
  if (emailChanges && (await deps.accounts.findByEmail(changes.email)))
    throw new Conflict('An account with this email already exists.');
  // Each change mails two addresses: it counts as a confirmation mail (nobody mails strangers through us).
  if (emailChanges) await limitConfirmationMails(deps, account.id, clientAddress);
  // Only the spelling of the same address (its case) changes at once; another address waits for its proof.
  const email = emailChanges ? account.email : changes.email;
  const pendingEmail = emailChanges ? changes.email : (account.pendingEmail ?? null);
  const result = await deps.accounts.updateProfile(account, { name: changes.name, email, pendingEmail });
  if (result === 'emailTaken') throw new Conflict('An account with this email already exists.');
  if (result === 'changed')
    throw new Conflict('Your profile was changed meanwhile. Please reload the page and try again.');
  const updated = { ...account, name: changes.name, email, pendingEmail };
  if (!emailChanges) return { message: 'Profile updated', user: toCurrentUser(updated) };
  await requestEmailChange(deps, updated, changes.email);
  return {
    message: `We sent a confirmation link to ${changes.email}. Your e-mail address changes when you open it.`,
    user: toCurrentUser(updated),
  };
}

/** Stripe could not be asked to end the subscription: nothing of the account was deleted. */
export const DELETION_NEEDS_STRIPE =
  'We could not cancel your subscription with our payment provider just now, so your account was not deleted and nothing changed. Please try again in a few minutes.';
/** The note Stripe keeps on a subscription ended by its account's deletion. */
export const DELETION_CANCELLATION_COMMENT = 'Meetwise account deleted';
const SUBSCRIPTION_ENDED = 'Your subscription was cancelled, and you will not be charged again.';
/** Plan states that charge nothing more (Stripe's words). */
const ENDED_PLAN_STATES = new Set(['canceled', 'incomplete_expired']);

/**
 * Before an account goes, each of its subscriptions that could still charge (active, past due, unpaid, or started and
 * not yet paid, even when set to end with its period) is ended at Stripe now, with no final invoice and no proration
 * (issue 30, §3), and recorded: the plan here says canceled (so a deletion run again skips it), Stripe keeps the
 * reason, and the log names the subscription. Stripe unreachable (or billing turned off while a subscription still
 * runs): 503 and nothing deleted, never an account gone with a subscription still charging. Answers how many ended.
 */
async function endSubscriptions(deps: DeleteAccountDeps, account: AccountRecord): Promise<number> {
  const owner = { kind: 'account' as const, accountId: account.id };
  const running = (await deps.billing.plans(owner)).filter(
    (plan) => plan.planType !== 'lifetime' && !ENDED_PLAN_STATES.has(plan.status),
  );
  if (running.length === 0) return 0;
  const payments = deps.paymentsWhenNeeded ? await deps.paymentsWhenNeeded() : deps.payments;
  if (!payments) {
    deps.logger.error('A subscription runs but billing is off: the account was not deleted', { userId: account.id });
    throw new ServiceUnavailable(DELETION_NEEDS_STRIPE);
  }
  let ended = 0;
  for (const plan of running) {
    let subscription;
    try {
      subscription = await payments.cancelNow(plan.id, DELETION_CANCELLATION_COMMENT);
    } catch (error) {
      deps.logger.warn('Could not cancel a subscription: the account was not deleted', {
        userId: account.id,
        subscriptionId: plan.id,
        error: error instanceof Error ? error.message : String(error),
      });
      throw new ServiceUnavailable(DELETION_NEEDS_STRIPE);
    }
    await deps.billing.savePlan(owner, {
      ...plan,
      status: subscription?.status ?? 'canceled',
      cancelAtPeriodEnd: false,
      stateAt: Math.max(plan.stateAt + 1, Math.floor(deps.clock.now().getTime() / 1000)),
    });
    deps.logger.info('Subscription cancelled because its account is deleted', {
      userId: account.id,
      subscriptionId: plan.id,
      customerId: plan.customerId,
      status: subscription?.status ?? 'unknown at Stripe',
    });
    if (plan.status !== 'incomplete') ended++;
  }
  return ended;
}

/**
 * DELETE /api/auth/account: removes the caller's account, its images and everything it owns (see AccountRepository
 * .deleteAccount), which ends all of its sessions; the answer clears the cookie. First each subscription that could
 * still charge is cancelled at Stripe at once (endSubscriptions: Stripe unreachable is 503, nothing deleted). Then
 * the account leaves each of its teams (teams.ts leaveAllTeams: a sole owner's team gets its longest-standing admin,
 * else member, as owner; a team left with nobody is deleted; the member's team bookings are released and their event
 * types move on).
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  principal: Principal | null,
  secure: boolean,
): Promise<{ success: true; message: string; cookie: string }> {
  const account = await callerAccount(deps, principal);
  const subscriptionsEnded = await endSubscriptions(deps, account);
  await deps.teamDepartures.leaveAllTeams(account.id);
  // Every image of the account: the profile photo and the event photos and guest logos.
  await deps.photos.deleteFolder(account.id);
  // The Google Calendar grant is revoked at Google, and the calendar's lookup items outside the account go.
  await deps.calendarCleanup.forgetCalendar(account.id);
  await deps.accounts.deleteAccount(account);
  return {
    success: true,
    message:
      subscriptionsEnded > 0
        ? `Your account has been deleted. ${SUBSCRIPTION_ENDED}`
        : 'Your account has been deleted.',
    cookie: deps.sessionIssuer.clearCookie({ secure }),
  };
}
