import * as z from 'zod/mini';

import { eventIdValue, timeZoneValue } from '#shared/api/schemas/availability';
import { CALENDAR_DATE_MESSAGE, isCalendarDate, meetingPlaceSchema, visibleText } from '#shared/api/schemas/common';
import { loadEnglishMessages } from '#shared/api/zod-english';
import { BOOKING_LIMITS as L } from '#shared/constants';
import { bareMailbox, MAILBOX_MAX } from '#shared/email-address';
import { UTM_PARAMS, UTM_VALUE_MAX, type UtmParam } from '#shared/embed';
import { isPhoneNumber } from '#shared/locations';

export { MEETING_TYPES, type MeetingType } from '#shared/constants';

loadEnglishMessages();

const LINE_BREAK = /[\r\n]/;

/**
 * Issue 31: a bare address (RFC 5321 mailbox, shared/email-address.ts), trimmed; a named one (`Ada <ada@…>`) is
 * refused with `named`, so one inbox cannot be listed under several spellings.
 */
const email = (message: string, named: string) =>
  z.pipe(
    z.pipe(
      z.string({ error: message }).check(z.refine((value) => !LINE_BREAK.test(value), { message, abort: true })),
      z.transform((value) => value.trim()),
    ),
    z.string().check(z.maxLength(MAILBOX_MAX, message), bareMailbox(message, named)),
  );

/** Where a booking came from (issue 29): the `utm_*` parameters of the booking page's address, as given. */
export type BookingSource = Partial<Record<UtmParam, string>>;

const utmValue = (key: UtmParam) =>
  z.optional(
    z.pipe(
      z
        .string({ error: `source.${key} must be text.` })
        .check(z.maxLength(UTM_VALUE_MAX, `source.${key} must be at most ${UTM_VALUE_MAX} characters.`)),
      z.transform((value) => visibleText(value) || undefined),
    ),
  );

const UTM_LIST = `${UTM_PARAMS.slice(0, -1).join(', ')} and ${UTM_PARAMS.at(-1)}`;
const unknownKeys = (source: unknown): string[] =>
  Object.keys(source ?? {}).filter((key) => !(UTM_PARAMS as readonly string[]).includes(key));

/**
 * createBooking's optional `source` (issue 29): the `utm_*` parameters the booking page was opened with (the embed
 * script passes the host page's on), each a text of at most UTM_VALUE_MAX characters; any other key is refused.
 * Invisible characters are dropped and each value trimmed; empty values are left out, and a source left empty is
 * none.
 */
export const bookingSourceBody = z.pipe(
  z
    .looseObject(
      {
        utm_source: utmValue('utm_source'),
        utm_medium: utmValue('utm_medium'),
        utm_campaign: utmValue('utm_campaign'),
        utm_term: utmValue('utm_term'),
        utm_content: utmValue('utm_content'),
      } satisfies Record<UtmParam, unknown>,
      { error: `source must be an object of ${UTM_LIST} texts.` },
    )
    // Named here rather than as the wrapper's "Unknown field": which object takes which keys.
    .check(
      z.refine((source) => unknownKeys(source).length === 0, {
        error: (issue) => `source accepts only ${UTM_LIST}, not ${unknownKeys(issue.input).join(', ')}.`,
      }),
    ),
  z.transform((source): BookingSource | undefined => {
    const given = UTM_PARAMS.flatMap((key) => (source[key] === undefined ? [] : [[key, source[key]] as const]));
    return given.length > 0 ? (Object.fromEntries(given) as BookingSource) : undefined;
  }),
);

/** A booking's source as the host's screens get it (null: the booking page was opened without utm_* parameters). */
export const bookingSourceView = z.nullable(
  z.object({
    utm_source: z.optional(z.string()),
    utm_medium: z.optional(z.string()),
    utm_campaign: z.optional(z.string()),
    utm_term: z.optional(z.string()),
    utm_content: z.optional(z.string()),
  }),
);

