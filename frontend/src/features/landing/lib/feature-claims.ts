import type { RouteName } from '#shared/api/route-paths';

/**
 * What the landing page claims, and what each claim rests on. A claim the product
 * fulfils today names the screens (router paths) and API routes that do it; test/unit/landing-claims.test.ts fails
 * when one of them does not exist. A claim still to come has no evidence: it is marked `comingSoon` and written
 * in the future tense, and loses the mark when the feature lands.
 */
export interface FeatureClaim {
  title: string;
  text: string;
  comingSoon?: boolean;
  evidence?: { screens: string[]; api: RouteName[] };
}

export const FEATURE_CLAIMS: FeatureClaim[] = [
  {
    title: 'Simplified meeting scheduling',
    text: 'Share one link. Guests see the open times, pick one and book in a few clicks, without creating an account. A time that is taken can never be booked twice.',
    evidence: { screens: ['book/:eventSlug'], api: ['getPublicEvent', 'getTimeSlots', 'createBooking'] },
  },
  {
    title: 'Google Calendar integration',
    text: 'Connect your Google Calendar: your busy times are checked before guests book, and every booking is added to it. No Google account? The built-in calendar keeps your bookings and offers a private calendar feed.',
    evidence: { screens: ['calendar'], api: ['connectCalendar', 'getCalendarStatus', 'syncCalendar'] },
  },
  {
    title: 'Customizable booking pages',
    text: 'Make each booking page yours with your accent colours, your photo, an event photo, your logo and a light or dark theme.',
    evidence: { screens: ['events/new'], api: ['updateEvent', 'uploadEventImage', 'uploadPhoto'] },
  },
  {
    title: 'Time-zone detection',
    text: "Guests see your availability in their own time zone, detected from their browser, and can switch zones if they're travelling.",
    evidence: { screens: ['book/:eventSlug'], api: ['getTimeSlots', 'getAvailableDates'] },
  },
  {
    title: 'Confirmation and reminder e-mails',
    text: 'Guests get a confirmation e-mail as soon as they book, with links to reschedule or cancel, and reminders before the meeting at the times you choose.',
    evidence: {
      screens: ['booking/:bookingId', 'events/new'],
      api: ['createBooking', 'getManagedBooking', 'cancelBookingAsGuest', 'updateEvent'],
    },
  },
  {
    title: 'Custom availability rules',
    text: 'Set your working hours for each weekday, buffers before and after meetings, a minimum notice, how far ahead guests may book, a daily limit and date-specific exceptions.',
    evidence: { screens: ['events/new'], api: ['updateEvent', 'saveEventDateOverride'] },
  },
  {
    title: 'Team scheduling',
    text: 'Everyone on your team will get their own booking pages, and an administrator will have an overview of all bookings in one dashboard.',
    comingSoon: true,
  },
];
