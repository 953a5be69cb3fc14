import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/**
 * GET /api/settings: the booking settings (the admin's "Meeting duration" and "Break between meetings", which a new
 * event and the server's default hours use), with adminEmail and googleCalendarId for an administrator. One query
 * for every screen that reads them.
 */
export const settingsKey = ['settings'] as const;

/**
 * The administrator's view of the settings has a key of its own: a value cached for a signed-out visitor (under
 * settingsKey) lacks the admin fields.
 */
export const adminSettingsKey = ['adminSettings'] as const;

export const getSettings = (signal?: AbortSignal) => apiRequest('getSettings', { signal });

export interface SettingsQuery {
  /** Runs only while true (default true). */
  enabled?: boolean;
  /** Asked again on each mount (an administrator may have changed them since); by default the cached answer serves. */
  everyMount?: boolean;
  /** The administrator's view (adminSettingsKey). */
  admin?: boolean;
}

export const useSettings = ({ enabled = true, everyMount = false, admin = false }: SettingsQuery = {}) =>
  useQuery({
    queryKey: admin ? adminSettingsKey : settingsKey,
    queryFn: ({ signal }) => getSettings(signal),
    enabled,
    ...(everyMount ? { refetchOnMount: 'always' as const } : {}),
  });
