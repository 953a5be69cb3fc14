/**
 * How booking mail keeps to the pace SES allows (issue 30, docs/scale.md "SES's sending rate"): the queue's consumer
 * (functions/src/app/mail/mail-queue.ts) sends at most `rate` mails in any second of the clock, whatever the number of
 * consumers running, by taking tokens from a counter per second kept in the table (adapters/dynamodb/mail-pacer.ts),
 * and answers SES's throttling by putting the message back for later, never by dropping it. These are the rules.
 */

/** SES's default sending rate of a new production account (the sandbox's is 1). */
export const DEFAULT_MAIL_RATE_PER_SECOND = 14;

/**
 * The rate the consumer keeps to: the lower of the account's (SES GetSendQuota's MaxSendRate, when it could be read)
 * and the stage's own (MAIL_RATE_PER_SECOND), whole mails a second, at least 1.
 */
export function sendingRate(accountMaxSendRate: number | null, stageRate: number): number {
  const account = accountMaxSendRate !== null && Number.isFinite(accountMaxSendRate) ? accountMaxSendRate : Infinity;
  return Math.max(1, Math.floor(Math.min(account, stageRate)));
}

/**
 * Tokens a consumer got from a second's counter: it added `asked` and the counter then read `counterAfter`; the
 * tokens under `rate` are its own (the others asked first). Tokens asked past the rate are lost for that second,
 * which can only make the second send fewer, never more.
 */
export function tokensGranted(counterAfter: number, asked: number, rate: number): number {
  const before = counterAfter - asked;
  return Math.max(0, Math.min(asked, rate - before));
}

/** Milliseconds from `nowMs` to the start of the next second of the clock (the next counter). */
export const untilNextSecond = (nowMs: number): number => 1000 - (nowMs % 1000);

/** SQS's longest visibility timeout is 12 hours; a message backs off 15 minutes at most (SQS's longest delay). */
export const MAX_BACKOFF_SECONDS = 900;

/**
 * How long a message waits before it is handed over again after a send SES throttled or that failed, by how many
 * times it has been received: 2 s, 4 s, 8 s … up to 15 minutes, each with up to half of it taken off at random so
 * that messages throttled together do not come back together. `random` is in [0, 1).
 */
export function backoffSeconds(receiveCount: number, random: number): number {
  const exponent = Math.min(Math.max(receiveCount, 1), 20);
  const full = Math.min(MAX_BACKOFF_SECONDS, 2 ** exponent);
  return Math.max(1, Math.round(full * (1 - random / 2)));
}

/**
 * Whether an error is SES refusing for rate: `Throttling` ("Maximum sending rate exceeded.", SES v1), the SDK's
 * `ThrottlingException`, or `TooManyRequestsException` (SES v2). A daily quota used up ("Daily message quota
 * exceeded.") is throttling too: the message waits like the others.
 */
export function isThrottling(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'Throttling' || name === 'ThrottlingException' || name === 'TooManyRequestsException') return true;
  return typeof message === 'string' && /maximum sending rate exceeded|daily message quota exceeded/i.test(message);
}
