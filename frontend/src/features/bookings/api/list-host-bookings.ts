import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';

import type { BookingListItem, HostBooking } from '#shared/api/schemas/bookings';
import { nextWindowIndex, windowAt, type Direction } from '#frontend/features/bookings/lib/host-bookings.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/**
 * GET /api/bookings?start&end&timezone, walked one 30-day window per page (lib/host-bookings.ts): the signed-in
 * host's bookings starting on those days of their zone, earliest first. One walk forward from today (Upcoming,
 * Pending and Cancelled filter it) and one backward (Past), each its own cache entry under one prefix.
 */
export const hostBookingsKey = ['hostBookings'] as const;

type Pages = InfiniteData<BookingListItem[], number>;

export const useHostBookings = (
  direction: Direction,
  today: string,
  timeZone: string,
  { enabled }: { enabled: boolean },
) =>
  useInfiniteQuery({
    queryKey: [...hostBookingsKey, direction, today, timeZone],
    queryFn: ({ pageParam, signal }) => {
      const range = windowAt(direction, today, pageParam)!;
      return apiRequest('listBookings', { query: { start: range.start, end: range.end, timezone: timeZone }, signal });
    },
    initialPageParam: 0,
    getNextPageParam: (_page, _pages, index) => nextWindowIndex(index),
    enabled,
    // Guests book, cancel and move at any time: the loaded windows are asked again on each entry to the screen.
    refetchOnMount: 'always',
  });

/** A booking changed by the host (the server's answer): every loaded window shows its new state at once. */
export function patchListedBooking(queryClient: QueryClient, booking: HostBooking): void {
  queryClient.setQueriesData<Pages>({ queryKey: hostBookingsKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.map((item) =>
              item.id === booking.id
                ? {
                    ...item,
                    status: booking.status,
                    noShow: booking.noShow,
                    rescheduled: booking.rescheduledTo !== null,
                  }
                : item,
            ),
          ),
        }
      : data,
  );
}
