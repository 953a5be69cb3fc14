import type { Settings, SettingsResponse, SettingsUpdateBody } from '#shared/api/schemas/settings';
import { DEFAULT_SETTINGS } from '#shared/constants';
import type { Principal } from '#functions/ports/core';
import type { SettingsRepository } from '#functions/ports/site';

/** What reading and changing the booking settings needs. */
export type SettingsDeps = { settings: SettingsRepository };

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
export async function getSettings(deps: SettingsDeps, principal: Principal | null): Promise<SettingsResponse> {
  return visibleTo({ ...defaults(), ...(await deps.settings.get()) }, principal);
}

/**
 * Change booking settings (administrators only; the route enforces it).
 * Input: any subset of the settings, already validated against the spec's options. Output: the saved settings.
 * Primary course: write only the changed fields in one atomic update (two admins flipping different switches at
 * once both keep their change), and answer the stored settings, the spec's defaults filling fields never saved.
 */
export async function updateSettings(deps: SettingsDeps, changes: SettingsUpdateBody): Promise<Settings> {
  return deps.settings.update(changes, defaults());
}
