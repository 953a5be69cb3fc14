import { createHash } from 'node:crypto';

import type { CreateBookingBody, CreateBookingResponse } from '#shared/api/schemas/bookings';
import { IDEMPOTENCY_TTL_HOURS } from '#shared/constants';
import { LostRace, SLOT_TAKEN } from '#functions/app/booking/create/refusals';
import { Conflict, Unprocessable, ValidationFailed } from '#functions/errors';
import type { BookingLedger, IdempotencyRecord } from '#functions/ports/bookings';
import type { Metrics } from '#functions/ports/core';

/** What replaying a booking's first answer needs: the stored answers, and the metric of races lost. */
export type IdempotencyDeps = { metrics: Metrics } & {
  bookings: Pick<BookingLedger, 'findIdempotency'>;
};

/** An Idempotency-Key as stored (`booking:` + the header) with the hash of the request it came with. */
export type Idempotency = Pick<IdempotencyRecord, 'key' | 'requestHash'>;
/** The answer stored with the booking, in the same transaction. */
export type StoredAnswer = IdempotencyRecord & { expiresAt: number };

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * Step 1 around the rest (`book`): with an Idempotency-Key (400 when malformed), a stored answer for the same request
 * is replayed (another request's key: 422) before any work, and again when the booking loses a race (LostRace).
 */
export async function withIdempotency(
  deps: IdempotencyDeps,
  input: CreateBookingBody,
  idempotencyKey: string | undefined,
  book: (idempotency: Idempotency | undefined) => Promise<CreateBookingResponse>,
): Promise<CreateBookingResponse> {
  let idempotency: Idempotency | undefined;
  if (idempotencyKey !== undefined) {
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new ValidationFailed('Idempotency-Key must be 1 to 128 letters, digits, ".", "_", ":" or "-".');
    }
    idempotency = { key: `booking:${idempotencyKey}`, requestHash: requestHash(input) };
    const replay = await replayed(deps, idempotency);
    if (replay) return replay;
  }
  try {
    return await book(idempotency);
  } catch (error) {
    if (!(error instanceof LostRace)) throw error;
    const replay = idempotency && (await replayed(deps, idempotency));
    if (replay) return replay;
    // Counted only when the guest is told the time was taken (not for a full day or a changed reschedule).
    if (error.refusal instanceof Conflict && error.refusal.message === SLOT_TAKEN)
      deps.metrics.count('BookingRaceLost');
    throw error.refusal;
  }
}

/**
 * The answer to store with the booking: the confirmation as it will be answered, assuming the calendar takes the
 * event when one is expected (corrected after the write if it does not).
 */
export function storedAnswerFor(
  idempotency: Idempotency | undefined,
  confirmation: CreateBookingResponse,
  now: Date,
): StoredAnswer | undefined {
  return (
    idempotency && {
      ...idempotency,
      statusCode: 201,
      response: confirmation,
      expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_HOURS * 3600,
    }
  );
}

/** The answer stored for the key, or null; a key stored for another request is a 422. */
async function replayed(deps: IdempotencyDeps, idempotency: Idempotency): Promise<CreateBookingResponse | null> {
  const stored = await deps.bookings.findIdempotency(idempotency.key);
  if (!stored) return null;
  if (stored.requestHash !== idempotency.requestHash) {
    throw new Unprocessable('This Idempotency-Key was already used for a different booking request.');
  }
  return stored.response as CreateBookingResponse;
}

/** What makes two requests "the same" for an Idempotency-Key: the validated booking request. */
function requestHash(input: CreateBookingBody): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}
