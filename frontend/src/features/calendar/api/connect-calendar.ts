import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { calendarProviderSchema } from '#shared/api/schemas/calendar';
import { apiRequest } from '#frontend/lib/api.ts';

export type CalendarProvider = z.infer<typeof calendarProviderSchema>;

/**
 * GET /api/user/calendar/connect[?provider=google|builtin] → `{ authUrl, provider }`. Google: the authorization
 * window's address. Built-in: authUrl null, the calendar is connected already. Without a provider the server picks
 * Google when it is configured, else the built-in calendar.
 */
export const connectCalendar = (provider?: CalendarProvider) =>
  apiRequest('connectCalendar', { query: provider ? { provider } : {} });

/** The caller decides what follows (a window to open, or a refreshed status), so no cache work here. */
export const useConnectCalendar = () =>
  useMutation({
    mutationKey: ['connectCalendar'],
    mutationFn: connectCalendar,
  });
