import * as z from 'zod/mini';

import { meetingTypeSchema } from '#shared/api/schemas/bookings';
import { calendarDateOrTimestamp, requiredText } from '#shared/api/schemas/common';
import { loadEnglishMessages } from '#shared/api/zod-english';
import {
  BUFFER_OPTIONS,
  CUSTOM_CSS_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_DURATION_MAX,
  EVENT_DURATION_MIN,
  EVENT_SLUG_MAX,
  EVENT_SLUG_MIN,
  EVENT_TITLE_MAX,
  MAX_ADVANCE_BOOKING_DAYS,
  MAX_BOOKINGS_PER_DAY,
  MAX_BUFFER_MINUTES,
  MAX_MINIMUM_NOTICE_AMOUNT,
  RESERVED_EVENT_SLUGS,
  TIME_ZONE_OPTIONS,
} from '#shared/constants';
import {
  isMeetingLink,
  isPhoneNumber,
  LOCATION_DETAIL_MAX,
  LOCATION_TYPE_VALUES,
  type EventLocation,
} from '#shared/locations';
import {
  DEFAULT_PENDING_EXPIRY_HOURS,
  MAX_PENDING_EXPIRY_HOURS,
  MIN_PENDING_EXPIRY_HOURS,
} from '#shared/rules/pending';
import { DEFAULT_REMINDERS, isReminderOffset, normalizeReminders, REMINDER_OFFSETS } from '#shared/rules/reminders';

loadEnglishMessages();

/**
 * The host's event types (their routes are in docs/api.md): what the dashboard and the editor read and send.
 * The public booking view of an event is in events.ts.
 */

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

export const locationTypeSchema = z.enum(LOCATION_TYPE_VALUES, {
  error: 'Please select a location type.',
});

/** Phone meetings (issue 30): the guest calls the host's number, or the host calls the number the guest gives. */
export const phoneCallerSchema = z.enum(['guest', 'host'], { error: 'Please choose who calls whom.' });

/**
 * What each location type asks of the host (shared/locations.ts): the field it names, and the message when missing.
 * A body without `locationDetail` at all (the spec's own client, which knows only the type) keeps an in-person or
 * phone event valid as before (shown as "In-person" / "Phone call"); the console's editor always sends the detail.
 * A link is new: it always needs its URL.
 */
export function locationProblems(
  location: EventLocation,
): Array<{ path: ['locationDetail'] | ['phoneCaller']; message: string }> {
  const detail = (location.locationDetail ?? '').trim();
  if (location.locationDetail === undefined && location.locationType !== 'link') return [];
  switch (location.locationType) {
    case 'in-person':
      return detail ? [] : [{ path: ['locationDetail'], message: 'Please enter the address.' }];
    case 'link':
      return isMeetingLink(detail)
        ? []
        : [{ path: ['locationDetail'], message: 'Please enter a meeting link that starts with https://.' }];
    case 'phone':
      if (location.phoneCaller === 'host') return [];
      return isPhoneNumber(detail)
        ? []
        : [{ path: ['locationDetail'], message: 'Please enter the phone number guests should call.' }];
    default:
      return [];
  }
}

/** An event slug: lower-case letters, digits and hyphens, 3–60 characters, not a reserved word. */
export const eventSlugSchema = z.string({ error: 'Please enter a URL for the event.' }).check(
  z.minLength(EVENT_SLUG_MIN, `The URL must be at least ${EVENT_SLUG_MIN} characters.`),
  z.maxLength(EVENT_SLUG_MAX, `The URL cannot exceed ${EVENT_SLUG_MAX} characters.`),
  z.regex(/^[a-z0-9-]+$/, 'The URL may only contain lowercase letters, numbers and hyphens.'),
  // Digits alone would read as an event id in /api/events/{id or slug}.
  z.regex(/[a-z]/, 'The URL must contain at least one letter.'),
  z.refine(
    (slug) => !(RESERVED_EVENT_SLUGS as readonly string[]).includes(slug),
    'This URL is reserved. Please choose another.',
  ),
);

export const availabilityRangeSchema = z
  .strictObject({
    dayOfWeek: z.number().check(z.int(), z.gte(0), z.lte(6)),
    active: z.boolean(),
    startTime: z.string().check(z.regex(HHMM, 'Times are HH:MM.')),
    endTime: z.string().check(z.regex(HHMM, 'Times are HH:MM.')),
  })
  .check(
    z.refine((range) => !range.active || range.startTime < range.endTime, {
      message: 'The end time must be after the start time.',
      path: ['endTime'],
    }),
  );

