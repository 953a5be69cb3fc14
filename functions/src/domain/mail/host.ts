import { PRODUCT_NAME } from '#shared/constants';
import {
  answerSection,
  composerFor,
  detailsRows,
  reasonRows,
  reminderHeading,
  startsIn,
  type ComposedMail,
} from '#functions/domain/mail/booking-blocks';
import { answerRows, byHost, hostZone, titleOf, type MailContext } from '#functions/domain/mail/context';
import { subjectDate } from '#functions/domain/mail/dates';
import { currentInvitation, inviteFor } from '#functions/domain/mail/invitation';
import { buttons, paragraph, rows } from '#functions/domain/mail/render';

/**
 * The mail to a host (each assigned host of a team booking), in the event's zone, with a link to the booking in the
 * console ("Confirm or decline" for a request). A host hears of what others did, not of what they did themselves.
 */
export function hostMail(context: MailContext): ComposedMail | null {
  const { kind, booking, host, links } = context;
  const zone = hostZone(context);
  const title = titleOf(context);
  const subjectTail = `${booking.name} – ${title} on ${subjectDate(booking.start, zone)}`;
  const details = detailsRows(context, zone, 'host');
  const answers = answerRows(booking);
  const view = buttons({ label: 'View booking', href: links.console });
  const decide = buttons({ label: 'Confirm or decline', href: links.console });
  const compose = composerFor(context, {
    to: host.email,
    replyTo: booking.email,
    footer: `Sent by ${PRODUCT_NAME}. Reply to this e-mail to write to ${booking.name}.`,
  });
  const invite = (method: 'REQUEST' | 'CANCEL') => inviteFor(context, method, 'host');
  const expiry = 'A request nobody answers by its start time expires.';

  switch (kind) {
    case 'booked':
      return compose(
        `New booking: ${subjectTail}`,
        'New booking',
        [
          paragraph(`${booking.name} booked ${title} with you.`),
          rows(details),
          ...answerSection('Answers', answers),
          view,
        ],
        invite('REQUEST'),
      );
    case 'requested':
      return compose(`Please confirm: ${subjectTail}`, 'New booking request', [
        paragraph(`${booking.name} asked to book ${title} with you. Nothing is booked until you confirm. ${expiry}`),
        rows(details),
        ...answerSection('Answers', answers),
        decide,
      ]);
    case 'rescheduled':
      if (booking.status !== 'confirmed') {
        return compose(`Please confirm the new time: ${subjectTail}`, 'Please confirm the new time', [
          paragraph(
            byHost(booking)
              ? `You moved ${booking.name}'s booking to a new time with your reschedule link. It is not booked until you confirm.`
              : `${booking.name} asked to move their booking to a new time. It is not booked until you confirm.`,
          ),
          rows(details),
          ...answerSection('Answers', answers),
          decide,
        ]);
      }
      return compose(
        `Rescheduled: ${subjectTail}`,
        'Booking rescheduled',
        [
          paragraph(
            byHost(booking)
              ? `You moved ${booking.name}'s booking to a new time with your reschedule link. ${booking.name} has been told.`
              : `${booking.name} moved their booking to a new time.`,
          ),
          rows(details),
          view,
        ],
        invite('REQUEST'),
      );
    case 'cancelled': {
      // The host hears of what the guest or an administrator did (they know what they did themselves).
      const by = booking.cancellation?.by;
      if (by !== 'guest' && by !== 'admin') return null;
      return compose(
        `Cancelled: ${subjectTail}`,
        'Booking cancelled',
        [
          paragraph(
            by === 'guest'
              ? `${booking.name} cancelled their booking. The time is free again.`
              : `An administrator cancelled this booking. ${booking.name} has been told, and the time is free again.`,
          ),
          rows([...reasonRows(booking), ...details]),
          view,
        ],
        context.previousStatus === 'pending' ? undefined : invite('CANCEL'),
      );
    }
    case 'reminder':
      if (!context.remindHost) return null;
      return compose(
        `Reminder: ${title} with ${booking.name} starts in ${startsIn(context)}`,
        reminderHeading(context),
        [paragraph(`This is a reminder of ${title} with ${booking.name}.`), rows(details), view],
      );
    case 'declined':
      // Issue 31: a request nobody confirmed in time expired; the host hears of it once, as the guest does.
      if (booking.cancellation?.by === 'system')
        return compose(`Request expired: ${subjectTail}`, 'Booking request expired', [
          paragraph(
            `${booking.name}'s request was not confirmed in time, so it has expired and its time is free again. ${booking.name} has been told.`,
          ),
          rows(details),
          view,
        ]);
      // An administrator's decline is news to the host; their own is not.
      if (booking.cancellation?.by !== 'admin') return null;
      return compose(`Declined: ${subjectTail}`, 'Booking request declined', [
        paragraph(`An administrator declined ${booking.name}'s request. They have been told.`),
        rows([...reasonRows(booking), ...details]),
        view,
      ]);
    case 'confirmed':
      // The host (or an administrator, from the same console) did it.
      return null;
    case 'location-updated':
      return compose(
        `Location updated: ${subjectTail}`,
        'Location updated',
        [
          paragraph(
            `The place of ${booking.name}'s ${title} has changed. The time stays the same. ${booking.name} has been told.`,
          ),
          rows(details),
          view,
        ],
        currentInvitation(context, 'host'),
      );
    case 'reassigned':
      if (booking.status === 'cancelled') return null;
      return compose(
        `New booking: ${subjectTail}`,
        'A booking was given to you',
        [
          paragraph(
            `${booking.name}'s booking of ${title} was given to you because its host left the team. ${booking.name} has been told.`,
          ),
          rows(details),
          ...answerSection('Answers', answers),
          booking.status === 'pending' ? decide : view,
        ],
        booking.status === 'confirmed' ? invite('REQUEST') : undefined,
      );
  }
}
