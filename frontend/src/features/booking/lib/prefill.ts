import { EMBED_PARAMS } from '#shared/embed';
import { EMPTY_FORM, type BookingFormValues } from '#frontend/features/booking/lib/form-values.ts';
import { guestsFromList } from '#frontend/features/booking/lib/guests.ts';

/** Line breaks and other control characters: never part of a one-line field. */
const CONTROL = /\p{Cc}/gu;

/**
 * The form as the page's address fills it in (issue 29: the embed's `name`, `email` and `guests`, which any booking
 * link may carry too), or null when it names none: the name and the address trimmed (the form checks them as if
 * typed), the guests a comma-separated list of which only bare addresses are kept, each once whatever its case, at
 * most as many as a booking takes. With the details form's code (step 2), not the page's first load.
 */
export function prefilledForm(search: URLSearchParams): BookingFormValues | null {
  const text = (key: string) => (search.get(key) ?? '').replace(CONTROL, ' ').trim();
  const guests = guestsFromList(text(EMBED_PARAMS.guests));
  const values = { ...EMPTY_FORM, name: text(EMBED_PARAMS.name), email: text(EMBED_PARAMS.email), guests };
  return values.name || values.email || guests.length > 0 ? values : null;
}
