import type { RateDecision, RateRule } from '#functions/domain/abuse-limits';

/** Abuse limits: requests counted per rule and subject over a window (docs/security.md). */

/** Abuse limits: requests counted per rule and subject (a client address, an address and a host) over a window. */
export interface RateLimiter {
  /** Counts this request; answers whether it is within the rule, or how long until the window ends. */
  hit(rule: RateRule, subject: string, now: Date): Promise<RateDecision>;
}
