import { BOOKING_LIMITS } from '#shared/constants';
import { isBareMailbox, isNamedAddress, normalizeEmail } from '#shared/email-address';

/** The guest field's messages (issue 31): the server checks the same and drops repeats it is sent anyway. */
export const GUEST_TEXTS = {
  invalid: 'Please enter a valid email address, like name@example.com.',
  named: 'Please enter just the email address, without a name.',
  repeated: 'This guest is already on the list.',
  yourself: 'That is your own address: you get every e-mail about this booking already.',
  full: `You can add at most ${BOOKING_LIMITS.guestsMax} guests.`,
} as const;

/**
 * Why the typed guest address cannot be added, or null when it can: a bare address only (no `Name <…>`), not one
 * already on the list nor the guest's own, in any case.
 */
export function guestProblem(typed: string, values: { email: string; guests: readonly string[] }): string | null {
  const email = typed.trim();
  if (isNamedAddress(email)) return GUEST_TEXTS.named;
  if (!isBareMailbox(email)) return GUEST_TEXTS.invalid;
  const normal = normalizeEmail(email);
  if (values.guests.some((guest) => normalizeEmail(guest) === normal)) return GUEST_TEXTS.repeated;
  if (normalizeEmail(values.email) === normal) return GUEST_TEXTS.yourself;
  if (values.guests.length >= BOOKING_LIMITS.guestsMax) return GUEST_TEXTS.full;
  return null;
}

/**
 * The guests of a comma-separated list (the page's `guests` parameter): the bare addresses among them, each once
 * whatever its case, at most as many as a booking takes.
 */
export function guestsFromList(list: string): string[] {
  const seen = new Set<string>();
  const guests: string[] = [];
  for (const part of list.split(',')) {
    const guest = part.trim();
    if (!isBareMailbox(guest) || seen.has(normalizeEmail(guest))) continue;
    seen.add(normalizeEmail(guest));
    guests.push(guest);
  }
  return guests.slice(0, BOOKING_LIMITS.guestsMax);
}