/** POST /api/bookings: the booking request (createBooking in docs/api.md). */
export const createBookingBody = z.strictObject({
  name: z.pipe(
    z.pipe(
      z
        .string({ error: 'Name is required' })
        .check(
          z.refine((value) => !LINE_BREAK.test(value), { message: 'Name must not contain line breaks.', abort: true }),
        ),
      z.transform((value) => visibleText(value)),
    ),
    z
      .string()
      .check(
        z.minLength(1, 'Name is required'),
        z.maxLength(L.nameMax, `Name must be at most ${L.nameMax} characters.`),
      ),
  ),
  email: email('Invalid email address', 'Please enter just your email address, without a name.'),
  additionalInfo: z.pipe(
    z.nullish(
      z
        .string({ error: 'Additional information must be text.' })
        .check(
          z.maxLength(L.additionalInfoMax, `Additional information must be at most ${L.additionalInfoMax} characters.`),
        ),
    ),
    z.transform((value) => (value ? visibleText(value, true) : '') || undefined),
  ),
  guests: z._default(
    z
      .array(
        email('Invalid guest email address', 'Please enter each guest as just an email address, without a name.'),
        {
          error: 'Guests must be a list of e-mail addresses.',
        },
      )
      .check(z.maxLength(L.guestsMax, `You can add at most ${L.guestsMax} guests.`)),
    [],
  ),
  /** The chosen date (ISO); the instant that counts is startTime. */
  date: z.string({ error: 'date is required.' }).check(
    z.maxLength(40),
    z.regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'date must be an ISO 8601 date.'),
    z.refine((value) => isCalendarDate(value.slice(0, 10)), CALENDAR_DATE_MESSAGE),
  ),
  /** ISO 8601 with a UTC offset; checked by the server (422 when malformed or not bookable). */
  startTime: z.string({ error: 'startTime is required.' }).check(z.maxLength(40, 'startTime is not an ISO 8601 time.')),
  endTime: z.string({ error: 'endTime is required.' }).check(z.maxLength(40, 'endTime is not an ISO 8601 time.')),
  eventId: eventIdValue,
  /** The guest's zone, for the confirmation (userTimezone). Optional: defaults to UTC. */
  timezone: z.optional(timeZoneValue),
  /**
   * Beyond the spec: the booking this one replaces (step 3's "Reschedule"), as the previous answer named it. The
   * two change in one write: the new time is booked and the old one cancelled (its calendar event moved when
   * "Update on reschedule" is on).
   */
  reschedule: z.optional(
    z.strictObject({
      bookingId: z.uuid({ error: 'reschedule.bookingId must be a booking id.' }),
      startTime: z.string().check(z.maxLength(40, 'reschedule.startTime is not an ISO 8601 time.')),
      token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'reschedule.token is not a reschedule token.')),
    }),
  ),
  /** Beyond the spec (issue 29): the `utm_*` parameters of the booking page's address, stored as the booking's source. */
  source: z.optional(bookingSourceBody),
  /**
   * Beyond the spec (issue 30): the guest's phone number, asked for (and then required) when the event is a phone
   * call the host makes (the public event's `asksForPhone`); refused with 400 for any other event.
   */
  phone: z.optional(
    z
      .string({ error: 'Please enter a valid phone number.' })
      .check(
        z.maxLength(40, 'Please enter a valid phone number.'),
        z.refine(isPhoneNumber, 'Please enter a valid phone number.'),
      ),
  ),
});
export type CreateBookingBody = z.infer<typeof createBookingBody>;

/** The answer to a booking request (createBooking in docs/api.md). */
export const createBookingResponse = z.object({
  calendarEventCreated: z.boolean(),
  date: z.string(),
  startTime: z.string(),
  eventTitle: z.string(),
  eventSlug: z.string(),
  hostName: z.string(),
  hostPhotoUrl: z.nullable(z.string()),
  duration: z.number(),
  timezone: z.string(),
  userTimezone: z.string(),
  /** Beyond the spec: what step 3's "Reschedule" sends back (the booking and its secret token). */
  bookingId: z.optional(z.string()),
  rescheduleToken: z.optional(z.string()),
  /** Beyond the spec: 'pending' when the host must confirm the booking first (step 3 then says so). */
  status: z.optional(z.enum(['confirmed', 'pending'])),
  /**
   * Beyond the spec (issue 28): the assigned host(s), in the order the booking names them (a personal booking: its
   * host). Always present in our answers.
   */
  hosts: z.optional(z.array(z.object({ name: z.string() }))),
  /** Beyond the spec (issue 30): where the meeting takes place, with its link. Always present in our answers. */
  place: z.optional(meetingPlaceSchema),
});
export type CreateBookingResponse = z.infer<typeof createBookingResponse>;

/** A booking's meetingType, as the admin list shows it (listBookings in docs/api.md). */
export const meetingTypeSchema = z.enum(['consultation', 'followup', 'project', 'other']);

