import type { ComposedMail } from '#functions/domain/mail/booking-blocks';

/** Mail: the plain mailer, booking mail as raw MIME, the booking mail queue, its pacing, quota and suppressions. */

/** A mail other than a booking's (domain/mail/: account links, team invitations, notices): a text and an HTML part. */
export interface OutgoingMail {
  to: string[];
  replyTo?: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends one message; answers the provider's message id. */
  send(mail: OutgoingMail): Promise<string>;
}

/**
 * A booking e-mail as the domain composes it (domain/mail/booking-mails.ts), and the calendar invitation it may carry
 * (an inline `text/calendar; method=…` part and an `.ics` attachment): the same `uid` for the life of a booking,
 * `sequence` raised by every change. The domain defines them; the mailer port takes them as they are.
 */
export type { ComposedMail as BookingMail } from '#functions/domain/mail/booking-blocks';

export type { MailInvite as CalendarInvite } from '#functions/domain/mail/invitation';

/** Sends booking mail as raw MIME (SES SendRawEmail): text, HTML and the calendar parts. */
export interface BookingMailer {
  send(mail: ComposedMail): Promise<string>;
}

/**
 * One booking mail waiting to be sent (issue 30): what the booking mail queue carries (a JSON message body). The
 * stream and timer jobs compose it and queue it; the queue's consumer (sendBookingMail) sends it at the pace SES
 * allows, once per `id` (the OnceGuard).
 */
export interface QueuedMail {
  /** `{notice id}:{recipient key}`: one mail, whatever the number of times it is queued or handed over. */
  id: string;
  mail: ComposedMail;
  /**
   * A reminder: sent only if the booking is still confirmed at this start (and has not started) when its turn comes,
   * so a booking cancelled or moved while its reminder waited gets none.
   */
  reminder?: { hostId: string; bookingId: string; start: string };
}

/** The booking mail queue (issue 30): SQS in the cloud, items in the table on one machine (adapters/mail-queue). */
export interface MailQueue {
  send(message: QueuedMail, now: Date): Promise<void>;
  /**
   * The message handed over with `receipt` comes back after `seconds` (SQS ChangeMessageVisibility; the table
   * queue's lease): a send SES throttled, or one that failed, waits before it is tried again.
   */
  retryAfter(receipt: string, seconds: number, now: Date): Promise<void>;
}

/** The tokens of one second of sending (issue 30; adapters/dynamodb/mail-pacer.ts), shared by every consumer. */
export interface MailPacer {
  /** Takes up to `asked` of the `rate` tokens of the clock's second `second` (epoch seconds); answers how many. */
  take(second: number, asked: number, rate: number): Promise<number>;
}

/** The account's sending rate (SES GetSendQuota's MaxSendRate, read now and then), or null when it cannot be read. */
export interface SendQuota {
  maxSendRate(): Promise<number | null>;
}

/** Addresses SES reported as bounced or complaining: they get no more booking mail. */
export interface MailSuppressions {
  /** The given addresses (any case, any spaces around) that are suppressed, normalised (shared/email-address.ts). */
  suppressed(emails: readonly string[]): Promise<Set<string>>;
  suppress(email: string, reason: 'bounce' | 'complaint', at: Date): Promise<void>;
}
