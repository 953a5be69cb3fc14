/**
 * The typed errors a use case or the HTTP layer may throw. Each carries its HTTP status and a stable code;
 * functions/src/http/errors.ts maps them to `{ message, code, details? }` in one place.
 */

export interface ErrorDetail {
  path: string;
  message: string;
}

export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  readonly details: ErrorDetail[] | undefined;
  /** Fields the spec's clients read beside the message, e.g. `isInactive` on a deactivated event's 403. */
  readonly extra: Record<string, unknown> | undefined;
  constructor(message: string, details?: ErrorDetail[], extra?: Record<string, unknown>) {
    super(message);
    this.details = details;
    this.extra = extra;
  }
}

export class ValidationFailed extends AppError {
  readonly status = 400;
  readonly code = 'VALIDATION_FAILED';
}
export class Unauthorized extends AppError {
  readonly status = 401;
  readonly code = 'UNAUTHORIZED';
}
/** The free trial has ended and no subscription is active (activating event types). */
export class PaymentRequired extends AppError {
  readonly status = 402;
  readonly code = 'PAYMENT_REQUIRED';
}
export class Forbidden extends AppError {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
}
export class NotFound extends AppError {
  readonly status = 404;
  readonly code = 'NOT_FOUND';
}
export class Conflict extends AppError {
  readonly status = 409;
  readonly code = 'CONFLICT';
}
/** Something that existed has ended for good (an expired team invitation). */
export class Gone extends AppError {
  readonly status = 410;
  readonly code = 'GONE';
}
/** A provider's webhook whose signature does not hold: forged, stale (over 5 minutes old) or for another secret. */
export class WebhookSignatureInvalid extends AppError {
  readonly status = 400;
  readonly code = 'INVALID_SIGNATURE';
}
export class PayloadTooLarge extends AppError {
  readonly status = 413;
  readonly code = 'PAYLOAD_TOO_LARGE';
}
export class UnsupportedMediaType extends AppError {
  readonly status = 415;
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
}
export class Unprocessable extends AppError {
  readonly status = 422;
  readonly code = 'UNPROCESSABLE';
}
/** A peer we depend on (mail, calendar, payments) failed; the caller may retry later. */
export class ServiceUnavailable extends AppError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
}

/**
 * This process has more of some expensive work (password hashing) in hand than it takes on: nothing was done, and
 * the caller may retry after `retryAfterSeconds` (503 with Retry-After; never a 500, never a write half-done).
 */
export class Overloaded extends AppError {
  readonly status = 503;
  readonly code = 'OVERLOADED';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, undefined, { retryAfterSeconds });
  }
}

/** An optimistic write lost a race (a version moved on); the caller re-reads and tries again. */
export class WriteConflict extends Error {
  override name = 'WriteConflict';
}

/**
 * The host's calendar refused their access (a revoked or expired Google grant). The adapter has already marked the
 * connection disconnected; callers treat the host as having no calendar.
 */
export class CalendarDisconnected extends Error {
  override name = 'CalendarDisconnected';
}

/** A reschedule's old booking was cancelled or rescheduled meanwhile. */
export class BookingChanged extends Error {
  override name = 'BookingChanged';
}

/** The Idempotency-Key was stored by a concurrent request meanwhile. */
export class IdempotencyConflict extends Error {
  override name = 'IdempotencyConflict';
}

/**
 * Too many attempts or requests (sign-in throttling, abuse limits): `retryAfterSeconds` in the body, Retry-After in
 * the headers.
 */
export class TooManyRequests extends AppError {
  readonly status = 429;
  readonly code = 'TOO_MANY_REQUESTS';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, undefined, { retryAfterSeconds });
  }
}
