import type { ComposedMail } from '#functions/domain/mail/booking-blocks';
import { otherGuestsOf, type MailContext } from '#functions/domain/mail/context';
import { guestMail } from '#functions/domain/mail/guest';
import { hostMail } from '#functions/domain/mail/host';
import { otherGuestMail } from '#functions/domain/mail/other-guest';

/**
 * The e-mails a booking change sends, composed from the booking after the change: who gets a mail (the guest who
 * booked, the other guests they named, the host), its subject, a text and an HTML body, and the calendar
 * invitation it carries. Pure: the use case sends what this answers (adapters/ses/raw-mailer writes the MIME).
 *
 * Every time is shown in the recipient's own zone, named: the guest's zone for the guest and the other guests,
 * the event's zone for the host. Every text a person typed (names, answers, reasons, the event's title and
 * location) is escaped in the HTML. Other guests never get the guest's manage links: those links carry the
 * guest's secret. The place is shown as everywhere else (domain/locations.ts bookingPlace), with its link for an
 * online meeting, and the mail wears the product's colours and the event's accent (palette.ts).
 *
 * Each recipient's words are in their own file: guest.ts, other-guest.ts, host.ts; what they share (the details, the
 * sentences of who cancelled or declined) in booking-blocks.ts; the calendar invitation in invitation.ts.
 *
 * A reschedule that waits for the host (issue 30 §3): the replaced booking was cancelled in the same write, so the
 * guest's and the other guests' calendars get the new time as TENTATIVE (same UID, next SEQUENCE); the host's
 * confirmation confirms it, and a decline, an expiry or the guest's withdrawal cancels it, each mailed to them all.
 *
 * Each mail comes with a stable key naming its recipient role: 'guest', 'guest:{lower-case email}' for other
 * guests, 'host' (and 'host:{lower-case email}' for a team booking's other hosts). Reminders go only for a confirmed
 * booking.
 */
export function bookingMails(context: MailContext): { key: string; mail: ComposedMail }[] {
  if (context.kind === 'reminder' && context.booking.status !== 'confirmed') return [];
  const mails: { key: string; mail: ComposedMail }[] = [];
  const guest = guestMail(context);
  if (guest) mails.push({ key: 'guest', mail: guest });
  for (const email of otherGuestsOf(context)) {
    const mail = otherGuestMail(context, email);
    if (mail) mails.push({ key: `guest:${email.toLowerCase()}`, mail });
  }
  // A team booking: every assigned host (the first one's key stays 'host').
  for (const [index, each] of (context.hosts ?? [context.host]).entries()) {
    // A booking given to another member is news to that member (first) only, not to the fixed hosts who stay.
    if (context.kind === 'reassigned' && index > 0) continue;
    const mail = hostMail({ ...context, host: each });
    if (mail) mails.push({ key: index === 0 ? 'host' : `host:${each.email.toLowerCase()}`, mail });
  }
  return mails;
}
