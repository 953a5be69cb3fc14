import { accentFor, tint } from '#shared/accent';
import { isValidTimeZone } from '#shared/availability/wall-clock';
import { PRODUCT_NAME } from '#shared/constants';
import { feedbackAddress, isBareMailbox } from '#shared/email-address';
import { LOCATION_TYPES, type EventLocation, type MeetingPlace } from '#shared/locations';
import { guestList } from '#functions/domain/guest-addresses';
import { bookingPlace } from '#functions/domain/locations';
import { icsUidOf, versionOf, type NoticeKind } from '#functions/domain/notices';
import type { BookingRecord, EventRecord } from '#functions/domain/records';

/**
 * The e-mails a booking change sends, composed from the booking after the change: who gets a mail (the guest who
 * booked, the other guests they named, the host), its subject, a text and an HTML body, and the calendar
 * invitation it carries. Pure: the use case sends what this answers (adapters/ses/raw-mailer writes the MIME).
 *
 * Every time is shown in the recipient's own zone, named: the guest's zone for the guest and the other guests,
 * the event's zone for the host. Every text a person typed (names, answers, reasons, the event's title and
 * location) is escaped in the HTML. Other guests never get the guest's manage links: those links carry the
 * guest's secret. The place is shown as everywhere else (domain/locations.ts bookingPlace), with its link for an
 * online meeting, and the mail wears the product's colours and the event's accent (shared/accent.ts).
 *
 * A reschedule that waits for the host (issue 30 §3): the replaced booking was cancelled in the same write, so the
 * guest's and the other guests' calendars get the new time as TENTATIVE (same UID, next SEQUENCE); the host's
 * confirmation confirms it, and a decline, an expiry or the guest's withdrawal cancels it, each mailed to them all.
 */

export type MailKind = NoticeKind | 'reminder';

