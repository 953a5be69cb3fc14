/**
 * Stripe's failures as our Stripe client (stripe-rest.ts) answers them: a StripeRestError whose `type` is the name of
 * the SDK's error class the same answer makes (`StripeCardError`, …), chosen as stripe-node does, with Stripe's error
 * body's fields (`error.type`, `code`, `decline_code`, `param`, `message`).
 */

/** The SDK error class names, as `StripeError.type` gives them. */
export type StripeErrorType =
  | 'StripeCardError'
  | 'StripeInvalidRequestError'
  | 'StripeIdempotencyError'
  | 'StripeAuthenticationError'
  | 'StripePermissionError'
  | 'StripeRateLimitError'
  | 'StripeAPIError'
  | 'StripeConnectionError';

/** Stripe's error body (`{ error: { … } }`), the fields we read. */
interface RawStripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  param?: string;
  message?: string;
  doc_url?: string;
}

/** A Stripe failure, with the fields of stripe-node's StripeError that we use (same names). */
export class StripeRestError extends Error {
  override readonly name = 'StripeRestError';
  /** Stripe's own type (`card_error`, `invalid_request_error`, …); unset for a connection error. */
  readonly rawType: string | undefined;
  readonly code: string | undefined;
  readonly decline_code: string | undefined;
  readonly param: string | undefined;
  readonly doc_url: string | undefined;

  constructor(
    readonly type: StripeErrorType,
    message: string,
    readonly statusCode?: number,
    readonly requestId?: string,
    raw: RawStripeError = {},
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.rawType = raw.type;
    this.code = raw.code;
    this.decline_code = raw.decline_code;
    this.param = raw.param;
    this.doc_url = raw.doc_url;
  }
}

/** Which SDK error an error answer makes (stripe-node's `generateV1Error`). */
export function errorTypeOf(statusCode: number, raw: RawStripeError): StripeErrorType {
  if (statusCode === 429 || (statusCode === 400 && raw.code === 'rate_limit')) return 'StripeRateLimitError';
  if (statusCode === 400 || statusCode === 404)
    return raw.type === 'idempotency_error' ? 'StripeIdempotencyError' : 'StripeInvalidRequestError';
  if (statusCode === 401) return 'StripeAuthenticationError';
  if (statusCode === 402) return 'StripeCardError';
  if (statusCode === 403) return 'StripePermissionError';
  return 'StripeAPIError';
}

/** A final answer: its JSON, or the StripeRestError of Stripe's error body. */
export function answerOf<T>(response: Response, text: string): T {
  const requestId = response.headers.get('request-id') ?? undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new StripeRestError(
      'StripeAPIError',
      'Invalid JSON received from the Stripe API',
      response.status,
      requestId,
      {},
      error,
    );
  }
  const raw = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (raw && typeof raw === 'object') {
    const fields = raw as RawStripeError;
    throw new StripeRestError(
      errorTypeOf(response.status, fields),
      fields.message ?? '',
      response.status,
      requestId,
      fields,
    );
  }
  if (!response.ok)
    throw new StripeRestError('StripeAPIError', `Stripe answered ${response.status}.`, response.status, requestId);
  return body as T;
}
