import * as z from 'zod/mini';

import { loadEnglishMessages } from '#shared/api/zod-english';
import { BREAK_OPTIONS, MEETING_DURATION_OPTIONS } from '#shared/constants';

loadEnglishMessages();

const oneOf = <T extends readonly number[]>(options: T, message: string) =>
  z.number({ error: message }).check(z.refine((value) => (options as readonly number[]).includes(value), { message }));

/** Booking settings (GET and PUT /api/settings in docs/api.md; the options the admin dashboard offers). */
export const settingsSchema = z.strictObject({
  availableForBookings: z.boolean(),
  autoConfirmBookings: z.boolean(),
  emailNotifications: z.boolean(),
  meetingDuration: oneOf(
    MEETING_DURATION_OPTIONS,
    `Meeting duration must be one of ${MEETING_DURATION_OPTIONS.join(', ')} minutes.`,
  ),
  breakBetweenMeetings: oneOf(
    BREAK_OPTIONS,
    `Break between meetings must be one of ${BREAK_OPTIONS.join(', ')} minutes.`,
  ),
  adminEmail: z.union([
    z.literal(''),
    z.email({ message: 'Please enter a valid email address.' }).check(z.maxLength(254)),
  ]),
  googleCalendarId: z
    .string()
    .check(
      z.maxLength(200, 'Google Calendar ID must be at most 200 characters.'),
      z.regex(/^[^\s]*$/, 'Google Calendar ID must not contain spaces.'),
    ),
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * GET /api/settings. Public callers (the booking flow reads meetingDuration) get the booking fields;
 * adminEmail and googleCalendarId are only included for administrators.
 */
export const settingsResponse = z.partial(settingsSchema, { adminEmail: true, googleCalendarId: true });
export type SettingsResponse = z.infer<typeof settingsResponse>;

/** PUT /api/settings: the full object with one field changed, or any subset of fields; unknown fields are refused. */
export const settingsUpdateBody = z.partial(settingsSchema).check(
  z.refine((body) => Object.keys(body).length > 0, {
    message: 'Send at least one setting to change.',
  }),
);
export type SettingsUpdateBody = z.infer<typeof settingsUpdateBody>;
