import { BOOKING_LIMITS } from '#shared/constants';
import { EMBED_PARAMS } from '#shared/embed';
import { EMPTY_FORM, type BookingFormValues } from '#frontend/features/booking/lib/form-values.ts';

/** booking-landing-auth-admin.md §5: no spaces, one @, a dot in the domain (as the form checks a guest's address). */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Line breaks and other control characters: never part of a one-line field. */
const CONTROL = /\p{Cc}/gu;

/**
 * The form as the page's address fills it in (issue 29: the embed's `name`, `email` and `guests`, which any booking
 * link may carry too), or null when it names none: the name and the address trimmed (the form checks them as if
 * typed), the guests a comma-separated list of which only well-formed addresses are kept, each once, at most as many
 * as a booking takes. With the details form's code (step 2), not the page's first load.
 */
export function prefilledForm(search: URLSearchParams): BookingFormValues | null {
  const text = (key: string) => (search.get(key) ?? '').replace(CONTROL, ' ').trim();
  const guests = [
    ...new Set(
      text(EMBED_PARAMS.guests)
        .split(',')
        .map((guest) => guest.trim())
        .filter((guest) => guest.length <= 254 && SIMPLE_EMAIL.test(guest)),
    ),
  ].slice(0, BOOKING_LIMITS.guestsMax);
  const values = { ...EMPTY_FORM, name: text(EMBED_PARAMS.name), email: text(EMBED_PARAMS.email), guests };
  return values.name || values.email || guests.length > 0 ? values : null;
}