/** A calendar invitation as the domain decides it (the ports call it CalendarInvite). */
export interface MailInvite {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  start: string;
  end: string;
  summary: string;
  description: string;
  /** LOCATION: the address, the phone call, or an online meeting's link (its kind while it has none). */
  location: string | null;
  /** URL: an online meeting's link; otherwise the recipient's own page of the booking. */
  url: string | null;
  /** RFC 7986 CONFERENCE of an online meeting with a link (FEATURE=VIDEO, LABEL its kind). */
  conference?: { url: string; label: string } | null;
  organizer: { name: string; email: string };
  attendees: { name: string | null; email: string }[];
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

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

export interface MailContext {
  kind: MailKind;
  /** The booking after the change. */
  booking: BookingRecord;
  /** The host the guest's mails name (a team booking: every assigned host's name, joined) and reply to. */
  host: { name: string; email: string };
  /** A team booking's assigned hosts (issue 28): each gets the host mail. Absent: `host` alone. */
  hosts?: { name: string; email: string }[];
  /** The event type as it is now, or null when it was deleted. Its timeZone is the host's zone for host mail. */
  event: MailEvent | null;
  links: {
    /** The guest's manage page: {site}/booking/{id}#token=… (issue 31: the secret in the fragment, never logged) */
    manage: string;
    /** The guest's reschedule page: {site}/book/{slug}?reschedule={id}#token=… */
    reschedule: string;
    /** The booking's calendar file, offered by the manage page: {site}/booking/{id}#token=…&calendar=file */
    calendarFile: string;
    /** The event's booking page: {site}/book/{slug} */
    bookAgain: string;
    /** The host's page of the booking: {site}/bookings/{id} */
    console: string;
  };
  /**
   * The booking's status before the change: a pending booking cancelled by its guest was never an invitation, so
   * the other guests hear nothing and no calendar cancellation goes out.
   */
  previousStatus?: BookingRecord['status'];
  /** For 'reminder': minutes before the start. */
  reminderOffset?: number;
  /** For 'reminder': whether the host is reminded too. */
  remindHost?: boolean;
  /** The sender's display name for a host; by default "{Host name} via Meetwise". */
  mailFromName?: (hostName: string) => string;
}

/** What the mails read of the event type: its texts, zone and place, and its colours when known. */
export type MailEvent = Pick<EventRecord, 'title' | 'duration' | 'location' | 'timeZone' | 'description'> &
  EventLocation &
  Partial<Pick<EventRecord, 'color' | 'themeColor'>>;

/**
 * Each mail with a stable key naming its recipient role: 'guest', 'guest:{lower-case email}' for other guests,
 * 'host'. Reminders go only for a confirmed booking.
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

// ---------------------------------------------------------------------------------------------------------------
// The guest who booked

function guestMail(context: MailContext): ComposedMail | null {
  const { kind, booking, host, links } = context;
  const zone = guestZone(booking);
  const title = titleOf(context);
  const on = subjectDate(booking.start, zone);
  const subjectTail = `${title} with ${host.name} on ${on}`;
  const details = detailsRows(context, zone, 'guest');
  const answers = answerRows(booking);
  const changeLinks: Block = {
    type: 'links',
    buttons: true,
    links: [
      { label: 'Reschedule', href: links.reschedule },
      { label: 'Cancel', href: links.manage },
    ],
  };
  const cancelRequest: Block = {
    type: 'links',
    buttons: true,
    links: [{ label: 'Cancel request', href: links.manage }],
  };
  const confirmedBody = (intro: string): Block[] => [
    paragraph(`Hi ${booking.name},`),
    paragraph(intro),
    rows(details),
    ...answerSection('Your answers', answers),
    ...addToCalendar(context, true),
    section('Need to make a change?'),
    changeLinks,
  ];
  const compose = (subject: string, heading: string, blocks: Block[], invite?: MailInvite) =>
    mailFor(context, {
      to: booking.email,
      replyTo: host.email,
      subject,
      heading,
      blocks,
      footer: `Sent by ${PRODUCT_NAME} for ${host.name}.`,
      invite,
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

// ---------------------------------------------------------------------------------------------------------------
// The other guests the guest named

/** The other guests, each once, without the guest or the host themselves. */
/**
 * The other guests to mail: the stored list read through the same rule as the booking write, so a booking stored
 * before guests were normalised (`Ada <A@x.org>`, `a@x.org` twice, the host among them) still mails each inbox once.
 */
function otherGuestsOf({ booking, host, hosts }: Pick<MailContext, 'booking' | 'host' | 'hosts'>): string[] {
  const bare = booking.guests.map(feedbackAddress).filter(isBareMailbox);
  return guestList(
    bare,
    booking.email,
    (hosts ?? [host]).map((each) => each.email),
  );
}

function otherGuestMail(context: MailContext, email: string): ComposedMail | null {
  const { kind, booking, host } = context;
  const zone = guestZone(booking);
  const title = titleOf(context);
  const subjectTail = `${title} with ${host.name} on ${subjectDate(booking.start, zone)}`;
  const details = detailsRows(context, zone, 'other-guest');
  const compose = (subject: string, heading: string, blocks: Block[], invite?: MailInvite) =>
    mailFor(context, {
      to: email,
      replyTo: host.email,
      subject,
      heading,
      blocks: [paragraph('Hello,'), ...blocks],
      footer: `Sent by ${PRODUCT_NAME} for ${host.name}, because ${booking.name} added you as a guest.`,
      invite,
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

// ---------------------------------------------------------------------------------------------------------------
// The host

function hostMail(context: MailContext): ComposedMail | null {
  const { kind, booking, host, event, links } = context;
  const zone = event && isValidTimeZone(event.timeZone) ? event.timeZone : guestZone(booking);
  const title = titleOf(context);
  const subjectTail = `${booking.name} – ${title} on ${subjectDate(booking.start, zone)}`;
  const details = detailsRows(context, zone, 'host');
  const answers = answerRows(booking);
  const view: Block = { type: 'links', buttons: true, links: [{ label: 'View booking', href: links.console }] };
  const decide: Block = { type: 'links', buttons: true, links: [{ label: 'Confirm or decline', href: links.console }] };
  const compose = (subject: string, heading: string, blocks: Block[], invite?: MailInvite) =>
    mailFor(context, {
      to: host.email,
      replyTo: booking.email,
      subject,
      heading,
      blocks,
      footer: `Sent by ${PRODUCT_NAME}. Reply to this e-mail to write to ${booking.name}.`,
      invite,
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

// ---------------------------------------------------------------------------------------------------------------
// What the mails share: the details block, the answers, the calendar links, the invitation

type Audience = 'guest' | 'other-guest' | 'host';

/** What, when (with the old time struck through after a reschedule), who and where, in the recipient's zone. */
function detailsRows({ kind, booking, host, event }: MailContext, zone: string, audience: Audience): Row[] {
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

/** What the guest wrote when booking. */
function answerRows(booking: BookingRecord): Row[] {
  return [
    ...(booking.additionalInfo?.trim()
      ? [{ label: 'Additional information', value: booking.additionalInfo.trim(), multiline: true }]
      : []),
    ...(booking.guests.length ? [{ label: 'Guests', value: booking.guests.join(', ') }] : []),
  ];
}

const answerSection = (title: string, answers: Row[]): Block[] =>
  answers.length ? [section(title), rows(answers)] : [];

const reasonRows = (booking: BookingRecord): Row[] =>
  booking.cancellation?.reason?.trim()
    ? [{ label: 'Reason', value: booking.cancellation.reason.trim(), multiline: true }]
    : [];

/** Why a request was declined, as the guest or another guest reads it (a new time asked for: the meeting is off). */
function declinedSentence(context: MailContext, audience: 'guest' | 'other-guest'): string {
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
 * Whether a cancelled booking was in the guest's and the other guests' calendars: a confirmed one, or a reschedule's
 * new time waiting for the host (tentative); a request never was.
 */
const heldInvitation = ({ booking, previousStatus }: MailContext): boolean =>
  previousStatus !== 'pending' || !!booking.rescheduledFrom;

/**
 * The invitation as the booking stands now, for a change that keeps its status (a new place): confirmed, or tentative
 * for a reschedule's new time waiting for the host (not the host's: they hold only confirmed bookings).
 */
function currentInvitation(context: MailContext, audience: Audience): MailInvite | undefined {
  const { status, rescheduledFrom } = context.booking;
  if (status === 'confirmed') return inviteFor(context, 'REQUEST', audience);
  if (status === 'pending' && rescheduledFrom && audience !== 'host') return inviteFor(context, 'REQUEST', audience);
  return undefined;
}

/**
 * Who cancelled, as the guest or another guest reads it (issue 31: the one the booking records as having truly done
 * it): "You cancelled …", "{Host} cancelled …", "An administrator cancelled …", or, for the system, neither.
 */
function cancelledSentence(context: MailContext, audience: 'guest' | 'other-guest'): string {
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

/** Issue 31: the host moved the booking with their reschedule-only link (not the guest). */
const byHost = (booking: BookingRecord): boolean => booking.rescheduledFrom?.by === 'host';

/** "Book again", while the event type exists. */
const bookAgain = ({ event, links }: MailContext): Block[] =>
  event ? [{ type: 'links', buttons: true, links: [{ label: 'Book again', href: links.bookAgain }] }] : [];

/** The .ics file (only for the guest: its link carries their secret) and a Google Calendar template link. */
function addToCalendar(context: MailContext, withFile: boolean): Block[] {
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

/** Google Calendar's "add event" template, filled with the booking. */
function googleCalendarLink(context: MailContext): string {
  const { booking } = context;
  const compact = (iso: string) =>
    new Date(iso)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const params = [
    ['action', 'TEMPLATE'],
    ['text', summaryFor(context, 'guest')],
    ['dates', `${compact(booking.start)}/${compact(booking.end)}`],
    ['details', inviteDescription(context)],
    ['location', inviteLocation(context) ?? ''],
  ];
  const query = params.map(([name, value]) => `${name}=${encodeURIComponent(value!).replace(/%2F/g, '/')}`);
  return `https://calendar.google.com/calendar/render?${query.join('&')}`;
}

/**
 * The invitation a mail carries, for its recipient: their own page of the booking as its URL (an online meeting's
 * link instead); a request still waiting for the host is tentative.
 */
function inviteFor(context: MailContext, method: 'REQUEST' | 'CANCEL', audience: Audience): MailInvite {
  const url = audience === 'guest' ? context.links.manage : audience === 'host' ? context.links.console : null;
  const status = method === 'CANCEL' ? 'CANCELLED' : context.booking.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED';
  return invitation(context, method, status, audience === 'host', url);
}

/**
 * The booking as the guest's calendar file (POST /api/bookings/{id}/ics): the same UID and SEQUENCE as its
 * mails' invitations; a cancelled booking cancels, a pending one is tentative. `url` is the guest's manage page.
 */
export function calendarInviteFor(
  booking: BookingRecord,
  host: { name: string; email: string },
  event: MailContext['event'],
  url: string | null,
): MailInvite {
  const parts = { booking, host, event };
  if (booking.status === 'cancelled') return invitation(parts, 'CANCEL', 'CANCELLED', false, url);
  return invitation(parts, 'REQUEST', booking.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED', false, url);
}

/** What an invitation is made of. */
type BookingParts = Pick<MailContext, 'booking' | 'host' | 'event'>;

/**
 * An invitation with the same UID for the life of the booking and the booking's version as SEQUENCE, so calendar
 * apps update or remove the event they already have. The host's copy is titled with the guest's name.
 */
function invitation(
  parts: BookingParts,
  method: MailInvite['method'],
  status: MailInvite['status'],
  forHost: boolean,
  url: string | null,
): MailInvite {
  const { booking, host } = parts;
  const place = placeOf(parts.event, booking);
  const online = place?.online && place.url ? { url: place.url, label: place.label } : null;
  return {
    method,
    uid: icsUidOf(booking),
    sequence: versionOf(booking),
    start: new Date(booking.start).toISOString(),
    end: new Date(booking.end).toISOString(),
    summary: summaryFor(parts, forHost ? 'host' : 'guest'),
    description: inviteDescription(parts),
    location: inviteLocation(parts),
    url: online?.url ?? url,
    ...(online ? { conference: online } : {}),
    organizer: { name: oneLine(host.name), email: host.email },
    attendees: [
      { name: oneLine(booking.name), email: booking.email },
      ...otherGuestsOf(parts).map((email) => ({ name: null, email })),
    ],
    status,
  };
}

/** The calendar event's title: the event type with the other side's name. */
const summaryFor = (parts: BookingParts, side: 'guest' | 'host'): string =>
  `${titleOf(parts)} with ${oneLine(side === 'host' ? parts.booking.name : parts.host.name)}`;

/** The event type's description, then the guest's answers. */
function inviteDescription({ booking, event }: Pick<BookingParts, 'booking' | 'event'>): string {
  const answers = answerRows(booking).map((row) => `${row.label}: ${row.value}`);
  return [event?.description.trim() ?? '', answers.join('\n')].filter(Boolean).join('\n\n');
}

/**
 * The calendar's LOCATION: an online meeting's link (its kind while it has none, e.g. a Meet Google has not made
 * yet), the phone call, or the address; none for an in-person meeting without one.
 */
function inviteLocation({ booking, event }: Pick<BookingParts, 'booking' | 'event'>): string | null {
  const place = placeOf(event, booking);
  if (!place) return null;
  if (place.online) return place.url ?? place.label;
  if (place.type === 'in-person') return place.text === LOCATION_TYPES['in-person'] ? null : place.text;
  return place.text;
}

/**
 * Where the meeting takes place, as every screen shows it (domain/locations.ts bookingPlace: a Google Meet event's
 * booking with a room of ours is a video call), or null when the event type is gone. An event stored before issue 30
 * keeps its address or number in `location` only.
 */
function placeOf(event: MailContext['event'], booking: BookingRecord): MeetingPlace | null {
  if (!event) return null;
  const stored = event.location.trim();
  const legacy =
    !event.locationDetail?.trim() &&
    (event.locationType === 'in-person' || event.locationType === 'phone') &&
    stored !== '' &&
    stored !== LOCATION_TYPES[event.locationType];
  return bookingPlace(legacy ? { ...event, locationDetail: stored } : event, booking);
}

/** The event's title as it is now, or as it was booked when the event type is gone. */
const titleOf = ({ booking, event }: Pick<MailContext, 'booking' | 'event'>): string =>
  oneLine(event?.title || booking.eventTitle);

const guestZone = (booking: BookingRecord): string =>
  isValidTimeZone(booking.guestTimeZone) ? booking.guestTimeZone : 'UTC';

const reminderHeading = (context: MailContext): string => `${titleOf(context)} starts in ${startsIn(context)}`;

/** "15 minutes", "1 hour", "2 days": the reminder's offset in words. */
function startsIn({ reminderOffset }: MailContext): string {
  const minutes = reminderOffset ?? 0;
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (minutes >= 1440 && minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes >= 60 && minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}

// ---------------------------------------------------------------------------------------------------------------
// Times in a zone

const formatters = new Map<string, Intl.DateTimeFormat>();

function format(instant: string, zone: string, style: 'date' | 'time' | 'short-date'): string {
  const key = `${style} ${zone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions =
      style === 'date'
        ? { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }
        : style === 'short-date'
          ? { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' }
          : { hour: 'numeric', minute: '2-digit', hour12: true };
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formatters.set(key, formatter);
  }
  // ICU puts a narrow no-break space before AM/PM; mail clients and readers expect a plain one.
  return formatter.format(new Date(instant)).replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * "Monday, March 9, 2026, 10:00 AM – 10:30 AM (America/New_York)"; the end's date is shown too when the meeting
 * ends on another day there.
 */
export function timeRange(start: string, end: string, zone: string): string {
  const startDate = format(start, zone, 'date');
  const endDate = format(new Date(Date.parse(end) - 1).toISOString(), zone, 'date');
  const endPart = endDate === startDate ? format(end, zone, 'time') : `${endDate}, ${format(end, zone, 'time')}`;
  return `${startDate}, ${format(start, zone, 'time')} – ${endPart} (${zone})`;
}

/** "Mon, Mar 9, 2026 at 10:00 AM": the start, short, for subjects. */
const subjectDate = (start: string, zone: string): string =>
  `${format(start, zone, 'short-date')} at ${format(start, zone, 'time')}`;

// ---------------------------------------------------------------------------------------------------------------
// Writing a mail: one model of blocks, rendered as text and as escaped HTML

interface Row {
  label: string;
  value: string;
  /** The value before a change, struck through. */
  was?: string;
  /** Typed text that may hold line breaks. */
  multiline?: boolean;
  /** A web link the value shows (an online meeting's): a link in the HTML. */
  link?: string;
}

interface Link {
  label: string;
  href: string;
}

type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'section'; title: string }
  | { type: 'rows'; rows: Row[] }
  | { type: 'links'; links: Link[]; buttons: boolean };

const paragraph = (text: string): Block => ({ type: 'paragraph', text });
const section = (title: string): Block => ({ type: 'section', title });
const rows = (list: Row[]): Block => ({ type: 'rows', rows: list });

interface Draft {
  to: string;
  replyTo: string;
  subject: string;
  heading: string;
  blocks: Block[];
  footer: string;
  invite?: MailInvite | undefined;
}

function mailFor(context: MailContext, draft: Draft): ComposedMail {
  const hostName = oneLine(context.host.name);
  const subject = oneLine(draft.subject);
  return {
    to: [draft.to],
    replyTo: [draft.replyTo],
    fromName: oneLine(context.mailFromName?.(hostName) ?? `${hostName} via ${PRODUCT_NAME}`),
    subject,
    text: renderText(draft),
    html: renderHtml(subject, draft, mailPalette(context.event)),
    ...(draft.invite ? { invite: draft.invite } : {}),
  };
}

/** Typed text on one line (subjects, names in headers): line breaks and runs of spaces become one space. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function renderText(draft: Draft): string {
  const blockText = (block: Block): string => {
    switch (block.type) {
      case 'paragraph':
        return block.text;
      case 'section':
        return `${block.title}\n${'-'.repeat(block.title.length)}`;
      case 'rows':
        return block.rows.map(rowText).join('\n');
      case 'links':
        return block.links.map((link) => `${link.label}: ${link.href}`).join('\n');
    }
  };
  return [draft.heading, ...draft.blocks.map(blockText), `-- \n${draft.footer}`].join('\n\n') + '\n';
}

function rowText(row: Row): string {
  const value =
    row.multiline && row.value.includes('\n') ? `\n  ${row.value.split(/\r?\n/).join('\n  ')}` : ` ${row.value}`;
  return `${row.label}:${value}${row.was ? `\n  (was: ${row.was})` : ''}`;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Only web links become links (the site's own, Google's, and a meeting's https:// link; this keeps it so). */
const safeHref = (href: string): string => (/^https?:\/\//i.test(href) ? href : '#');

/**
 * The colours of a booking mail: the product's (frontend/src/index.css brand and slate) with the event's accent for
 * buttons, links and the card's top edge (its `color` darkened until white on it reaches 4.5:1, as on the booking
 * page), and its `themeColor` tinting the page as the booking page does. Every text colour keeps 4.5:1 (WCAG AA) on
 * what it is shown on, whatever the event's colours.
 */
export interface MailPalette {
  /** The page around the card: slate-50, tinted 12% with the event's theme colour. */
  page: string;
  card: string;
  border: string;
  text: string;
  /** Row labels, and the footer on the page. */
  muted: string;
  /** The old value struck through (on the card). */
  faint: string;
  /** Buttons (white text on it) and links (on the card). */
  accent: string;
  /** The product's name above the card (brand-800). */
  brand: string;
}

export function mailPalette(event: Pick<MailEvent, 'color' | 'themeColor'> | null): MailPalette {
  return {
    page: tint(event?.themeColor, '#f8fafc', 0.12) ?? '#f8fafc',
    card: '#ffffff',
    border: '#e2e8f0',
    text: '#0f172a',
    muted: '#475569',
    faint: '#64748b',
    accent: accentFor(event?.color),
    brand: '#9a3412',
  };
}

const FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;" +
  'line-height:1.5;';

function styles(palette: MailPalette) {
  return {
    body: `margin:0;padding:0;background:${palette.page};`,
    page: `max-width:560px;margin:0 auto;padding:24px 16px;${FONT}color:${palette.text};`,
    brand: `margin:0 0 12px;font-size:14px;font-weight:700;letter-spacing:0.02em;color:${palette.brand};`,
    card:
      `background:${palette.card};border:1px solid ${palette.border};border-top:4px solid ${palette.accent};` +
      'border-radius:8px;padding:24px;',
    h1: 'margin:0 0 16px;font-size:20px;line-height:1.3;',
    h2: 'margin:24px 0 8px;font-size:16px;',
    p: 'margin:0 0 12px;',
    table: 'border-collapse:collapse;width:100%;margin:0 0 12px;',
    th: `text-align:left;vertical-align:top;padding:4px 16px 4px 0;color:${palette.muted};font-weight:600;white-space:nowrap;`,
    td: 'vertical-align:top;padding:4px 0;',
    was: `color:${palette.faint};`,
    button:
      `display:inline-block;margin:0 8px 8px 0;padding:10px 18px;background:${palette.accent};color:#ffffff;` +
      'border-radius:6px;text-decoration:none;font-weight:600;',
    link: `color:${palette.accent};`,
    footer: `margin:16px 0 0;font-size:12px;color:${palette.muted};`,
  } as const;
}

type Styles = ReturnType<typeof styles>;

function renderHtml(subject: string, draft: Draft, palette: MailPalette): string {
  const STYLE = styles(palette);
  const blockHtml = (block: Block): string => {
    switch (block.type) {
      case 'paragraph':
        return `<p style="${STYLE.p}">${escapeHtml(block.text)}</p>`;
      case 'section':
        return `<h2 style="${STYLE.h2}">${escapeHtml(block.title)}</h2>`;
      case 'rows':
        return `<table role="presentation" style="${STYLE.table}">${block.rows.map((row) => rowHtml(row, STYLE)).join('')}</table>`;
      case 'links': {
        const links = block.links.map((link) => linkHtml(link, block.buttons, STYLE));
        return `<p style="${STYLE.p}">${links.join(block.buttons ? ' ' : '<br>')}</p>`;
      }
    }
  };
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="${STYLE.body}"><div style="${STYLE.page}">`,
    `<p style="${STYLE.brand}">${escapeHtml(PRODUCT_NAME)}</p><div style="${STYLE.card}">`,
    `<h1 style="${STYLE.h1}">${escapeHtml(draft.heading)}</h1>`,
    ...draft.blocks.map(blockHtml),
    `</div><p style="${STYLE.footer}">${escapeHtml(draft.footer)}</p></div></body></html>`,
  ].join('\n');
}

function rowHtml(row: Row, STYLE: Styles): string {
  let value = row.multiline
    ? `<span style="white-space:pre-wrap;">${escapeHtml(row.value)}</span>`
    : escapeHtml(row.value);
  if (row.link) {
    const shown = escapeHtml(row.link);
    const anchor = `<a href="${escapeHtml(safeHref(row.link))}" style="${STYLE.link}">${shown}</a>`;
    value = value.includes(shown) ? value.replace(shown, () => anchor) : `${value}<br>${anchor}`;
  }
  const was = row.was ? `<br><s style="${STYLE.was}">${escapeHtml(row.was)}</s>` : '';
  const label = `<th scope="row" style="${STYLE.th}">${escapeHtml(row.label)}</th>`;
  return `<tr>${label}<td style="${STYLE.td}">${value}${was}</td></tr>`;
}

const linkHtml = (link: Link, button: boolean, STYLE: Styles): string => {
  const style = button ? STYLE.button : STYLE.link;
  return `<a href="${escapeHtml(safeHref(link.href))}" style="${style}">${escapeHtml(link.label)}</a>`;
};
