import { PRODUCT_NAME } from '#shared/constants';
import {
  addToCalendar,
  answerSection,
  bookAgain,
  cancelledSentence,
  composerFor,
  declinedSentence,
  detailsRows,
  reasonRows,
  reminderHeading,
  startsIn,
  type ComposedMail,
} from '#functions/domain/mail/booking-blocks';
import {
  answerRows,
  byHost,
  guestZone,
  heldInvitation,
  titleOf,
  type MailContext,
} from '#functions/domain/mail/context';
import { subjectDate } from '#functions/domain/mail/dates';
import { currentInvitation, inviteFor } from '#functions/domain/mail/invitation';
import { buttons, paragraph, rows, section, type Block } from '#functions/domain/mail/render';

/**
 * The mail to the guest who booked, in their own zone, with their Reschedule and Cancel links (their secret rides in
 * them, so no one else gets these). A reschedule that waits for the host (issue 30 §3): the new time is TENTATIVE in
 * their calendar until the host confirms it; a decline, an expiry or their withdrawal cancels it.
 */
export function guestMail(context: MailContext): ComposedMail | null {
  const { kind, booking, host, links } = context;
  const zone = guestZone(booking);
  const title = titleOf(context);
  const on = subjectDate(booking.start, zone);
  const subjectTail = `${title} with ${host.name} on ${on}`;
  const details = detailsRows(context, zone, 'guest');
  const answers = answerRows(booking);
  const changeLinks = buttons({ label: 'Reschedule', href: links.reschedule }, { label: 'Cancel', href: links.manage });
  const cancelRequest = buttons({ label: 'Cancel request', href: links.manage });
  const confirmedBody = (intro: string): Block[] => [
    paragraph(`Hi ${booking.name},`),
    paragraph(intro),
    rows(details),
    ...answerSection('Your answers', answers),
    ...addToCalendar(context, true),
    section('Need to make a change?'),
    changeLinks,
  ];
  const compose = composerFor(context, {
    to: booking.email,
    replyTo: host.email,
    footer: `Sent by ${PRODUCT_NAME} for ${host.name}.`,
  });
  const invite = (method: 'REQUEST' | 'CANCEL') => inviteFor(context, method, 'guest');

  switch (kind) {
    case 'booked':
      return compose(
        `Confirmed: ${subjectTail}`,
        'Your booking is confirmed',
        confirmedBody(`Your ${title} with ${host.name} is booked. A calendar invitation is attached.`),
        invite('REQUEST'),
      );
    case 'confirmed':
      return compose(
        `Confirmed: ${subjectTail}`,
        'Your booking is confirmed',
        confirmedBody(
          booking.rescheduledFrom
            ? `${host.name} confirmed the new time you asked for. An updated invitation is attached.`
            : `${host.name} confirmed your request. A calendar invitation is attached.`,
        ),
        invite('REQUEST'),
      );
    case 'requested':
      return compose(`Request received: ${subjectTail}`, 'Your request has been sent', [
        paragraph(`Hi ${booking.name},`),
        paragraph(
          `${host.name} needs to confirm your request before it is booked. We will e-mail you as soon as they do.`,
        ),
        rows(details),
        ...answerSection('Your answers', answers),
        section('Changed your mind?'),
        cancelRequest,
      ]);
    case 'declined':
      return compose(
        `Declined: ${subjectTail}`,
        'Your booking request was declined',
        [
          paragraph(`Hi ${booking.name},`),
          paragraph(declinedSentence(context, 'guest')),
          rows([...(booking.cancellation?.by === 'system' ? [] : reasonRows(booking)), ...details]),
          ...bookAgain(context),
        ],
        // A new time that waited for the host was in the guest's calendar as tentative: it goes.
        booking.rescheduledFrom ? invite('CANCEL') : undefined,
      );
    case 'cancelled':
      return compose(
        `Cancelled: ${subjectTail}`,
        'Your booking is cancelled',
        [
          paragraph(`Hi ${booking.name},`),
          paragraph(cancelledSentence(context, 'guest')),
          rows([...reasonRows(booking), ...details]),
          ...bookAgain(context),
        ],
        heldInvitation(context) ? invite('CANCEL') : undefined,
      );
    case 'rescheduled':
      if (booking.status !== 'confirmed') {
        return compose(
          `Rescheduled: ${subjectTail}`,
          'Your new time is waiting for confirmation',
          [
            paragraph(`Hi ${booking.name},`),
            paragraph(
              (byHost(booking)
                ? `${host.name} moved your ${title} to a new time. `
                : `You asked to move your ${title} with ${host.name} to a new time. `) +
                `${host.name} needs to confirm it; ` +
                'we will e-mail you as soon as they do. Until then the new time is marked tentative in your calendar.',
            ),
            rows(details),
            section('Changed your mind?'),
            cancelRequest,
          ],
          inviteFor(context, 'REQUEST', 'guest'),
        );
      }
      return compose(
        `Rescheduled: ${subjectTail}`,
        'Your booking has been rescheduled',
        confirmedBody(
          byHost(booking)
            ? `${host.name} moved your ${title} to a new time. An updated invitation is attached.`
            : `Your ${title} with ${host.name} has moved to a new time. An updated invitation is attached.`,
        ),
        invite('REQUEST'),
      );
    case 'reassigned':
      if (booking.status === 'cancelled') return null;
      return compose(
        `New host: ${subjectTail}`,
        'Your booking has a new host',
        confirmedBody(
          `The host of your ${title} can no longer attend, so ${host.name} will meet you instead. The time stays the same.`,
        ),
        booking.status === 'confirmed' ? invite('REQUEST') : undefined,
      );
    case 'location-updated': {
      const current = currentInvitation(context, 'guest');
      return compose(
        `Location updated: ${subjectTail}`,
        'Your meeting has a new place',
        [
          paragraph(`Hi ${booking.name},`),
          paragraph(
            `The place of your ${title} with ${host.name} has changed. The time stays the same.` +
              (current ? ' An updated invitation is attached.' : ''),
          ),
          rows(details),
          ...(booking.status === 'confirmed' ? addToCalendar(context, true) : []),
          section(booking.status === 'confirmed' ? 'Need to make a change?' : 'Changed your mind?'),
          booking.status === 'confirmed' ? changeLinks : cancelRequest,
        ],
        current,
      );
    }
    case 'reminder':
      return compose(`Reminder: ${title} with ${host.name} starts in ${startsIn(context)}`, reminderHeading(context), [
        paragraph(`Hi ${booking.name},`),
        paragraph(`This is a reminder of your ${title} with ${host.name}.`),
        rows(details),
        section('Need to make a change?'),
        changeLinks,
      ]);
  }
}