/** A buffer: one of the editor's options, 0–60 minutes. */
const bufferSchema = z.number({ error: 'Buffers are minutes.' }).check(
  z.int(),
  z.gte(0, 'Buffers cannot be negative.'),
  z.lte(MAX_BUFFER_MINUTES, `Buffers cannot exceed ${MAX_BUFFER_MINUTES} minutes.`),
  z.refine(
    (minutes) => (BUFFER_OPTIONS as readonly number[]).includes(minutes),
    `Buffers are one of ${BUFFER_OPTIONS.join(', ')} minutes.`,
  ),
);

/** An uploaded image of ours (/photos/…) or none. */
const imageUrl = z.nullable(
  z
    .string()
    .check(
      z.maxLength(300),
      z.regex(
        /^\/photos\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.(?:png|jpg|gif|webp)$/,
        'Images must be uploaded first.',
      ),
    ),
);

/** At most this many hosts on a team event type (their profiles and calendars are read in one BatchGetItem). */
export const TEAM_EVENT_HOSTS_MAX = 50;
/**
 * At most this many hosts attend one meeting (collective: every host; round-robin: the fixed hosts and one of the
 * pool): a booking locks every one of them in one DynamoDB transaction, which holds at most 100 writes, and each
 * attending host takes up to five of them (their days, their copy, a reschedule's copy).
 */
export const TEAM_MEETING_HOSTS_MAX = 16;
/** Default relative share of round-robin bookings, and its bounds. */
export const TEAM_HOST_WEIGHT_DEFAULT = 100;
export const TEAM_HOST_WEIGHT_MAX = 1000;

export const schedulingTypeSchema = z.enum(['collective', 'round-robin'], {
  error: 'The scheduling type is collective or round-robin.',
});

/** One host of a team event type: a member of the team, `fixed` (round-robin: always attends) and a `weight`. */
export const teamEventHostBody = z.strictObject({
  userId: z
    .string({ error: 'Each host needs the userId of a team member.' })
    .check(z.minLength(1, 'Each host needs the userId of a team member.'), z.maxLength(100)),
  fixed: z._default(z.boolean({ error: 'fixed must be true or false.' }), false),
  weight: z._default(
    z
      .number({ error: 'The weight must be a whole number from 1 to 1000.' })
      .check(
        z.int('The weight must be a whole number from 1 to 1000.'),
        z.gte(1, 'The weight must be a whole number from 1 to 1000.'),
        z.lte(TEAM_HOST_WEIGHT_MAX, 'The weight must be a whole number from 1 to 1000.'),
      ),
    TEAM_HOST_WEIGHT_DEFAULT,
  ),
});

/**
 * The team fields of the editor (issue 28), all optional so that a client that knows nothing of teams is unchanged:
 * `teamSlug` makes the event one of that team's (with `schedulingType` and `hosts`, required then); `teamSlug: null`
 * makes it personal; left out, a new event is personal and an edited one stays as it is.
 */
const teamFields = {
  teamSlug: z.optional(
    z.nullable(
      z
        .string({ error: 'Please choose one of your teams.' })
        .check(
          z.minLength(1, 'Please choose one of your teams.'),
          z.maxLength(EVENT_SLUG_MAX, 'Please choose one of your teams.'),
          z.regex(/^[a-z0-9-]+$/, 'Please choose one of your teams.'),
        ),
    ),
  ),
  schedulingType: z.optional(z.nullable(schedulingTypeSchema)),
  hosts: z.optional(
    z.nullable(
      z.array(teamEventHostBody, { error: 'Hosts must be a list of team members.' }).check(
        z.minLength(1, 'Please choose at least one host.'),
        // A refinement rather than maxLength, whose issue would end the PATCH union's choice ("Invalid input").
        z.refine(
          (hosts) => hosts.length <= TEAM_EVENT_HOSTS_MAX,
          `A team event can have at most ${TEAM_EVENT_HOSTS_MAX} hosts.`,
        ),
        z.refine(
          (hosts) => new Set(hosts.map((host) => host.userId)).size === hosts.length,
          'Each host can be chosen only once.',
        ),
      ),
    ),
  ),
};

