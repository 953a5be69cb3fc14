import { PRODUCT_NAME } from '#shared/constants';
import {
  addToCalendar,
  cancelledSentence,
  composerFor,
  declinedSentence,
  detailsRows,
  reminderHeading,
  startsIn,
  type ComposedMail,
} from '#functions/domain/mail/booking-blocks';
import { byHost, guestZone, heldInvitation, titleOf, type MailContext } from '#functions/domain/mail/context';
import { subjectDate } from '#functions/domain/mail/dates';
import { currentInvitation, inviteFor } from '#functions/domain/mail/invitation';
import { paragraph, rows } from '#functions/domain/mail/render';

/**
 * The mail to another guest the guest named: an invitation in the guest's zone, with no links of the guest's (those
 * carry the guest's secret). They hear only of what changes the meeting in their calendar: never of a request, and
 * of a pending booking's cancellation only when it was a new time waiting for the host (tentative there).
 */
export function otherGuestMail(context: MailContext, email: string): ComposedMail | null {
  const { kind, booking, host } = context;
  const zone = guestZone(booking);
  const title = titleOf(context);
  const subjectTail = `${title} with ${host.name} on ${subjectDate(booking.start, zone)}`;
  const details = detailsRows(context, zone, 'other-guest');
  const compose = composerFor(context, {
    to: email,
    replyTo: host.email,
    footer: `Sent by ${PRODUCT_NAME} for ${host.name}, because ${booking.name} added you as a guest.`,
    opening: [paragraph('Hello,')],
  });
  const invitation = (subject: string, heading: string, intro: string) =>
    compose(
      subject,
      heading,
      [paragraph(intro), rows(details), ...addToCalendar(context, false)],
      inviteFor(context, 'REQUEST', 'other-guest'),
    );

  const cancellation = (sentence: string) =>
    compose(
      `Cancelled: ${subjectTail}`,
      'This meeting is cancelled',
      [paragraph(sentence), rows(details)],
      inviteFor(context, 'CANCEL', 'other-guest'),
    );

  switch (kind) {
    case 'confirmed':
      if (booking.rescheduledFrom) {
        return invitation(
          `Rescheduled: ${subjectTail}`,
          'This meeting has moved',
          `${host.name} confirmed the new time of ${title}, which ${booking.name} invited you to. ` +
            'An updated invitation is attached.',
        );
      }
      return invitation(
        `Invitation: ${subjectTail}`,
        "You're invited",
        `${booking.name} added you as a guest to ${title} with ${host.name}. A calendar invitation is attached.`,
      );
    case 'booked':
      return invitation(
        `Invitation: ${subjectTail}`,
        "You're invited",
        `${booking.name} added you as a guest to ${title} with ${host.name}. A calendar invitation is attached.`,
      );
    case 'rescheduled':
      if (booking.status === 'pending') {
        // The old time was given up with the request: their calendar must not keep it (issue 30 §3).
        return compose(
          `New time requested: ${subjectTail}`,
          'This meeting may move',
          [
            paragraph(
              `${byHost(booking) ? host.name : booking.name} asked to move ${title} with ${host.name}, which you were invited to, to a new time. ` +
                `${host.name} needs to confirm it; until then it is marked tentative in your calendar. ` +
                'We will e-mail you when they decide.',
            ),
            rows(details),
          ],
          inviteFor(context, 'REQUEST', 'other-guest'),
        );
      }
      if (booking.status !== 'confirmed') return null;
      return invitation(
        `Rescheduled: ${subjectTail}`,
        'This meeting has moved',
        `${title} with ${host.name}, which ${booking.name} invited you to, has moved to a new time. ` +
          'An updated invitation is attached.',
      );
    case 'cancelled':
      if (!heldInvitation(context)) return null;
      return cancellation(cancelledSentence(context, 'other-guest'));
    case 'declined':
      // Only a new time that waited for the host was theirs to hear of (as tentative).
      if (!booking.rescheduledFrom) return null;
      return cancellation(declinedSentence(context, 'other-guest'));
    case 'location-updated': {
      const current = currentInvitation(context, 'other-guest');
      if (!current) return null;
      return compose(
        `Location updated: ${subjectTail}`,
        'This meeting has a new place',
        [
          paragraph(
            `The place of ${title} with ${host.name}, which ${booking.name} invited you to, has changed. ` +
              'The time stays the same. An updated invitation is attached.',
          ),
          rows(details),
        ],
        current,
      );
    }
    case 'reminder':
      return compose(`Reminder: ${title} with ${host.name} starts in ${startsIn(context)}`, reminderHeading(context), [
        paragraph(`This is a reminder of ${title} with ${host.name}, which ${booking.name} invited you to.`),
        rows(details),
      ]);
    case 'requested':
    case 'reassigned':
      // They were never invited, or the meeting itself did not change: nothing to tell.
      return null;
  }
}
