import { TRIAL_DAYS } from '#shared/constants';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface FreeTrial {
  /** createdAt plus TRIAL_DAYS. */
  endsAt: Date;
  /** Whole days left, a started day counting as one; zero or less once it has ended. */
  daysRemaining: number;
  expired: boolean;
}

/** host-area.md §4 "Free trial", §9: the trial lasts 7 days from the user's createdAt; expired once the count is zero or less. */
export function freeTrial(createdAt: string, now: Date): FreeTrial {
  const endsAt = new Date(Date.parse(createdAt) + TRIAL_DAYS * DAY_MS);
  const daysRemaining = Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS);
  return { endsAt, daysRemaining, expired: daysRemaining <= 0 };
}

/** §4: the trial (and its banner) does not apply when the subscription status is 'active'. */
export const isSubscribed = (subscriptionStatus: string): boolean => subscriptionStatus === 'active';

/** §4 "Event active/inactive": activation is blocked when the subscription is not active and the trial has expired. */
export const activationBlocked = (trial: FreeTrial, subscriptionStatus: string): boolean =>
  trial.expired && !isSubscribed(subscriptionStatus);