/** `{id}` of a booking route: a booking id (anything else is simply not found). */
export const bookingIdParams = z.object({ id: z.uuid({ error: 'Booking not found.' }) });

const manageToken = z
  .string({ error: 'Booking not found.' })
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Booking not found.'));

/**
 * POST /api/bookings/{id}/manage, /ics and /reschedule-view (issue 31): the secret from the link's fragment, sent in
 * the body so that no server log keeps it.
 */
export const manageTokenBody = z.strictObject({ token: manageToken });

const reason = z.pipe(
  z.optional(
    z
      .string({ error: 'The reason must be text.' })
      .check(z.maxLength(L.reasonMax, `The reason must be at most ${L.reasonMax} characters.`)),
  ),
  z.transform((value) => (value ? visibleText(value, true) : '') || null),
);

/** POST /api/bookings/{id}/cancel: the guest's cancellation from their manage page. */
export const guestCancelBody = z.strictObject({ token: manageToken, reason });

/** POST /api/bookings/{id}/decline and /confirm (the host or an admin): an optional reason; no body at all is fine. */
export const bookingDecisionBody = z.strictObject({ reason });

const cancellationView = z.nullable(
  z.object({
    by: z.enum(['guest', 'host', 'admin', 'system']),
    reason: z.nullable(z.string()),
    declined: z.boolean(),
  }),
);

/** The booking as its guest sees it on the manage page (/booking/{id}?token=…). */
export const managedBookingResponse = z.object({
  id: z.string(),
  status: z.enum(['confirmed', 'pending', 'cancelled']),
  eventTitle: z.string(),
  eventSlug: z.string(),
  hostName: z.string(),
  hostPhotoUrl: z.nullable(z.string()),
  /** ISO instants with the guest's offset, and the guest's zone. */
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number(),
  userTimezone: z.string(),
  location: z.nullable(z.string()),
  /** Issue 30: where the meeting takes place, with its link; null when the event was deleted. */
  place: z.nullable(meetingPlaceSchema),
  name: z.string(),
  email: z.string(),
  guests: z.array(z.string()),
  additionalInfo: z.nullable(z.string()),
  cancellation: cancellationView,
  /** Replaced by a reschedule: the booking that did (its own manage link came by mail). */
  rescheduled: z.boolean(),
  /** Whether it started already (nothing can change it then). */
  past: z.boolean(),
});
export type ManagedBooking = z.infer<typeof managedBookingResponse>;

/** The host's (or an admin's) view of one booking (console page /bookings/{id}). */
export const hostBookingResponse = z.object({
  id: z.string(),
  status: z.enum(['confirmed', 'pending', 'cancelled']),
  eventId: z.number(),
  eventTitle: z.string(),
  eventSlug: z.string(),
  hostName: z.string(),
  name: z.string(),
  email: z.string(),
  guests: z.array(z.string()),
  additionalInfo: z.nullable(z.string()),
  /** ISO instants (UTC). */
  startTime: z.string(),
  endTime: z.string(),
  guestTimeZone: z.string(),
  /** The event's zone, in which the console shows the time. */
  hostTimeZone: z.string(),
  cancellation: cancellationView,
  meetingType: meetingTypeSchema,
  /** The host marked the guest as not having come. */
  noShow: z.boolean(),
  /** Where the meeting takes place (the event's location now), or null when the event was deleted. */
  location: z.nullable(z.string()),
  /** Issue 30: where the meeting takes place, with its link (and the guest's number when the host calls); null when the event was deleted. */
  place: z.nullable(meetingPlaceSchema),
  /** Replaced by a reschedule (cancelled because the guest moved it): the new booking's id. */
  rescheduledTo: z.nullable(z.string()),
  rescheduledFrom: z.nullable(z.object({ startTime: z.string(), endTime: z.string() })),
  past: z.boolean(),
  createdAt: z.string(),
  /** Issue 29: the `utm_*` parameters the guest's booking page was opened with; null when none. */
  source: bookingSourceView,
});
export type HostBooking = z.infer<typeof hostBookingResponse>;

/** The longest range GET /api/bookings answers (a quarter). */
export const BOOKING_LIST_MAX_DAYS = 92;

