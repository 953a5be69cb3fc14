import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

import { composeDeps } from '#functions/composition';
import { parseConfig } from '#functions/config';
import { bookingRecord } from '#test/support/booking-record';

/**
 * The run's shared app's own table, for browser tests that need what no page can make: a booking whose time has
 * passed (the pages only ever offer times ahead), or a page's worth of bookings at once. The global setup found it in
 * the start-up banner's DynamoDB line.
 */
export function appTable() {
  const deps = composeDeps(
    parseConfig({
      DYNAMODB_ENDPOINT: inject('e2eDynamoEndpoint'),
      TABLE_NAME: inject('e2eTableName'),
      AWS_REGION: 'us-east-1',
      LOG_LEVEL: 'error',
    }),
  );
  /** The host (by e-mail) and their event (by slug), as a booking of it names them. */
  async function hostEvent(hostEmail: string, slug: string) {
    const host = await deps.accounts.findByEmail(hostEmail);
    const eventId = await deps.events.findIdBySlug(slug);
    const found = eventId === null ? null : await deps.events.findById(eventId);
    if (!host || !found) throw new Error(`No host ${hostEmail} or event ${slug}`);
    const { event } = found;
    return { event, of: { hostId: host.id, eventId: event.id, eventTitle: event.title, eventSlug: event.slug } };
  }
  return {
    deps,
    /** A confirmed booking of the host's event (by slug) that started `minutesAgo` minutes ago; answers its id. */
    async pastBooking(hostEmail: string, slug: string, guestName: string, minutesAgo = 90): Promise<string> {
      const { event, of } = await hostEvent(hostEmail, slug);
      const start = new Date(Math.floor((Date.now() - minutesAgo * 60_000) / 60_000) * 60_000);
      const end = new Date(start.getTime() + event.duration * 60_000);
      const booking = bookingRecord(
        {
          id: randomUUID(),
          ...of,
          name: guestName,
          email: `past-${randomUUID().slice(0, 8)}@example.com`,
          version: 1,
          createdAt: new Date(start.getTime() - 86_400_000).toISOString(),
        },
        start,
        end,
      );
      await deps.bookings.commit({ booking, lockDays: [], checkDays: [] });
      return booking.id;
    },
    /**
     * `names.length` confirmed bookings of the host's event (by slug), a quarter of an hour each and apart, from the
     * hour of `from` (ms); answers their ids.
     */
    async futureBookings(hostEmail: string, slug: string, names: string[], from: number): Promise<string[]> {
      const { of } = await hostEvent(hostEmail, slug);
      const ids: string[] = [];
      for (const [index, name] of names.entries()) {
        const start = new Date(Math.floor(from / 3_600_000) * 3_600_000 + index * 15 * 60_000);
        const end = new Date(start.getTime() + 15 * 60_000);
        const id = randomUUID();
        ids.push(id);
        await deps.bookings.commit({
          booking: bookingRecord(
            {
              id,
              ...of,
              name,
              email: `paged-${id.slice(0, 8)}@example.com`,
              version: 1,
              createdAt: new Date().toISOString(),
            },
            start,
            end,
          ),
          lockDays: [],
          checkDays: [],
        });
      }
      return ids;
    },
  };
}
