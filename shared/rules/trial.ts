import { TRIAL_DAYS } from '#shared/constants';
import { DAY_MS } from '#shared/time';

/**
 * The free trial (and what it means for activating events): it lasts 7 days from the account's
 * createdAt. Once it has ended, a host whose subscription is not 'active' cannot activate event types and their
 * booking pages answer as deactivated. The events dashboard's banner and the server's checks both read this.
 */

export interface FreeTrial {
  /** createdAt plus TRIAL_DAYS. */
  endsAt: Date;
  /** Whole days left, a started day counting as one; zero or less once it has ended. */
  daysRemaining: number;
  expired: boolean;
}

export function trialEndsAt(createdAt: string): Date {
  return new Date(Date.parse(createdAt) + TRIAL_DAYS * DAY_MS);
}

/** The trial at `now`: expired once the count of days left is zero or less, that is from `endsAt` on. */
export function freeTrial(createdAt: string, now: Date): FreeTrial {
  const endsAt = trialEndsAt(createdAt);
  const daysRemaining = Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS);
  // An unreadable createdAt gives NaN days: treated as ended, never as a trial without end.
  return { endsAt, daysRemaining, expired: !(daysRemaining > 0) };
}

/** The trial (and its banner) does not apply when the subscription status is 'active'. */
export const isSubscribed = (subscriptionStatus: string | null | undefined): boolean => subscriptionStatus === 'active';

/** Activating an event is blocked when the subscription is not active and the trial has expired. */
export const activationBlocked = (trial: FreeTrial, subscriptionStatus: string | null | undefined): boolean =>
  trial.expired && !isSubscribed(subscriptionStatus);

/**
 * Whether a host may have active event types at `now`: with a plan in force (the server decides that from the
 * recorded subscription state, functions/src/domain/billing.ts), or still inside the trial.
 */
export function mayActivateEvents(host: { createdAt: string }, planInForce: boolean, now: Date): boolean {
  return planInForce || !freeTrial(host.createdAt, now).expired;
}
