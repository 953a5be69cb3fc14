/** One-time timers: reminders and pending bookings' expiry (EventBridge Scheduler in the cloud). */

/** What a booking timer does when it fires (the target job re-reads the booking before acting). */
export type TimerPayload =
  | { kind: 'reminder'; bookingId: string; hostId: string; start: string; offsetMinutes: number }
  | { kind: 'pending-expiry'; bookingId: string; hostId: string; start: string; version: number };

/** A one-time timer (EventBridge Scheduler's one-time schedule in the cloud), named deterministically. */
export interface BookingTimer {
  /** At most 64 of [0-9A-Za-z_.-] (domain/timers.ts builds it from the booking id, version and offset). */
  name: string;
  /** ISO instant (UTC), whole seconds. */
  at: string;
  payload: TimerPayload;
}

/** One-time timers for reminders and pending bookings' expiry (adapters/scheduler). */
export interface BookingTimers {
  /** Creates the timer; one of the same name existing already counts as created. */
  schedule(timer: BookingTimer): Promise<void>;
  /** Deletes the timer; a missing one counts as deleted. */
  cancel(name: string): Promise<void>;
}
