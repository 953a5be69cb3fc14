import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { DAY_MS } from '#shared/time';
import { HOLD, toBooking, type Item } from '#functions/adapters/dynamodb/bookings/items';
import { keys } from '#functions/adapters/dynamodb/keys';
import { utcDay } from '#functions/domain/booking';
import { isAfter, LISTED_BOOKING_FIELDS, type ListedBooking } from '#functions/domain/booking-list';
import type { BookingRecord } from '#functions/domain/records';
import type { BookingLedger } from '#functions/ports/bookings';

/** The bookings lists: every host's from the bookings index, or one host's partition, a page at a time. */
export type BookingLists = Pick<BookingLedger, 'listStarting' | 'pageStarting'>;

/** A page of the list reads only the listed fields, and each item's type (a day's version item is skipped). */
const LISTED_NAMES = Object.fromEntries(
  ['type', ...LISTED_BOOKING_FIELDS].map((field, index) => [`#f${index}`, field]),
);
const LISTED_PROJECTION = {
  ProjectionExpression: Object.keys(LISTED_NAMES).join(', '),
  ExpressionAttributeNames: LISTED_NAMES,
};

export function dynamoBookingLists(db: DynamoDBDocumentClient, tableName: string): BookingLists {
  return {
    async listStarting(from, to) {
      const bookings: BookingRecord[] = [];
      for (const month of monthsBetween(from, to)) {
        let startKey: Item | undefined;
        do {
          const page = await db.send(
            new QueryCommand({
              TableName: tableName,
              IndexName: 'gsi1',
              KeyConditionExpression: 'gsi1pk = :month AND gsi1sk BETWEEN :from AND :to',
              ExpressionAttributeValues: { ':month': `BOOKINGS#${month}`, ':from': from, ':to': `${to}` },
              ExclusiveStartKey: startKey,
            }),
          );
          for (const item of page.Items ?? []) {
            if (item.type === 'Booking' && String(item.start) < to) bookings.push(toBooking(item));
          }
          startKey = page.LastEvaluatedKey;
        } while (startKey);
      }
      return bookings;
    },

    async pageStarting({ hostId, from, to, page: { after, limit } }) {
      // One more than the page: whether it is there says whether more follow.
      const wanted = limit + 1;
      const bookings: ListedBooking[] = [];
      const take = (item: Item) => {
        if (item.type !== 'Booking' && item.type !== HOLD) return;
        const { type: _type, ...booking } = item as ListedBooking & { type: string };
        if (booking.start >= from && booking.start < to && isAfter(booking, after)) bookings.push(booking);
      };
      if (hostId !== undefined) {
        // The host's partition from the position (or the range's first instant) to the range's end: the bookings in
        // order, with a day's version item before each day's (read and skipped: the Limit makes room for them).
        const lowStart = after?.start ?? from;
        const lower = `DAY#${utcDay(Date.parse(lowStart))}#B#${after ? `${after.start}#${after.id}` : from}`;
        const upper = `DAY#${utcDay(Date.parse(to) - 1)}#B#${to}`;
        const days = Math.ceil((Date.parse(to) - Date.parse(lowStart)) / DAY_MS) + 1;
        let startKey: Item | undefined;
        do {
          const result = await db.send(
            new QueryCommand({
              TableName: tableName,
              KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
              ExpressionAttributeValues: { ':pk': keys.hostPartition(hostId), ':from': lower, ':to': upper },
              ...LISTED_PROJECTION,
              ConsistentRead: true,
              Limit: wanted - bookings.length + 1 + days,
              ExclusiveStartKey: startKey,
            }),
          );
          for (const item of result.Items ?? []) take(item);
          startKey = result.LastEvaluatedKey;
        } while (startKey && bookings.length < wanted);
      } else {
        // The bookings index, month by month from the position's (gsi1sk `start#id` is the list's order).
        for (const month of monthsBetween(after?.start ?? from, to)) {
          const lower = after && after.start.startsWith(month) ? `${after.start}#${after.id}` : from;
          let startKey: Item | undefined;
          do {
            const result = await db.send(
              new QueryCommand({
                TableName: tableName,
                IndexName: 'gsi1',
                KeyConditionExpression: 'gsi1pk = :month AND gsi1sk BETWEEN :from AND :to',
                ExpressionAttributeValues: { ':month': `BOOKINGS#${month}`, ':from': lower, ':to': to },
                ...LISTED_PROJECTION,
                // The position's own item is read again (the bound is inclusive) and skipped.
                Limit: wanted - bookings.length + 1,
                ExclusiveStartKey: startKey,
              }),
            );
            for (const item of result.Items ?? []) take(item);
            startKey = result.LastEvaluatedKey;
          } while (startKey && bookings.length < wanted);
          if (bookings.length >= wanted) break;
        }
      }
      return { bookings: bookings.slice(0, limit), more: bookings.length > limit };
    },
  };
}

/** The months (yyyy-MM) that instants in [from, to) fall in, in order. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  const last = new Date(Date.parse(to) - 1);
  for (let at = new Date(`${from.slice(0, 7)}-01T00:00:00Z`); at <= last; at.setUTCMonth(at.getUTCMonth() + 1)) {
    months.push(at.toISOString().slice(0, 7));
  }
  return months;
}