/** The rules between the team fields (a 400 names the field). */
function teamFieldProblems(body: {
  teamSlug?: string | null | undefined;
  schedulingType?: 'collective' | 'round-robin' | null | undefined;
  hosts?: { fixed: boolean }[] | null | undefined;
}): { message: string; path: string[] }[] {
  const { teamSlug, schedulingType, hosts } = body;
  if (!teamSlug) {
    if (schedulingType || hosts) {
      return [
        {
          message: 'Please choose the team whose members host the event.',
          path: ['teamSlug'],
        },
      ];
    }
    return [];
  }
  const problems: { message: string; path: string[] }[] = [];
  if (!schedulingType)
    problems.push({
      message: 'Please choose how the team is booked: collective or round-robin.',
      path: ['schedulingType'],
    });
  if (!hosts) problems.push({ message: 'Please choose at least one host.', path: ['hosts'] });
  if (schedulingType === 'collective' && hosts?.some((host) => host.fixed))
    problems.push({
      message: 'Fixed hosts are for round-robin events: on a collective event every host attends.',
      path: ['hosts'],
    });
  if (schedulingType === 'round-robin' && hosts && hosts.every((host) => host.fixed))
    problems.push({
      message: 'A round-robin event needs at least one host who is not fixed.',
      path: ['hosts'],
    });
  const attending =
    schedulingType === 'round-robin' ? (hosts ?? []).filter((host) => host.fixed).length + 1 : (hosts?.length ?? 0);
  if (attending > TEAM_MEETING_HOSTS_MAX)
    problems.push({
      message: `At most ${TEAM_MEETING_HOSTS_MAX} hosts can attend one meeting: choose fewer ${schedulingType === 'round-robin' ? 'fixed hosts' : 'hosts'}.`,
      path: ['hosts'],
    });
  return problems;
}

/** Every field the editor sends (create: `id` null or absent; full edit). Unknown fields are refused. */
const eventFields = z.strictObject({
  id: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
  slug: eventSlugSchema,
  title: requiredText({
    min: 3,
    max: EVENT_TITLE_MAX,
    tooShort: 'Event name must be at least 3 characters.',
    tooLong: `Event name cannot exceed ${EVENT_TITLE_MAX} characters.`,
  }),
  description: z._default(
    z
      .string()
      .check(z.maxLength(EVENT_DESCRIPTION_MAX, `The description cannot exceed ${EVENT_DESCRIPTION_MAX} characters.`)),
    '',
  ),
  duration: z
    .number({ error: 'Duration must be a number.' })
    .check(
      z.int('Duration must be a whole number of minutes.'),
      z.gte(EVENT_DURATION_MIN, `Duration must be at least ${EVENT_DURATION_MIN} minutes.`),
      z.lte(EVENT_DURATION_MAX, `Duration cannot exceed ${EVENT_DURATION_MAX} minutes.`),
    ),
  color: z.string().check(z.regex(HEX_COLOR, 'Colours are #RRGGBB.')),
  active: z.optional(z.boolean()),
  /** Display text; the server derives it from the location fields (shared/locations.ts locationDisplayText). */
  location: z.optional(z.string().check(z.maxLength(200))),
  locationType: locationTypeSchema,
  /** Beyond the spec (issue 30): the address, the host's phone number or the meeting link; left out: none. */
  locationDetail: z.optional(
    z.nullable(
      z
        .string()
        .check(z.maxLength(LOCATION_DETAIL_MAX, `The location cannot exceed ${LOCATION_DETAIL_MAX} characters.`)),
    ),
  ),
  /** Beyond the spec (issue 30): phone meetings only; left out: the guest calls. */
  phoneCaller: z.optional(z.nullable(phoneCallerSchema)),
  bufferBefore: bufferSchema,
  bufferAfter: bufferSchema,
  requiresConfirmation: z._default(z.boolean(), false),
  /** Issue 31: hours a booking request waits for the host's confirmation before it expires; left out: 24. */
  pendingExpiryHours: z._default(
    z
      .number({ error: 'The request expiry must be a number of hours.' })
      .check(
        z.int('The request expiry must be a whole number of hours.'),
        z.gte(MIN_PENDING_EXPIRY_HOURS, `Requests must wait at least ${MIN_PENDING_EXPIRY_HOURS} hour.`),
        z.lte(MAX_PENDING_EXPIRY_HOURS, `Requests cannot wait more than ${MAX_PENDING_EXPIRY_HOURS} hours (7 days).`),
      ),
    DEFAULT_PENDING_EXPIRY_HOURS,
  ),
  /** Minutes before the start (shared/rules/reminders.ts); left out: a day and an hour before. */
  reminders: z.pipe(
    z._default(
      z
        .array(
          z
            .number()
            .check(z.refine(isReminderOffset, 'Reminders are 15 minutes, 1 hour, 2 hours, 1 day or 2 days before.')),
          { error: 'Reminders must be a list of minutes.' },
        )
        .check(z.maxLength(REMINDER_OFFSETS.length)),
      [...DEFAULT_REMINDERS],
    ),
    z.transform((reminders: number[]) => normalizeReminders(reminders)),
  ),
  /** Whether the host gets the reminders too. */
  remindHost: z._default(z.boolean(), false),
  /** The spec's meeting type the bookings of this event have (admin list "Type"); default consultation. */
  meetingType: z._default(meetingTypeSchema, 'consultation'),
  advanceBookingDays: z
    .number()
    .check(
      z.int(),
      z.gte(1, 'The booking window must be at least 1 day.'),
      z.lte(MAX_ADVANCE_BOOKING_DAYS, `The booking window cannot exceed ${MAX_ADVANCE_BOOKING_DAYS} days.`),
    ),
  // The daily limit: optional; blank (null or left out) means none.
  maxBookingsPerDay: z._default(
    z.nullable(
      z
        .number()
        .check(
          z.int(),
          z.gte(1, 'The daily limit must be at least 1.'),
          z.lte(MAX_BOOKINGS_PER_DAY, `The daily limit cannot exceed ${MAX_BOOKINGS_PER_DAY}.`),
        ),
    ),
    null,
  ),
  minimumNoticeAmount: z
    .number()
    .check(z.int(), z.gte(0, 'Minimum notice cannot be negative.'), z.lte(MAX_MINIMUM_NOTICE_AMOUNT)),
  minimumNoticeUnit: z.enum(['minutes', 'hours', 'days']),
  showHostPhoto: z.boolean(),
  showEventPhoto: z.boolean(),
  eventPhotoUrl: imageUrl,
  showGuestLogo: z.boolean(),
  guestLogoUrl: imageUrl,
  themeColor: z.nullable(z.string().check(z.regex(HEX_COLOR, 'Colours are #RRGGBB.'))),
  secondaryColor: z.nullable(z.string().check(z.regex(HEX_COLOR, 'Colours are #RRGGBB.'))),
  customCss: z._default(
    z.string().check(z.maxLength(CUSTOM_CSS_MAX, `Custom CSS cannot exceed ${CUSTOM_CSS_MAX} characters.`)),
    '',
  ),
  bookingTheme: z._default(z.enum(['light', 'dark']), 'light'),
  timeZone: z
    .string()
    .check(
      z.refine(
        (zone) => TIME_ZONE_OPTIONS.some((option) => option.value === zone),
        'Please choose one of the offered time zones.',
      ),
    ),
  availabilityRanges: z.array(availabilityRangeSchema).check(
    z.length(7, 'Working hours need all seven days.'),
    z.refine(
      (ranges) => new Set(ranges.map((range) => range.dayOfWeek)).size === 7,
      'Working hours need each day once.',
    ),
  ),
  ...teamFields,
});

