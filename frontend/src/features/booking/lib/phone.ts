import { isPhoneNumber } from '#shared/locations';

/** The details form's phone number (issue 30), with the form's code (step 2), not the page's first load. */

export const PHONE_MISSING = 'Please enter your phone number.';
export const PHONE_INVALID = 'Please enter a valid phone number.';

/**
 * The phone number field's message (issue 30): required when the event asks for it (the host calls the guest), then
 * a number as a person writes it (shared/locations.ts isPhoneNumber); null when fine or not asked.
 */
export function phoneProblem(phone: string, asksForPhone: boolean | undefined): string | null {
  if (!asksForPhone) return null;
  if (!phone.trim()) return PHONE_MISSING;
  return isPhoneNumber(phone) ? null : PHONE_INVALID;
}

/** What the booking body carries of the phone: the trimmed number when the event asks for one, else nothing. */
export const phoneBody = (phone: string, asksForPhone: boolean | undefined): { phone?: string } =>
  asksForPhone ? { phone: phone.trim() } : {};
