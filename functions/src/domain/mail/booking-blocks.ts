import { PRODUCT_NAME } from '#shared/constants';
import type { MeetingPlace } from '#shared/locations';
import { placeOf, titleOf, type Audience, type MailContext } from '#functions/domain/mail/context';
import { minutesInWords, timeRange } from '#functions/domain/mail/dates';
import { googleCalendarLink, type MailInvite } from '#functions/domain/mail/invitation';
import { mailPalette } from '#functions/domain/mail/palette';
import {
  buttons,
  oneLine,
  renderMail,
  rows,
  section,
  type Block,
  type Letter,
  type Row,
} from '#functions/domain/mail/render';
import type { BookingRecord } from '#functions/domain/records';

/**
 * What the booking mails share: the details table, the answers, the sentences that say who cancelled or declined,
 * the calendar links, and the sending of a letter as one recipient's mail in the event's colours.
 */

/** A composed booking mail (the ports call it BookingMail). */
export interface ComposedMail {
  to: string[];
  replyTo: string[];
  fromName: string;
  subject: string;
  text: string;
  html: string;
  invite?: MailInvite;
}

/** One recipient of a booking's mails: their address, who their replies go to, the footer, what every mail opens with. */
export interface Recipient {
  to: string;
  replyTo: string;
  footer: string;
  opening?: Block[];
}

/**
 * The writer of one recipient's mails: each call is one mail, from "{Host} via Meetwise", in the event's colours,
 * with its subject, its heading, its blocks after the recipient's opening, and the invitation it carries.
 */
export function composerFor(context: MailContext, recipient: Recipient) {
  const hostName = oneLine(context.host.name);
  const fromName = oneLine(context.mailFromName?.(hostName) ?? `${hostName} via ${PRODUCT_NAME}`);
  const palette = mailPalette(context.event);
  return (subject: string, heading: string, blocks: Block[], invite?: MailInvite): ComposedMail => {
    const letter: Letter = {
      subject: oneLine(subject),
      heading,
      blocks: [...(recipient.opening ?? []), ...blocks],
      footer: recipient.footer,
    };
    return {
      to: [recipient.to],
      replyTo: [recipient.replyTo],
      fromName,
      ...renderMail(letter, palette),
      ...(invite ? { invite } : {}),
    };
  };
}

/** What, when (with the old time struck through after a reschedule), who and where, in the recipient's zone. */
export function detailsRows({ kind, booking, host, event }: MailContext, zone: string, audience: Audience): Row[] {
  const when: Row = { label: 'When', value: timeRange(booking.start, booking.end, zone) };
  if ((kind === 'rescheduled' || kind === 'confirmed') && booking.rescheduledFrom) {
    when.was = timeRange(booking.rescheduledFrom.start, booking.rescheduledFrom.end, zone);
  }
  const place = placeOf(event, booking);
  const people: Row[] =
    audience === 'host'
      ? [
          { label: 'Guest', value: `${booking.name} <${booking.email}>` },
          ...(booking.guests.length ? [{ label: 'Other guests', value: booking.guests.join(', ') }] : []),
          ...(booking.guestTimeZone !== zone ? [{ label: "Guest's time zone", value: booking.guestTimeZone }] : []),
        ]
      : [
          { label: 'Host', value: host.name },
          ...(audience === 'other-guest' ? [{ label: 'Booked by', value: booking.name }] : []),
        ];
  return [
    { label: 'What', value: titleOf({ booking, event }) },
    when,
    ...people,
    ...(place ? [whereRow(place, booking)] : []),
  ];
}

/** The place as the mails show it: its one line, with its link for an online meeting. */
function whereRow(place: MeetingPlace, booking: BookingRecord): Row {
  // No Meet exists before the host confirms: its kind alone, as the booking page says.
  if (place.type === 'google-meet' && !place.url && booking.status !== 'confirmed') {
    return { label: 'Where', value: place.label };
  }
  return { label: 'Where', value: place.text, ...(place.url ? { link: place.url } : {}) };
}

export const answerSection = (title: string, answers: Row[]): Block[] =>
  answers.length ? [section(title), rows(answers)] : [];

export const reasonRows = (booking: BookingRecord): Row[] =>
  booking.cancellation?.reason?.trim()
    ? [{ label: 'Reason', value: booking.cancellation.reason.trim(), multiline: true }]
    : [];

/** Why a request was declined, as the guest or another guest reads it (a new time asked for: the meeting is off). */
export function declinedSentence(context: MailContext, audience: 'guest' | 'other-guest'): string {
  const { booking, host } = context;
  const title = titleOf(context);
  const expired = booking.cancellation?.by === 'system';
  if (!booking.rescheduledFrom) {
    return expired
      ? `${host.name} did not confirm your request in time, so it has been withdrawn.`
      : `${host.name} declined your request.`;
  }
  const asked = audience === 'guest' ? 'you asked for' : `${booking.name} asked for`;
  const what = audience === 'guest' ? 'the meeting' : `${title} with ${host.name}`;
  return expired
    ? `${host.name} did not confirm the new time ${asked} in time, so ${what} will not take place.`
    : `${host.name} declined the new time ${asked}, so ${what} will not take place.`;
}

/**
 * Who cancelled, as the guest or another guest reads it (issue 31: the one the booking records as having truly done
 * it): "You cancelled …", "{Host} cancelled …", "An administrator cancelled …", or, for the system, neither.
 */
export function cancelledSentence(context: MailContext, audience: 'guest' | 'other-guest'): string {
  const { booking, host } = context;
  const title = titleOf(context);
  const your = audience === 'guest' ? 'your ' : '';
  switch (booking.cancellation?.by) {
    case 'guest':
      return `${audience === 'guest' ? 'You' : booking.name} cancelled ${your}${title} with ${host.name}.`;
    case 'host':
      return `${host.name} cancelled ${your}${title}.`;
    case 'admin':
      return `An administrator cancelled ${your}${title} with ${host.name}.`;
    default:
      return `${audience === 'guest' ? 'Your ' : ''}${title} with ${host.name} has been cancelled.`;
  }
}

/** "Book again", while the event type exists. */
export const bookAgain = ({ event, links }: MailContext): Block[] =>
  event ? [buttons({ label: 'Book again', href: links.bookAgain })] : [];

/** The .ics file (only for the guest: its link carries their secret) and a Google Calendar template link. */
export function addToCalendar(context: MailContext, withFile: boolean): Block[] {
  return [
    section('Add to calendar'),
    {
      type: 'links',
      buttons: false,
      links: [
        ...(withFile ? [{ label: 'Calendar file (.ics)', href: context.links.calendarFile }] : []),
        { label: 'Google Calendar', href: googleCalendarLink(context) },
      ],
    },
  ];
}

/** "15 minutes", "1 hour", "2 days": the reminder's offset in words. */
export const startsIn = ({ reminderOffset }: MailContext): string => minutesInWords(reminderOffset ?? 0);

export const reminderHeading = (context: MailContext): string => `${titleOf(context)} starts in ${startsIn(context)}`;
