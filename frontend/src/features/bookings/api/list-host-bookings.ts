import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';

import type { BookingListItem, HostBooking } from '#shared/api/schemas/bookings';
import { nextWindowIndex, windowAt, type Direction } from '#frontend/features/bookings/lib/host-bookings.ts';
import { fetchAllBookings, fetchBookingPage } from '#frontend/lib/booking-export.ts';

/**
 * GET /api/bookings?start&end&timezone, walked one 30-day window after another (lib/host-bookings.ts): the signed-in
 * host's bookings starting on those days of their zone. One walk forward from today (Upcoming, Pending and Cancelled
 * filter it) and one backward (Past), each its own cache entry under one prefix.
 * Issue 30: a window comes in pages of the list (`limit`, `nextCursor`). Forward, each page of a window is a page of
 * the walk (earliest first, as the list answers). Backward, the Past tab shows the latest first, so a window is read
 * whole (its pages followed at once, 200 bookings a request) before it is shown.
 */
export const hostBookingsKey = ['hostBookings'] as const;

/** Bookings per request of the forward walk. */
export const HOST_PAGE_LIMIT = 50;

/** A page of a walk: some bookings of window `index`; `nextCursor` when that window has more. */
export interface WalkPage {
  index: number;
  bookings: BookingListItem[];
  nextCursor: string | null;
}
export interface WalkParam {
  index: number;
  cursor: string | null;
}

type Pages = InfiniteData<WalkPage, WalkParam>;

export const useHostBookings = (
  direction: Direction,
  today: string,
  timeZone: string,
  { enabled }: { enabled: boolean },
) =>
  useInfiniteQuery({
    queryKey: [...hostBookingsKey, direction, today, timeZone],
    queryFn: async ({ pageParam, signal }): Promise<WalkPage> => {
      const range = windowAt(direction, today, pageParam.index)!;
      if (direction === 'backward') {
        return { index: pageParam.index, bookings: await fetchAllBookings(range, timeZone, signal), nextCursor: null };
      }
      const page = await fetchBookingPage(range, timeZone, {
        limit: HOST_PAGE_LIMIT,
        cursor: pageParam.cursor,
        signal,
      });
      return { index: pageParam.index, ...page };
    },
    initialPageParam: { index: 0, cursor: null } as WalkParam,
    getNextPageParam: (page): WalkParam | undefined => {
      if (page.nextCursor) return { index: page.index, cursor: page.nextCursor };
      const next = nextWindowIndex(page.index);
      return next === undefined ? undefined : { index: next, cursor: null };
    },
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
          pages: data.pages.map((page) => ({
            ...page,
            bookings: page.bookings.map((item) =>
              item.id === booking.id
                ? {
                    ...item,
                    status: booking.status,
                    noShow: booking.noShow,
                    rescheduled: booking.rescheduledTo !== null,
                  }
                : item,
            ),
          })),
        }
      : data,
  );
}
