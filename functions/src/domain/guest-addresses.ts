import { normalizeEmail } from '#shared/email-address';

/**
 * The other guests a booking stores (issue 31): each address normalised (trimmed, lower case), each once, in the
 * order given, without the guest who booked nor the host(s) of the meeting. So an inbox named three times, or the
 * host added as their own "other guest", gets each booking mail once (docs/security.md: mail goes to proven
 * destinations only once). The schema already refused anything but bare addresses.
 */
export function guestList(guests: readonly string[], booker: string, hostEmails: readonly string[]): string[] {
  const seen = new Set([booker, ...hostEmails].map(normalizeEmail));
  const list: string[] = [];
  for (const guest of guests) {
    const email = normalizeEmail(guest);
    if (email === '' || seen.has(email)) continue;
    seen.add(email);
    list.push(email);
  }
  return list;
}
