import * as z from 'zod/mini';

import { meetingPlaceSchema } from '#shared/api/schemas/common';
import { loadEnglishMessages } from '#shared/api/zod-english';

loadEnglishMessages();

/** The public view of an event type (getPublicEvent in docs/api.md). */
export const publicEventResponse = z.object({
  id: z.number(),
  userId: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  duration: z.number(),
  location: z.string(),
  color: z.string(),
  timeZone: z.string(),
  eventPhotoUrl: z.nullable(z.string()),
  showEventPhoto: z.boolean(),
  showGuestLogo: z.boolean(),
  guestLogoUrl: z.nullable(z.string()),
  hostName: z.string(),
  hostPhotoUrl: z.nullable(z.string()),
  showHostPhoto: z.boolean(),
  bookingTheme: z.enum(['light', 'dark']),
  /** The editor's design fields; the page scopes the CSS to its own container (shared/custom-css.ts). */
  themeColor: z.nullable(z.string()),
  secondaryColor: z.nullable(z.string()),
  customCss: z.string(),
  /**
   * Beyond the spec: false when the host cannot take bookings now (no calendar connected), so the page says so at
   * step 1 instead of refusing the filled-in form at the end.
   */
  acceptingBookings: z.boolean(),
  /**
   * Beyond the spec: how many days ahead (from the host's today) a booking may start, so the calendar can say
   * "Bookings can be made up to {n} days ahead" and stop its arrows there.
   */
  advanceBookingDays: z.number(),
  /**
   * Beyond the spec: the admin switched "Available for Bookings" off, so nothing can be booked now (the page says
   * bookings are paused; the availability calls answer empty and a booking is refused with 503).
   */
  bookingsPaused: z.optional(z.boolean()),
  /**
   * A team event type (issue 28): its team, how it is booked and who may host it; null for a personal event (always
   * present in our answers; optional so that older pages and previews stay valid). For a team event `hostName` is
   * the team's name and `hostPhotoUrl` its logo.
   */
  team: z.optional(z.nullable(z.object({ name: z.string(), slug: z.string(), logoUrl: z.nullable(z.string()) }))),
  schedulingType: z.optional(z.nullable(z.enum(['collective', 'round-robin']))),
  hosts: z.optional(z.nullable(z.array(z.object({ name: z.string(), photoUrl: z.nullable(z.string()) })))),
  /**
   * Beyond the spec (issue 30): where the meeting takes place, as shared/locations.ts `meetingPlace` describes it
   * before a booking exists (no link yet), and whether the form asks for the guest's phone number (the host calls).
   * Always present in our answers; optional so that older pages and previews stay valid.
   */
  place: z.optional(meetingPlaceSchema),
  asksForPhone: z.optional(z.boolean()),
});
export type PublicEvent = z.infer<typeof publicEventResponse>;

export const eventSlugParams = z.object({
  eventSlug: z.string().check(z.maxLength(60, 'Event not found.'), z.regex(/^[a-z0-9-]+$/, 'Event not found.')),
});
