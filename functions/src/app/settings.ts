import { DEFAULT_SETTINGS } from '#shared/constants';
import type { Settings, SettingsResponse, SettingsUpdateBody } from '#shared/api/schemas/settings';
import type { Deps, Principal } from '#functions/ports';

const defaults = (): Settings => ({ ...DEFAULT_SETTINGS });

/** Removes the fields only administrators may read. */
function visibleTo(settings: Settings, principal: Principal | null): SettingsResponse {
  if (principal?.isAdmin) return settings;
  const { adminEmail: _adminEmail, googleCalendarId: _googleCalendarId, ...publicFields } = settings;
  return publicFields;
}

/**
 * Read the booking settings.
 * Input: the caller. Output: the stored settings (the spec's defaults where nothing was saved yet);
 * adminEmail and googleCalendarId only for administrators.
 */
export async function getSettings(deps: Pick<Deps, 'settings'>, principal: Principal | null): Promise<SettingsResponse> {
  return visibleTo((await deps.settings.get()) ?? defaults(), principal);
}

/**
 * Change booking settings (administrators only; the route enforces it).
 * Input: any subset of the settings, already validated against the spec's options. Output: the saved settings.
 * Primary course: read the current settings (or defaults), apply the changed fields, write the whole object.
 */
export async function updateSettings(deps: Pick<Deps, 'settings'>, changes: SettingsUpdateBody): Promise<Settings> {
  const next: Settings = { ...((await deps.settings.get()) ?? defaults()), ...changes };
  await deps.settings.put(next);
  return next;
}
