import { useInfiniteQuery, useQuery } from '@tanstack/react-query';

import type { BookingListItem } from '#shared/api/schemas/bookings';
import type { DateRange } from '#frontend/features/admin/lib/ranges.ts';
import { apiRequest } from '#frontend/lib/api.ts';
import { fetchBookingPage } from '#frontend/lib/booking-export.ts';

/**
 * GET /api/bookings?start&end&timezone: the bookings starting on those days (both included) in the browser's zone,
 * earliest first; an administrator gets every host's. Each range is its own cache entry under one prefix, so a
 * cancellation or the refresh button refreshes them all (the table and Quick Stats).
 */
export const adminBookingsKey = ['adminBookings'] as const;

/** The whole range in one answer (no `limit`: the array), for Quick Stats' counts. */
export const listBookings = async (range: DateRange, timeZone: string, signal?: AbortSignal) => {
  const answer = await apiRequest('listBookings', {
    query: { start: range.start, end: range.end, timezone: timeZone },
    signal,
  });
  return Array.isArray(answer) ? answer : answer.bookings;
};

export const useAdminBookings = (range: DateRange, timeZone: string, { enabled }: { enabled: boolean }) =>
  useQuery<BookingListItem[]>({
    queryKey: [...adminBookingsKey, range.start, range.end, timeZone],
    queryFn: ({ signal }) => listBookings(range, timeZone, signal),
    enabled,
    // Asked again on each entry to the dashboard (the app's default never refetches cached data).
    refetchOnMount: 'always',
  });

/** Rows per page of the Upcoming Meetings table (issue 30), and per "Load more". */
export const MEETINGS_PAGE_SIZE = 25;

/**
 * The Upcoming Meetings table's range, page by page (issue 30): `limit` bookings a request, the next page asked with
 * the last one's `nextCursor` ("Load more"), so a busy range never comes in one long answer.
 */
export const useAdminBookingPages = (range: DateRange, timeZone: string, { enabled }: { enabled: boolean }) =>
  useInfiniteQuery({
    queryKey: [...adminBookingsKey, 'pages', range.start, range.end, timeZone],
    queryFn: ({ pageParam, signal }) =>
      fetchBookingPage(range, timeZone, { limit: MEETINGS_PAGE_SIZE, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
    refetchOnMount: 'always',
  });
