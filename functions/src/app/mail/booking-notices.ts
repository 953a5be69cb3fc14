import { normalizeEmail } from '#shared/email-address';
import type { Config } from '#functions/config';
import { calendarFileLink, manageLink, rescheduleLink } from '#functions/domain/booking-links';
import { bookingMails } from '#functions/domain/mail/booking-mails';
import type { MailContext, MailKind } from '#functions/domain/mail/context';
import { noticesFor } from '#functions/domain/notices';
import { pendingDeadline } from '#functions/domain/pending';
import type { BookingRecord, EventRecord, HostRecord } from '#functions/domain/records';
import { timersFor } from '#functions/domain/timers';
import type { BookingLedger, ManageTokens } from '#functions/ports/bookings';
import type { Clock, Logger } from '#functions/ports/core';
import type { EventRepository } from '#functions/ports/events';
import type { HostRepository } from '#functions/ports/hosts';
import type { MailQueue, MailSuppressions } from '#functions/ports/mail';
import type { SettingsRepository } from '#functions/ports/site';
import type { BookingTimers, TimerPayload } from '#functions/ports/timers';

/**
 * The booking lifecycle after the write (docs/architecture.md "After the write"). Request handlers write one
 * transaction and send nothing; the table's stream hands each change of a booking to notifyBookingChange, and the
 * one-time timers it sets call sendReminder and expirePendingBooking. The mails are composed here and handed to the
 * booking mail queue (issue 30), whose consumer sends them at the pace SES allows (app/mail/mail-queue.ts). Every delivery
 * may come more than once: each mail goes out once per notice id and recipient (the consumer's OnceGuard), timers
 * have deterministic names, and a timer's job, like the queue's consumer for a reminder, re-reads the booking before
 * it acts.
 */

export type NotifyDeps = {
  config: Config;
  clock: Clock;
  logger: Logger;
  events: EventRepository;
  hosts: HostRepository;
  bookings: BookingLedger;
  settings: SettingsRepository;
  mailQueue: MailQueue;
  mailSuppressions: MailSuppressions;
  timers: BookingTimers;
  manageTokens: ManageTokens;
};

/**
 * One change of a booking, as its item before and after (the stream record's old and new images):
 * 1. the timers it calls for: reminders of a booking now confirmed (offsets already past skipped), the expiry of a
 *    booking now pending, and the deletion of those of a booking no longer confirmed or pending (domain/timers.ts);
 * 2. the notice it calls for (domain/notices.ts), mailed to the guest, the other guests and the host as each
 *    should hear of it (domain/mail/booking-mails.ts), each mail once.
 * Throws when a part failed (the record is delivered again; what was done is not done twice).
 */
export async function notifyBookingChange(
  deps: NotifyDeps,
  before: BookingRecord | null,
  after: BookingRecord | null,
): Promise<{ mails: number; timers: number }> {
  const booking = after ?? before;
  if (!booking) return { mails: 0, timers: 0 };
  const notices = noticesFor(before, after);
  const event = (await deps.events.findById(booking.eventId))?.event ?? null;
  const { schedule, cancel } = timersFor(before, after, event, deps.clock.now());
  await Promise.all([
    ...cancel.map((name) => deps.timers.cancel(name)),
    ...schedule.map((timer) => deps.timers.schedule(timer)),
  ]);
  let mails = 0;
  for (const notice of notices) {
    mails += await mailOnce(deps, {
      kind: notice.kind,
      booking: notice.booking,
      event,
      id: notice.id,
      previousStatus: notice.previousStatus,
    });
  }
  return { mails, timers: schedule.length + cancel.length };
}

/**
 * A reminder timer fired: the booking is read again and reminded of only if it is still confirmed and still starts
 * at the time the timer was set for, and has not started yet. So a reminder for a cancelled or moved booking cannot
 * go out, even if the timer's deletion was lost. Answers how many mails went out.
 */
export async function sendReminder(
  deps: NotifyDeps,
  payload: Extract<TimerPayload, { kind: 'reminder' }>,
): Promise<{ mails: number; skipped?: string }> {
  const booking = await deps.bookings.find(payload.hostId, payload.start, payload.bookingId);
  const skip = reminderSkip(booking, payload, deps.clock.now());
  if (skip || !booking) return { mails: 0, skipped: skip ?? 'gone' };
  const event = (await deps.events.findById(booking.eventId))?.event ?? null;
  const id = `${booking.id}:reminder:${payload.offsetMinutes}:${booking.start}`;
  const mails = await mailOnce(deps, { kind: 'reminder', booking, event, id, reminderOffset: payload.offsetMinutes });
  return { mails };
}

/** Why a reminder must not go out, or null when it should. */
export function reminderSkip(
  booking: BookingRecord | null,
  payload: Extract<TimerPayload, { kind: 'reminder' }>,
  now: Date,
): string | null {
  if (!booking) return 'gone';
  if (booking.status !== 'confirmed') return booking.status;
  if (booking.start !== payload.start) return 'moved';
  if (Date.parse(booking.start) <= now.getTime()) return 'started';
  return null;
}

/** What the expiry of a pending booking needs. */
export type ExpiryDeps = { bookings: BookingLedger; clock: Clock; logger: Logger };

export const EXPIRED_REASON = 'The host did not confirm the request in time.';

