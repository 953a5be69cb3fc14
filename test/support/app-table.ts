import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

import { composeDeps } from '#functions/composition';
import { parseConfig } from '#functions/config';
import type { BookingRecord } from '#functions/domain/records';

/**
 * The run's shared app's own table, for browser tests that need what no page can make: a booking whose time has
 * passed (the pages only ever offer times ahead). The global setup found it in the start-up banner's DynamoDB line.
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
  return {
    deps,
    /** A confirmed booking of the host's event (by slug) that started `minutesAgo` minutes ago; answers its id. */
    async pastBooking(hostEmail: string, slug: string, guestName: string, minutesAgo = 90): Promise<string> {
      const host = await deps.accounts.findByEmail(hostEmail);
      const eventId = await deps.events.findIdBySlug(slug);
      const found = eventId === null ? null : await deps.events.findById(eventId);
      if (!host || !found) throw new Error(`No host ${hostEmail} or event ${slug}`);
      const start = new Date(Math.floor((Date.now() - minutesAgo * 60_000) / 60_000) * 60_000);
      const end = new Date(start.getTime() + found.event.duration * 60_000);
      const booking: BookingRecord = {
        id: randomUUID(),
        hostId: host.id,
        eventId: found.event.id,
        eventTitle: found.event.title,
        eventSlug: found.event.slug,
        name: guestName,
        email: `past-${randomUUID().slice(0, 8)}@example.com`,
        additionalInfo: null,
        guests: [],
        start: start.toISOString(),
        end: end.toISOString(),
        blockedStart: start.toISOString(),
        blockedEnd: end.toISOString(),
        status: 'confirmed',
        guestTimeZone: 'Europe/Berlin',
        calendarProvider: 'builtin',
        calendarEventId: null,
        version: 1,
        createdAt: new Date(start.getTime() - 86_400_000).toISOString(),
      };
      await deps.bookings.commit({ booking, lockDays: [], checkDays: [] });
      return booking.id;
    },
  };
}
