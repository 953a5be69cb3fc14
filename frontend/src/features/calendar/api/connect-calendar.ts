import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

import type { calendarProviderSchema } from '#shared/api/schemas/calendar';
import { apiRequest } from '#frontend/lib/api.ts';

export type CalendarProvider = z.infer<typeof calendarProviderSchema>;

/**
 * Google: GET /api/user/calendar/connect?provider=google → `{ authUrl, provider }`, the authorization window's
 * address. The built-in calendar (also when Google is not configured): POST /api/user/calendar/connect connects it
 * (a state change is never a GET) and answers authUrl null.
 */
export const connectCalendar = (provider?: CalendarProvider) =>
  provider === 'google'
    ? apiRequest('connectCalendar', { query: { provider } })
    : apiRequest('connectBuiltinCalendar', { body: { provider: 'builtin' } });

/** The caller decides what follows (a window to open, or a refreshed status), so no cache work here. */
export const useConnectCalendar = () =>
  useMutation({
    mutationKey: ['connectCalendar'],
    mutationFn: connectCalendar,
  });