/**
 * A pending booking's expiry timer fired (issue 31: when its request expires, at the latest its start): if it is still
 * pending (the host neither confirmed nor declined it), it is declined by the system; the stream then tells the guest
 * and the host, once. Anything else changes nothing. Its time was free from the expiry on, whenever this runs
 * (domain/pending.ts).
 */
export async function expirePendingBooking(
  deps: ExpiryDeps,
  payload: Extract<TimerPayload, { kind: 'pending-expiry' }>,
): Promise<{ declined: boolean }> {
  const booking = await deps.bookings.find(payload.hostId, payload.start, payload.bookingId);
  if (!booking || booking.status !== 'pending') return { declined: false };
  const now = deps.clock.now();
  // A timer fired early (clock skew) leaves the booking to the timer's retry or to the host.
  if (pendingDeadline(booking) > now.getTime() + 60_000) return { declined: false };
  await deps.bookings.cancel(booking, {
    cancellation: { by: 'system', reason: EXPIRED_REASON, declined: true, at: now.toISOString() },
  });
  deps.logger.info('Pending booking expired and declined', { bookingId: booking.id });
  return { declined: true };
}

/**
 * Mails one notice (or reminder) to whoever should get it, each mail once per `{id}:{recipient}`: nothing when the
 * admin turned e-mail notifications off or the host is gone, and nothing to a suppressed address (a bounce or a
 * complaint). Each mail is queued (issue 30); one that could not be queued is retried with the whole delivery, and the
 * ones queued twice go out once.
 */
async function mailOnce(
  deps: NotifyDeps,
  notice: {
    kind: MailKind;
    booking: BookingRecord;
    event: EventRecord | null;
    id: string;
    reminderOffset?: number;
    previousStatus?: BookingRecord['status'] | null;
  },
): Promise<number> {
  const settings = await deps.settings.get();
  if (settings?.emailNotifications === false) return 0;
  const host = await deps.hosts.get(notice.booking.hostId);
  if (!host) return 0;
  // A team booking (issue 28): every assigned host gets the host mail; the guest's mails name them all.
  const team = (notice.booking.hostIds?.length ?? 0) > 1 ? await deps.hosts.getMany(notice.booking.hostIds!) : null;
  const assigned = team
    ? notice.booking.hostIds!.flatMap((id) => {
        const member = id === host.id ? host : team.get(id);
        return member ? [{ name: member.name, email: member.email }] : [];
      })
    : null;
  const context = mailContext(deps, notice, host);
  const mails = bookingMails(
    assigned
      ? { ...context, host: { name: assigned.map((each) => each.name).join(', '), email: host.email }, hosts: assigned }
      : context,
  );
  const suppressed = await deps.mailSuppressions.suppressed(mails.flatMap(({ mail }) => mail.to));
  const results = await Promise.allSettled(
    mails.map(async ({ key, mail }) => {
      const to = mail.to.filter((address) => !suppressed.has(normalizeEmail(address)));
      if (to.length === 0) return 0;
      // Queued (issue 30): the consumer sends it once per id; a reminder it reads again before sending.
      const { hostId, id: bookingId, start } = notice.booking;
      const reminder = notice.kind === 'reminder' ? { reminder: { hostId, bookingId, start } } : {};
      await deps.mailQueue.send({ id: `${notice.id}:${key}`, mail: { ...mail, to }, ...reminder }, deps.clock.now());
      return 1;
    }),
  );
  const failed = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failed.length > 0) {
    // The delivery is retried; a mail queued twice still goes out once (the consumer's OnceGuard).
    deps.logger.error('Booking mail not queued; the delivery is retried', {
      noticeId: notice.id,
      failures: failed.map(String),
    });
    throw failed[0];
  }
  return results.reduce((sum, result) => sum + (result.status === 'fulfilled' ? result.value : 0), 0);
}

/** Everything the mail texts need: the booking, its host and event, and the links for each recipient. */
function mailContext(
  deps: Pick<NotifyDeps, 'config' | 'manageTokens'>,
  notice: {
    kind: MailKind;
    booking: BookingRecord;
    event: EventRecord | null;
    reminderOffset?: number;
    previousStatus?: BookingRecord['status'] | null;
  },
  host: HostRecord,
): MailContext {
  const { booking, event } = notice;
  const site = deps.config.siteUrl;
  const token = deps.manageTokens.tokenFor(booking.id);
  const id = encodeURIComponent(booking.id);
  const slug = encodeURIComponent(booking.eventSlug);
  return {
    kind: notice.kind,
    booking,
    host: { name: host.name, email: host.email },
    event,
    links: {
      // Issue 31: the secret in each link's fragment (no server logs it); the calendar file is the manage page's.
      manage: manageLink(site, booking.id, token),
      reschedule: rescheduleLink(site, booking.eventSlug, booking.id, token),
      calendarFile: calendarFileLink(site, booking.id, token),
      bookAgain: `${site}/book/${slug}`,
      console: `${site}/bookings/${id}`,
    },
    ...(notice.reminderOffset !== undefined ? { reminderOffset: notice.reminderOffset } : {}),
    ...(notice.previousStatus ? { previousStatus: notice.previousStatus } : {}),
    remindHost: event?.remindHost ?? false,
  };
}
