import { StripeRestError } from '#functions/adapters/stripe/stripe-rest-errors';
import { ServiceUnavailable } from '#functions/errors';
import type { Logger } from '#functions/ports/core';

/**
 * Stripe's failures reach the use cases as our errors: unreachable, 5xx and rate limits as ServiceUnavailable
 * (the client has already retried twice, with the same idempotency key); a refused key as ServiceUnavailable with an
 * error log, since only an operator can fix it; an invalid request, which is a bug of ours, as it is.
 */

const UNREACHABLE = 'The payment service is not reachable just now. Please try again in a moment.';
const AUTH_FAILED = 'Payment service authentication error. Our team has been notified.';

/** Runs a Stripe call, answering its failures as our errors (see the module comment). */
export async function guarded<T>(work: () => Promise<T>, logger: Logger | undefined): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translated(error, logger);
  }
}

/** A Stripe failure as our error (see the module comment); anything else as it is. */
function translated(error: unknown, logger: Logger | undefined): unknown {
  if (!(error instanceof StripeRestError)) return error;
  const fields = { type: error.type, statusCode: error.statusCode, requestId: error.requestId, message: error.message };
  switch (error.type) {
    case 'StripeConnectionError':
    case 'StripeAPIError':
    case 'StripeRateLimitError':
      logger?.warn('Stripe is not reachable', fields);
      return new ServiceUnavailable(UNREACHABLE, undefined, { error: UNREACHABLE });
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      // A revoked, rotated or under-privileged key: nothing a retry fixes, so it goes to an operator.
      logger?.error('Stripe refused our API key', fields);
      return new ServiceUnavailable(AUTH_FAILED, undefined, { error: AUTH_FAILED });
    default:
      return error;
  }
}

export const hasCode = (error: unknown, code: string): boolean =>
  error instanceof StripeRestError && error.code === code;

/** The object, or null when Stripe does not know its id (404 resource_missing). */
export async function orNullWhenMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (hasCode(error, 'resource_missing')) return null;
    throw error;
  }
}