/** The editor's fields with the rules between the team fields. */
export const eventBody = eventFields.check(
  z.superRefine((body, context) => {
    for (const problem of teamFieldProblems(body)) context.addIssue({ code: 'custom', input: body, ...problem });
    for (const problem of locationProblems(body)) context.addIssue({ code: 'custom', input: body, ...problem });
  }),
);
export type EventBody = z.input<typeof eventBody>;

/** PATCH /api/events/{slug}: the toggle `{ active }` or the full edit. */
export const eventPatchBody = z.union([z.strictObject({ active: z.boolean() }), eventBody]);

/** The host's view of an event type: every stored field plus the host's photo. */
export const hostEventSchema = z.object({
  id: z.number(),
  userId: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  duration: z.number(),
  color: z.string(),
  active: z.boolean(),
  hostPhotoUrl: z.nullable(z.string()),
  location: z.string(),
  locationType: locationTypeSchema,
  /** Issue 30: the address, the host's number or the meeting link ('' when the type needs none). */
  locationDetail: z.string(),
  phoneCaller: z.nullable(phoneCallerSchema),
  bufferBefore: z.number(),
  bufferAfter: z.number(),
  requiresConfirmation: z.boolean(),
  pendingExpiryHours: z.number(),
  reminders: z.array(z.number()),
  remindHost: z.boolean(),
  meetingType: meetingTypeSchema,
  advanceBookingDays: z.number(),
  maxBookingsPerDay: z.nullable(z.number()),
  minimumNoticeAmount: z.number(),
  minimumNoticeUnit: z.enum(['minutes', 'hours', 'days']),
  showHostPhoto: z.boolean(),
  showEventPhoto: z.boolean(),
  eventPhotoUrl: z.nullable(z.string()),
  showGuestLogo: z.boolean(),
  guestLogoUrl: z.nullable(z.string()),
  themeColor: z.nullable(z.string()),
  secondaryColor: z.nullable(z.string()),
  customCss: z.string(),
  bookingTheme: z.enum(['light', 'dark']),
  timeZone: z.string(),
  availabilityRanges: z.array(
    z.object({ dayOfWeek: z.number(), active: z.boolean(), startTime: z.string(), endTime: z.string() }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * A team event type (issue 28): its team, how it is booked and its hosts; all null for a personal one. For a team
   * event `hostPhotoUrl` is the team's logo (what its booking page shows).
   */
  teamSlug: z.nullable(z.string()),
  teamName: z.nullable(z.string()),
  schedulingType: z.nullable(schedulingTypeSchema),
  hosts: z.nullable(
    z.array(
      z.object({
        userId: z.string(),
        name: z.string(),
        photoUrl: z.nullable(z.string()),
        fixed: z.boolean(),
        weight: z.number(),
      }),
    ),
  ),
  /**
   * The caller's role in the event's team (null for a personal event): every member sees the team's event types,
   * only owners and admins change them (a member's change is 403).
   */
  teamRole: z.nullable(z.enum(['owner', 'admin', 'member'])),
});
export type HostEvent = z.infer<typeof hostEventSchema>;

export const hostEventListResponse = z.array(hostEventSchema);

/** `{eventRef}`: an event id or its slug. */
export const eventRefParams = z.object({
  eventRef: z
    .string()
    .check(
      z.minLength(1, 'Event not found.'),
      z.maxLength(EVENT_SLUG_MAX, 'Event not found.'),
      z.regex(/^[a-z0-9-]+$/, 'Event not found.'),
    ),
});
export const slugParams = z.object({
  slug: z
    .string()
    .check(
      z.minLength(1, 'Event not found.'),
      z.maxLength(EVENT_SLUG_MAX, 'Event not found.'),
      z.regex(/^[a-z0-9-]+$/, 'Event not found.'),
    ),
});

/** POST /api/events/{id}/duplicate: no fields needed; `active` asks for an active copy (402 when the trial forbids). */
export const duplicateEventBody = z.strictObject({ active: z.optional(z.boolean()) });

/** A date override (saveEventDateOverride in docs/api.md). */
export const dateOverrideSchema = z.object({
  id: z.string(),
  eventId: z.number(),
  date: z.string(),
  available: z.boolean(),
  startTime: z.nullable(z.string()),
  endTime: z.nullable(z.string()),
});
export type DateOverride = z.infer<typeof dateOverrideSchema>;
export const dateOverrideListResponse = z.array(dateOverrideSchema);

const optionalTime = z.pipe(
  z.optional(z.union([z.string().check(z.regex(HHMM, 'Times are HH:MM.')), z.literal(''), z.null()])),
  z.transform((value) => (value ? value : null)),
);

/**
 * POST /api/events/{slug}/date-overrides and POST /api/date-overrides: `date` as yyyy-MM-dd or an ISO string (its
 * calendar date is taken as written); start and end only count when available; a blank end means regular hours.
 */
export const dateOverrideBody = z
  .strictObject({
    id: z.optional(z.string().check(z.maxLength(100))),
    date: calendarDateOrTimestamp({
      required: 'Please select a date for the override.',
      malformed: 'Please select a date for the override.',
    }),
    available: z.boolean(),
    startTime: optionalTime,
    endTime: optionalTime,
    eventId: z.optional(z.number().check(z.int(), z.positive())),
  })
  .check(
    z.refine((body) => !body.available || !body.startTime || !body.endTime || body.startTime < body.endTime, {
      message: 'The end time must be after the start time.',
      path: ['endTime'],
    }),
  );

export const dateOverridesQuery = z.object({
  eventId: z.coerce
    .number({ error: 'eventId must be a positive whole number.' })
    .check(z.int(), z.positive('eventId must be a positive whole number.')),
});
export const overrideIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/** GET /api/user/calendar (getCalendarStatus in docs/api.md). */
export const calendarStatusResponse = z.object({
  connected: z.boolean(),
  email: z.nullable(z.string()),
  lastSynced: z.nullable(z.string()),
  /** Beyond the spec's three fields: which calendar is connected ('google', 'builtin') or null. */
  provider: z.nullable(z.enum(['google', 'builtin'])),
  /** Whether this server can connect Google Calendar (a Google client is configured); else only the built-in one. */
  googleAvailable: z.boolean(),
});
export type CalendarStatus = z.infer<typeof calendarStatusResponse>;

/** POST /api/uploads/event-image (multipart, field `image`): the stored image's address. */
export const eventImageResponse = z.object({ message: z.string(), url: z.string() });
