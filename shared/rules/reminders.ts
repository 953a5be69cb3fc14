/**
 * Reminder e-mails before a booking starts (issue 16): each event type keeps a list of offsets, chosen from these.
 * An empty list means no reminders. The host is reminded too only when the event says so (`remindHost`).
 */
export const REMINDER_CHOICES = [
  { minutes: 15, label: '15 minutes before' },
  { minutes: 60, label: '1 hour before' },
  { minutes: 120, label: '2 hours before' },
  { minutes: 1440, label: '1 day before' },
  { minutes: 2880, label: '2 days before' },
] as const;

export type ReminderOffset = (typeof REMINDER_CHOICES)[number]['minutes'];

export const REMINDER_OFFSETS: readonly ReminderOffset[] = REMINDER_CHOICES.map((choice) => choice.minutes);

/** A new event type's reminders: a day and an hour before. */
export const DEFAULT_REMINDERS: readonly ReminderOffset[] = [1440, 60];

export const isReminderOffset = (minutes: number): minutes is ReminderOffset =>
  (REMINDER_OFFSETS as readonly number[]).includes(minutes);

/** The offsets, largest first and each once (how they are stored and shown). */
export const normalizeReminders = (offsets: readonly number[]): ReminderOffset[] =>
  [...new Set(offsets.filter(isReminderOffset))].sort((a, b) => b - a);
