/**
 * The admin list's `firstName` and `lastName` (booking-landing-auth-admin.md §3): a guest gives one name; everything
 * after its first space is the last name ("Ada King Lovelace" → "Ada", "King Lovelace"; "Cher" → "Cher", "").
 */
export function guestNameParts(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.search(/\s/);
  return space < 0
    ? { firstName: trimmed, lastName: '' }
    : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space).trim() };
}
