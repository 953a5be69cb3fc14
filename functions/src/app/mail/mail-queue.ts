import { reminderSkip } from '#functions/app/mail/booking-notices';
import type { Config } from '#functions/config';
import { backoffSeconds, isThrottling, sendingRate, untilNextSecond } from '#functions/domain/mail-pacing';
import type { BookingLedger } from '#functions/ports/bookings';
import type { Clock, Logger, OnceGuard } from '#functions/ports/core';
import type { BookingMailer, MailPacer, MailQueue, QueuedMail, SendQuota } from '#functions/ports/mail';

/**
 * Booking mail at the pace SES allows (issue 30, docs/scale.md): the stream and timer jobs compose each mail and
 * queue it (booking-notices.ts); the queue's consumer, the sendBookingMail job, sends what it is handed here:
 * 1. the rate is the lower of the account's (SES GetSendQuota's MaxSendRate, cached) and the stage's
 *    (MAIL_RATE_PER_SECOND);
 * 2. before each send the consumer holds a token of the current second, taken from a counter in the table that every
 *    consumer shares (so the rate holds however many run); with none left it waits for the next second, as long as
 *    its invocation's time allows;
 * 3. a reminder is read again first: it goes only if its booking is still confirmed at the same start and has not
 *    started (a booking cancelled or moved while the reminder waited gets none);
 * 4. each mail is sent once per id (the OnceGuard), however many times it was queued or handed over;
 * 5. a send SES throttles stops the batch: that message and the ones not sent yet come back after a backoff
 *    (2 s, 4 s … 15 min by receive count, jittered; ChangeMessageVisibility) — never dropped; a send that failed
 *    otherwise comes back the same way; so do the messages the invocation had no time left for.
 */

/** The consumer's own clock for pacing: real time in the cloud; tests move a fake one. */
export interface PaceClock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemPaceClock: PaceClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export type MailSendDeps = {
  config: Config;
  clock: Clock;
  logger: Logger;
  bookings: BookingLedger;
  bookingMailer: BookingMailer;
  once: OnceGuard;
  mailQueue: MailQueue;
  mailPacer: MailPacer;
  sendQuota: SendQuota;
} & { pace?: PaceClock };

/** One message as the queue handed it over. */
export interface MailRecord {
  /** The queue's id of the message (the partial batch response names it). */
  messageId: string;
  /** What retryAfter needs (SQS's receipt handle; the table queue's item name). */
  receipt: string;
  /** How many times the queue handed it over, this time included. */
  receives: number;
  message: QueuedMail;
}

export interface MailBatchResult {
  sent: number;
  /** Reminders not sent: their booking is no longer confirmed at that start, or it started. */
  skipped: number;
  /** The messages to report failed (they come back after their backoff). */
  retry: string[];
  /** SES refused for rate during this batch. */
  throttled: boolean;
}

/** Time kept for the last sends after the last wait for a token (a send takes well under a second). */
export const SEND_MARGIN_MS = 5_000;

/**
 * Sends a batch the queue handed over, at the rate, within `remainingMs()` (the invocation's time left); answers
 * what went out and which messages must come back.
 */
export async function sendQueuedMails(
  deps: MailSendDeps,
  records: readonly MailRecord[],
  remainingMs: () => number,
): Promise<MailBatchResult> {
  const pace = deps.pace ?? systemPaceClock;
  const rate = sendingRate(await deps.sendQuota.maxSendRate(), deps.config.mailQueue.ratePerSecond);
  const result: MailBatchResult = { sent: 0, skipped: 0, retry: [], throttled: false };
  const later = async (record: MailRecord, seconds: number) => {
    result.retry.push(record.messageId);
    try {
      await deps.mailQueue.retryAfter(record.receipt, seconds, deps.clock.now());
    } catch (error) {
      // It still comes back, after the queue's visibility timeout.
      deps.logger.warn('Booking mail: could not set its backoff', { mailId: record.message.id, error: String(error) });
    }
  };

  let next = 0;
  while (next < records.length) {
    const tokens = await takeTokens(deps, pace, rate, records.length - next, remainingMs);
    if (tokens === 0) {
      // No time left to wait for the next second: the rest come back at once.
      for (const record of records.slice(next)) await later(record, 1);
      deps.logger.info('Booking mail: out of time, the rest handed back', { left: records.length - next, rate });
      break;
    }
    const turn = records.slice(next, next + tokens);
    next += tokens;
    const outcomes = await Promise.allSettled(turn.map((record) => sendOne(deps, record)));
    for (const [index, outcome] of outcomes.entries()) {
      const record = turn[index]!;
      if (outcome.status === 'fulfilled') {
        if (outcome.value === 'sent') result.sent++;
        else result.skipped++;
        continue;
      }
      const throttled = isThrottling(outcome.reason);
      result.throttled ||= throttled;
      const seconds = backoffSeconds(record.receives, Math.random());
      (throttled ? deps.logger.warn : deps.logger.error).call(
        deps.logger,
        throttled ? 'Booking mail throttled by SES; it comes back later' : 'Booking mail not sent; it comes back later',
        {
          mailId: record.message.id,
          receives: record.receives,
          backoffSeconds: seconds,
          error: String(outcome.reason),
        },
      );
      await later(record, seconds);
    }
    if (result.throttled) {
      // SES is at its rate: what was not sent yet backs off with the throttled ones instead of being refused too.
      for (const record of records.slice(next)) await later(record, backoffSeconds(record.receives, Math.random()));
      break;
    }
  }
  return result;
}

/**
 * Up to `wanted` tokens of the current second, waiting for the next seconds while none are left and the invocation
 * has time for the wait and a send; 0 when it has not.
 */
async function takeTokens(
  deps: MailSendDeps,
  pace: PaceClock,
  rate: number,
  wanted: number,
  remainingMs: () => number,
): Promise<number> {
  for (;;) {
    const now = pace.now();
    const granted = await deps.mailPacer.take(Math.floor(now / 1000), Math.min(wanted, rate), rate);
    if (granted > 0) return granted;
    const wait = untilNextSecond(pace.now());
    if (remainingMs() < wait + SEND_MARGIN_MS) return 0;
    await pace.sleep(wait);
  }
}

/** One mail: a reminder read again first; sent once per id. */
async function sendOne(deps: MailSendDeps, record: MailRecord): Promise<'sent' | 'skipped'> {
  const { id, mail, reminder } = record.message;
  if (reminder) {
    const booking = await deps.bookings.find(reminder.hostId, reminder.start, reminder.bookingId);
    const skip = reminderSkip(booking, { kind: 'reminder', ...reminder, offsetMinutes: 0 }, deps.clock.now());
    if (skip) {
      deps.logger.info('Reminder not sent', { mailId: id, bookingId: reminder.bookingId, reason: skip });
      return 'skipped';
    }
  }
  await deps.once.run(id, () => deps.bookingMailer.send(mail));
  return 'sent';
}
