import { limitMessage, type RateRule } from '#functions/domain/abuse-limits';
import { TooManyRequests } from '#functions/errors';
import type { Clock } from '#functions/ports/core';
import type { RateLimiter } from '#functions/ports/rate-limits';

/** What counting against the abuse limits needs. */
export type RateLimitDeps = { rateLimiter: RateLimiter; clock: Clock };

/**
 * Counts an anonymous write against each of its abuse limits (functions/src/domain/abuse-limits.ts) and refuses it
 * with 429 and Retry-After, before any work, when one is exceeded. Every rule is counted even when an earlier one
 * refuses, so a flood cannot slip under a rule while another refuses it.
 */
export async function enforceLimits(deps: RateLimitDeps, checks: { rule: RateRule; subject: string }[]): Promise<void> {
  const now = deps.clock.now();
  const decisions = await Promise.all(checks.map(({ rule, subject }) => deps.rateLimiter.hit(rule, subject, now)));
  let refused: { rule: RateRule; retryAfterSeconds: number } | undefined;
  decisions.forEach((decision, index) => {
    if (decision.allowed) return;
    if (!refused || decision.retryAfterSeconds > refused.retryAfterSeconds) {
      refused = { rule: checks[index]!.rule, retryAfterSeconds: decision.retryAfterSeconds };
    }
  });
  if (refused)
    throw new TooManyRequests(limitMessage(refused.rule, refused.retryAfterSeconds), refused.retryAfterSeconds);
}
