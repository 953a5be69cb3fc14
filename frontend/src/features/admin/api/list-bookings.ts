import { useQuery } from '@tanstack/react-query';

import type { DateRange } from '#frontend/features/admin/lib/ranges.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/**
 * GET /api/bookings?start&end&timezone: the bookings starting on those days (both included) in the browser's zone,
 * earliest first; an administrator gets every host's. Each range is its own cache entry under one prefix, so a
 * cancellation or the refresh button refreshes them all (the table and Quick Stats).
 */
export const adminBookingsKey = ['adminBookings'] as const;

export const listBookings = (range: DateRange, timeZone: string, signal?: AbortSignal) =>
  apiRequest('listBookings', { query: { start: range.start, end: range.end, timezone: timeZone }, signal });

export const useAdminBookings = (range: DateRange, timeZone: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: [...adminBookingsKey, range.start, range.end, timeZone],
    queryFn: ({ signal }) => listBookings(range, timeZone, signal),
    enabled,
    // Asked again on each entry to the dashboard (the app's default never refetches cached data).
    refetchOnMount: 'always',
  });
