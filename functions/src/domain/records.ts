import type { WebhookEventType, WebhookMessageType } from '#shared/api/schemas/integrations';
import type { AvailabilityRange } from '#shared/availability/engine';
import type { UtmParam } from '#shared/embed';
import type { LocationType, PhoneCaller } from '#shared/locations';
import type { PlanRecord } from '#functions/domain/billing';

/**
 * What the table stores, as the use cases and the domain rules see it: accounts and hosts, event types and their
 * date exceptions, bookings, contact messages. The ports (functions/src/ports/) read and write these; the domain
 * never depends on a port.
 */

/** A user account: the host profile plus what signing in needs. */
export interface AccountRecord extends Omit<HostRecord, 'calendar'> {
  /** scrypt hash (see adapters/passwords); null for accounts that sign in with Google only. */
  passwordHash: string | null;
  /** The seeded demo admin's, or granted when an ADMIN_EMAILS address proves itself (sign-in link, Google). */
  role: 'admin' | null;
  /** The Google account (its stable `sub`) this account signs in with, once linked. */
  googleSubject: string | null;
  /**
   * Whether the owner of `email` proved it (Google's verified claim, a used sign-in or verification link). An
   * unproven address is trusted for nothing: no Google linking, no administrator role (issue 13, item 6).
   */
  emailVerified: boolean;
  /** An e-mail change waiting for its confirmation link to be used (the address stays `email` until then). */
  pendingEmail?: string | null;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

/** An event type as stored. */
export interface EventRecord {
  id: number;
  userId: string;
  slug: string;
  title: string;
  description: string;
  duration: number;
  color: string;
  active: boolean;
  /** The spec's display text of the location (shared/locations.ts locationDisplayText). */
  location: string;
  locationType: LocationType;
  /**
   * Issue 30: in-person, the address; phone with the guest calling, the host's number; link, the meeting URL. Absent
   * (or empty) when the type needs none, and on events stored before it existed.
   */
  locationDetail?: string | null;
  /** Issue 30, phone only: who calls whom (absent: the guest calls). */
  phoneCaller?: PhoneCaller | null;
  bufferBefore: number;
  bufferAfter: number;
  requiresConfirmation: boolean;
  /** Issue 31: hours a booking request waits for the host before it expires (absent: 24, shared/rules/pending.ts). */
  pendingExpiryHours?: number;
  advanceBookingDays: number;
  maxBookingsPerDay: number | null;
  minimumNoticeAmount: number;
  minimumNoticeUnit: 'minutes' | 'hours' | 'days';
  showHostPhoto: boolean;
  showEventPhoto: boolean;
  eventPhotoUrl: string | null;
  showGuestLogo: boolean;
  guestLogoUrl: string | null;
  themeColor: string | null;
  secondaryColor: string | null;
  customCss: string;
  bookingTheme: 'light' | 'dark';
  timeZone: string;
  availabilityRanges: AvailabilityRange[];
  /**
   * Minutes before the start at which reminders go out (shared/rules/reminders.ts); absent on events stored before
   * reminders existed, read as the default (domain/reminders.ts).
   */
  reminders?: number[];
  /** Whether the host gets the reminders too (default off). */
  remindHost?: boolean;
  /** The spec's meeting type of its bookings (admin list "Type"); absent: consultation. */
  meetingType?: 'consultation' | 'followup' | 'project' | 'other';
  /**
   * A team event type (issue 28): the team it belongs to, how its hosts are booked and who they are. Absent (or null)
   * on a personal event type. `userId` stays the account whose plan keeps the event publishable (an owner or admin of
   * the team; moved to another owner when that account leaves the team).
   */
  teamId?: string | null;
  schedulingType?: SchedulingType | null;
  hosts?: TeamEventHost[] | null;
  createdAt: string;
  updatedAt: string;
}

/** collective: every host attends, a time is offered only when all are free; round-robin: one pool member attends. */
export type SchedulingType = 'collective' | 'round-robin';

/** A host of a team event type: a member of its team. */
export interface TeamEventHost {
  userId: string;
  /** Round-robin only: always attends (collective hosts all attend). */
  fixed: boolean;
  /** Relative share of round-robin bookings (default 100). */
  weight: number;
}

export type TeamRole = 'owner' | 'admin' | 'member';

/** A team (issue 28): its public page is /team/{slug}. */
export interface TeamRecord {
  id: string;
  name: string;
  /** Unique among teams (its own claim items, apart from event slugs). */
  slug: string;
  logoUrl: string | null;
  createdAt: string;
  createdBy: string;
}

/** One member of a team: stored under the team and mirrored under the member, written in one transaction. */
export interface TeamMembershipRecord {
  teamId: string;
  userId: string;
  role: TeamRole;
  joinedAt: string;
}

/**
 * Issue 30: a host's Google Meet event types became video calls (they left Google, or the migration found them
 * without it). Written where that happened; the table's stream hands its insertion to the booking notices job, which
 * mails the host (app/events/location-fallback-mail.ts), so no route sends mail itself. Expires after 7 days.
 */
export interface LocationFallbackRecord {
  id: string;
  hostId: string;
  events: { id: number; title: string; slug: string }[];
  /** The upcoming bookings of those events that got a video call link. */
  bookings: number;
  createdAt: string;
}

/** An invitation to join a team, for one e-mail address (lower case); accepted only by a verified account of it. */
export interface TeamInvitationRecord {
  id: string;
  teamId: string;
  email: string;
  /** Owners are made by an owner's role change, never by invitation. */
  role: Exclude<TeamRole, 'owner'>;
  invitedBy: string;
  createdAt: string;
  /** ISO instant, 7 days after createdAt: after it the invitation cannot be accepted. */
  expiresAt: string;
}

/** Why a round-robin booking went to its member (shown to the admin and the team's owners). */
export type AssignmentReason =
  'fewest bookings this month' | 'booked least recently' | 'only member free' | 'kept on reschedule' | 'reassigned';

/** A date override: `date` is yyyy-MM-dd in the event's zone. */
export interface DateOverrideRecord {
  id: string;
  eventId: number;
  date: string;
  available: boolean;
  startTime: string | null;
  endTime: string | null;
}

export type CalendarProviderName = 'builtin' | 'google';

/** The calendar settings: what happens in the connected calendar (all default on). */
export interface CalendarSettings {
  addToCalendar: boolean;
  updateOnReschedule: boolean;
  deleteOnCancel: boolean;
}

/** The calendar connection, with what the adapters need to reach the calendar. */
export interface CalendarConnection {
  provider: CalendarProviderName;
  connected: boolean;
  email: string | null;
  lastSynced: string | null;
  /** Google: the host's refresh token sealed by the TokenCipher (never stored in clear); null once disconnected. */
  sealedRefreshToken?: string | null;
  /** Google: the calendar read and written ('primary', or the admin's configured calendar when this account sees it). */
  calendarId?: string | null;
  /** Built-in: the private ICS feed's token, sealed by the TokenCipher; null while the feed is off. */
  sealedFeedToken?: string | null;
  /** Built-in: the SHA-256 of the feed token, the key of its lookup item. */
  feedTokenHash?: string | null;
  /** Bumped by every change of the connection: a change based on an older read is refused (WriteConflict). */
  version?: number;
}

/** The host as the booking side sees them. */
export interface HostRecord {
  id: string;
  name: string;
  email: string;
  username: string;
  photoUrl: string | null;
  createdAt: string;
  calendar: CalendarConnection | null;
  /** The calendar switches (defaults when never saved). */
  calendarSettings?: CalendarSettings;
  /** The host's plans as billing recorded them (domain/billing.ts); empty when they never paid. */
  plans?: PlanRecord[];
}

export type BookingStatus = 'confirmed' | 'pending' | 'cancelled';

export interface BookingRecord {
  id: string;
  hostId: string;
  eventId: number;
  eventTitle: string;
  eventSlug: string;
  name: string;
  email: string;
  additionalInfo: string | null;
  guests: string[];
  /** ISO instants (UTC). */
  start: string;
  end: string;
  /** The meeting widened by the event's buffers at booking time: what it keeps other bookings out of. */
  blockedStart: string;
  blockedEnd: string;
  status: BookingStatus;
  /**
   * Issue 31, a pending booking: when the request expires (its event's hours after it was made, never after the start).
   * From then on it holds no time and cannot be confirmed, whether or not the expiry timer has run yet. Absent on
   * requests made before it existed: their start.
   */
  pendingExpiresAt?: string;
  guestTimeZone: string;
  calendarProvider: CalendarProviderName;
  /** The booking's event in the host's calendar (planned before the write), or null when none is to be made. */
  calendarEventId: string | null;
  /**
   * The calendar the event belongs in (Google: `{account e-mail}/{calendar id}`; null for the built-in calendar).
   * A sync judges only the bookings of the calendar connected now.
   */
  calendarAccount?: string | null;
  /** Set with the cancellation while its event is still to be removed from the calendar: the next sync retries. */
  calendarPending?: 'delete' | null;
  /** SHA-256 of the secret the guest got with the booking; it lets them reschedule it. */
  manageTokenHash?: string;
  /** Set when a reschedule replaced this booking: the booking that did. */
  rescheduledTo?: string;
  /**
   * Set on the booking a reschedule made: the booking it replaced, with that booking's time, and who moved it
   * (issue 31: the guest with their link, or the host with their reschedule-only link; absent: the guest).
   */
  rescheduledFrom?: { id: string; start: string; end: string; by?: 'guest' | 'host' };
  /** How many reschedules led to this booking (issue 30: at most MAX_RESCHEDULES); absent: none, or 1 with rescheduledFrom. */
  rescheduleCount?: number;
  /**
   * Bumped by every change a guest or host would be told about (confirmed, declined, cancelled); a reschedule's new
   * booking continues its predecessor's count. It is the calendar file's SEQUENCE and part of every notice's id.
   * Absent on bookings stored before it existed: read as 1.
   */
  version?: number;
  /** The calendar invitation's UID for the life of the booking, kept across reschedules (absent: `{id}@meetwise`). */
  icsUid?: string;
  /** Why and by whom a booking was cancelled or declined (absent on bookings cancelled before it existed). */
  cancellation?: BookingCancellation;
  /** Its event type's meeting type when it was made (absent: consultation). */
  meetingType?: 'consultation' | 'followup' | 'project' | 'other';
  /** The host marked the guest as not having come (a confirmed booking that started). */
  noShow?: boolean;
  /**
   * A team event's booking (issue 28). `hostIds`: every member it books, the one it is stored under (`hostId`) first;
   * each other one holds a `BookingHold` copy in their own partition, kept in step by every status change, so their
   * availability and their bookings screen see it. Absent on a personal booking (its host is `hostId` alone).
   */
  teamId?: string;
  teamSlug?: string;
  teamName?: string;
  schedulingType?: SchedulingType;
  hostIds?: string[];
  /** The assigned hosts' names, in `hostIds` order, as booked (mails and lists name them). */
  hostNames?: string[];
  /** Round-robin: the pool member chosen and why. */
  assignment?: { userId: string; reason: AssignmentReason };
  /**
   * Set when the account it was stored under was deleted and the booking went on with its other hosts (stored now
   * under the next one): its move is no new booking, so nobody is mailed for it.
   */
  handedOverFrom?: string;
  /**
   * Where the booking came from (issue 29): the `utm_*` parameters its booking page was opened with (the embed script
   * passes the host page's on). Absent when there were none; a reschedule keeps its predecessor's unless it brings
   * its own.
   */
  source?: Partial<Record<UtmParam, string>>;
  /**
   * Issue 30: the room of the built-in video call (a video event, or Google Meet without Google), made with the
   * booking and kept across its reschedules. Absent when the meeting has no room of ours.
   */
  meetingUrl?: string | null;
  /** Issue 30: the guest's phone number, for a phone call the host makes. */
  guestPhone?: string | null;
  createdAt: string;
}

/**
 * Who ended a booking: the guest (their manage link), the host or an admin (the console), or the system (a pending
 * booking nobody confirmed by its start, a calendar sync that found the event deleted). `declined`: a pending
 * booking the host turned down (or that expired) rather than a confirmed one cancelled.
 */
export interface BookingCancellation {
  by: 'guest' | 'host' | 'admin' | 'system';
  /** Issue 31: the account of a host or an admin who did it (absent for the guest and the system). */
  userId?: string;
  reason: string | null;
  declined: boolean;
  at: string;
}

/**
 * A host's API key (issue 29), as the host's list shows it: never the key, which is answered once when it is made
 * (the table keeps its SHA-256 only). `lastUsedAt` is written at most once a minute.
 */
export interface ApiKeyRecord {
  id: string;
  hostId: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A host's webhook endpoint (issue 29): `USER#{hostId}` / `WEBHOOK#{id}`. */
export interface WebhookRecord {
  id: string;
  hostId: string;
  url: string;
  events: WebhookEventType[];
  active: boolean;
  createdAt: string;
  /** Why the server switched it off (410 Gone, failing for 3 days); null while on, or when its owner switched it off. */
  disabledReason: string | null;
  /** The first failed attempt after its last success; null while it delivers. */
  failingSince: string | null;
  /**
   * The signing secret (`whsec_…`), sealed by the TokenCipher for `webhook:{hostId}:{id}` (never stored in clear;
   * opened to sign each attempt).
   */
  sealedSecret: string;
}

/**
 * One delivery attempt in an endpoint's log (issue 29): `USER#{hostId}` / `WHLOG#{webhookId}#{id}`, the id a UUIDv7
 * of its time, so the log reads newest first. It keeps the body sent, for a redelivery; it expires after 30 days.
 */
export interface WebhookDeliveryRecord {
  id: string;
  webhookId: string;
  hostId: string;
  /** The `webhook-id`: the same for every attempt of one event to one endpoint. */
  messageId: string;
  type: WebhookMessageType;
  attempt: number;
  /** The receiver's HTTP status; null when none came (refused address, timeout, connection failed). */
  status: number | null;
  durationMs: number | null;
  at: string;
  nextAttemptAt: string | null;
  /** Why no status came, or the first 4 KB of what the receiver answered. */
  error: string | null;
  /** The payload as sent (signed byte for byte). */
  body: string;
}