/** How many bookings one page of GET /api/bookings holds at most (issue 30), and how many without `limit`. */
export const BOOKING_LIST_LIMIT_MAX = 200;
export const BOOKING_LIST_LIMIT_DEFAULT = 100;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${BOOKING_LIST_LIMIT_MAX}.`;

/**
 * GET /api/bookings: `start` and `end` are days (yyyy-MM-dd, both included) in `timezone` (the caller's zone;
 * default UTC), at most 92 days apart. Issue 30: with `limit` (1–200) or `cursor` the answer is one page
 * (`{ bookings, nextCursor }`, 100 bookings when only `cursor` is given); `cursor` is a page's `nextCursor`, given
 * back with the same range. Without either, the whole range as an array (the spec's dashboard).
 */
export const bookingListQuery = z
  .object({
    start: z
      .string({ error: 'start is required (yyyy-MM-dd).' })
      .check(z.refine(isCalendarDate, 'start must be a date (yyyy-MM-dd).')),
    end: z
      .string({ error: 'end is required (yyyy-MM-dd).' })
      .check(z.refine(isCalendarDate, 'end must be a date (yyyy-MM-dd).')),
    timezone: z.optional(timeZoneValue),
    limit: z.optional(
      z.coerce
        .number({ error: LIMIT_MESSAGE })
        .check(z.int(LIMIT_MESSAGE), z.gte(1, LIMIT_MESSAGE), z.lte(BOOKING_LIST_LIMIT_MAX, LIMIT_MESSAGE)),
    ),
    cursor: z.optional(
      z
        .string({ error: 'cursor must be the nextCursor of a page.' })
        .check(
          z.minLength(1, 'cursor must be the nextCursor of a page.'),
          z.maxLength(512, 'cursor must be the nextCursor of a page.'),
        ),
    ),
  })
  .check(
    z.refine((query) => query.start <= query.end, { message: 'end must not be before start.', path: ['end'] }),
    z.refine((query) => (Date.parse(query.end) - Date.parse(query.start)) / 86_400_000 < BOOKING_LIST_MAX_DAYS, {
      message: `The range can be at most ${BOOKING_LIST_MAX_DAYS} days.`,
      path: ['end'],
    }),
  );

/** One booking of GET /api/bookings: the spec's admin list fields, then what the screens show beyond them. */
export const bookingListItem = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** ISO instants (UTC). */
  startTime: z.string(),
  endTime: z.string(),
  meetingType: meetingTypeSchema,
  status: z.enum(['confirmed', 'pending', 'cancelled']),
  eventTitle: z.string(),
  eventSlug: z.string(),
  /** The assigned host's name; a team booking's assigned hosts, joined with ", ". */
  hostName: z.string(),
  guestTimeZone: z.string(),
  additionalInfo: z.nullable(z.string()),
  guests: z.array(z.string()),
  /** The host marked the guest as not having come. */
  noShow: z.boolean(),
  /** Cancelled because the guest moved it to a new time. */
  rescheduled: z.boolean(),
  /** A team event's booking (issue 28): its team; null for a personal booking. */
  teamSlug: z.nullable(z.string()),
  teamName: z.nullable(z.string()),
  /**
   * A round-robin booking: why its member was chosen ("fewest bookings this month", "booked least recently", "only
   * member free", "kept on reschedule", "reassigned"), shown to administrators and the team's owners; null otherwise.
   */
  assignmentReason: z.nullable(z.string()),
  /**
   * Issue 31: the host's reschedule link (the booking page in rescheduling mode, `#token=` a reschedule-only token of
   * the host's own, never the guest's secret: it cannot cancel, and its move is recorded as the host's), for the host
   * to pass on; null once the booking is cancelled or has started.
   */
  rescheduleUrl: z.nullable(z.string()),
  /** Issue 29: the `utm_*` parameters the guest's booking page was opened with; null when none. */
  source: bookingSourceView,
});
export type BookingListItem = z.infer<typeof bookingListItem>;
/** Issue 30: one page of GET /api/bookings; `nextCursor` asks for the next page (same range), null after the last. */
export const bookingListPage = z.object({
  bookings: z.array(bookingListItem),
  nextCursor: z.nullable(z.string()),
});
export type BookingListPage = z.infer<typeof bookingListPage>;
/** The whole range as an array (no `limit`, no `cursor`), or one page of it. */
export const bookingListResponse = z.union([z.array(bookingListItem), bookingListPage]);

/** DELETE /api/bookings/{id}: an optional reason for the guest; no body at all is fine. */
export const cancelBookingBody = z.strictObject({ reason });

/** POST /api/bookings/{id}/no-show: true marks the guest as not having come, false takes it back (default true). */
export const noShowBody = z.strictObject({
  noShow: z._default(z.boolean({ error: 'noShow must be true or false.' }), true),
});
