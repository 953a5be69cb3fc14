import { DEFAULT_REMINDERS, normalizeReminders, REMINDER_OFFSETS } from '#shared/rules/reminders';
import { MINUTE_MS } from '#shared/time';
import { versionOf } from '#functions/domain/notices';
import { pendingDeadline } from '#functions/domain/pending';
import type { BookingRecord, EventRecord } from '#functions/domain/records';

/**
 * The one-time timers a booking change needs, decided from the item before and after it, like the notices:
 * reminders for a confirmed booking (one per offset of its event, skipping offsets already past), the expiry of a
 * pending booking when its request expires (domain/pending.ts), and the deletion of those that no longer apply.
 * Names are deterministic (booking id, version, offset), so creating one twice or deleting one never made is
 * harmless; the timer's job re-reads the booking before it acts, so a deletion that was lost cannot make a reminder go
 * to a cancelled or moved booking.
 */

/** A timer as the domain decides it (ports.BookingTimer has the same shape). */
export interface PlannedTimer {
  name: string;
  at: string;
  payload:
    | { kind: 'reminder'; bookingId: string; hostId: string; start: string; offsetMinutes: number }
    | { kind: 'pending-expiry'; bookingId: string; hostId: string; start: string; version: number };
}

export const reminderTimerName = (bookingId: string, version: number, offsetMinutes: number): string =>
  `rem-${bookingId}-v${version}-${offsetMinutes}`;

export const expiryTimerName = (bookingId: string, version: number): string => `exp-${bookingId}-v${version}`;

/** The event's reminder offsets (largest first); events stored before reminders existed have the default. */
export const remindersOf = (event: Pick<EventRecord, 'reminders'>): number[] =>
  normalizeReminders(event.reminders ?? DEFAULT_REMINDERS);

/**
 * The earliest time a timer is set for: a minute from now, so that a schedule is never created in the past (a stream
 * record handled late, a booking made just before a reminder's time).
 */
const earliest = (now: Date): number => now.getTime() + MINUTE_MS;

/** Whole seconds, as EventBridge Scheduler's at() expression takes them. */
const atSecond = (instant: number): string => new Date(Math.floor(instant / 1000) * 1000).toISOString();

export function timersFor(
  before: BookingRecord | null,
  after: BookingRecord | null,
  event: Pick<EventRecord, 'reminders'> | null,
  now: Date,
): { schedule: PlannedTimer[]; cancel: string[] } {
  const schedule: PlannedTimer[] = [];
  const cancel: string[] = [];
  if (before && before.status === 'confirmed' && !stillConfirmedAt(after, before.start)) {
    cancel.push(...REMINDER_OFFSETS.map((offset) => reminderTimerName(before.id, versionOf(before), offset)));
  }
  if (before && before.status === 'pending' && after?.status !== 'pending') {
    cancel.push(expiryTimerName(before.id, versionOf(before)));
  }
  if (after && after.status === 'confirmed' && !(before && stillConfirmedAt(before, after.start)) && event) {
    const start = Date.parse(after.start);
    for (const offset of remindersOf(event)) {
      const at = start - offset * MINUTE_MS;
      if (at <= now.getTime()) continue;
      schedule.push({
        name: reminderTimerName(after.id, versionOf(after), offset),
        at: atSecond(Math.max(at, earliest(now))),
        payload: {
          kind: 'reminder',
          bookingId: after.id,
          hostId: after.hostId,
          start: after.start,
          offsetMinutes: offset,
        },
      });
    }
  }
  if (after && after.status === 'pending' && before?.status !== 'pending') {
    schedule.push({
      name: expiryTimerName(after.id, versionOf(after)),
      // Issue 31: when the request expires (never after its start; one stored before expiries existed: its start).
      at: atSecond(Math.max(pendingDeadline(after), earliest(now))),
      payload: {
        kind: 'pending-expiry',
        bookingId: after.id,
        hostId: after.hostId,
        start: after.start,
        version: versionOf(after),
      },
    });
  }
  return { schedule, cancel };
}

const stillConfirmedAt = (booking: BookingRecord | null, start: string): boolean =>
  booking !== null && booking.status === 'confirmed' && booking.start === start;
