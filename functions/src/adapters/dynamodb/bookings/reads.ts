import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { HOLD, toBooking, type Item } from '#functions/adapters/dynamodb/bookings/items';
import { keys } from '#functions/adapters/dynamodb/keys';
import { utcDay } from '#functions/domain/booking';
import type { BookingRecord } from '#functions/domain/records';
import type { BookingLedger } from '#functions/ports/bookings';

/** The ledger's reads by key: a host's days, one booking, an Idempotency-Key's answer, a guest's request places. */
export type BookingReads = Pick<BookingLedger, 'read' | 'find' | 'findById' | 'findIdempotency' | 'pendingPlaces'>;

/**
 * Reads of the booking ledger, every one strongly consistent. One Query returns a range of a host's days with the
 * versions they were read at: a Query is read-committed, not a snapshot, which is why the booking write checks every
 * day read (not only the ones it locks).
 */
export function dynamoBookingReads(db: DynamoDBDocumentClient, tableName: string): BookingReads {
  async function find(hostId: string, start: string, id: string): Promise<BookingRecord | null> {
    const { Item } = await db.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.booking(hostId, utcDay(Date.parse(start)), start, id),
        ConsistentRead: true,
      }),
    );
    return Item && Item.type === 'Booking' ? toBooking(Item) : null;
  }

  async function findById(id: string): Promise<BookingRecord | null> {
    const { Item: ref } = await db.send(
      new GetCommand({ TableName: tableName, Key: keys.bookingRef(id), ConsistentRead: true }),
    );
    if (!ref || typeof ref.hostId !== 'string' || typeof ref.start !== 'string') return null;
    return find(ref.hostId, ref.start, id);
  }

  return {
    find,
    findById,

    async read(hostId, fromDay, toDay) {
      const bookings: BookingRecord[] = [];
      const dayVersions = new Map<string, number>();
      let startKey: Item | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: {
              ':pk': keys.hostPartition(hostId),
              ':from': `DAY#${fromDay}`,
              ':to': `DAY#${toDay}#~`,
            },
            ConsistentRead: true,
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) {
          if (item.type === 'DayVersion') dayVersions.set(String(item.day), Number(item.version));
          else if (item.type === 'Booking' || item.type === HOLD) bookings.push(toBooking(item));
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return { bookings, dayVersions };
    },

    async pendingPlaces(ownerId, email) {
      const { Items } = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.hostPartition(ownerId), ':prefix': keys.pendingPlacePrefix(email) },
          ConsistentRead: true,
        }),
      );
      return Promise.all(
        (Items ?? []).map(async (item) => {
          const bookingId = String(item.bookingId);
          // By its id (its reference follows it): a round-robin reassignment moves the booking to another key.
          const found = await findById(bookingId);
          return { place: Number(item.place), holder: { bookingId, booking: found } };
        }),
      );
    },

    async findIdempotency(key) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.idempotency(key), ConsistentRead: true }),
      );
      if (!Item) return null;
      return {
        key,
        requestHash: String(Item.requestHash),
        statusCode: Number(Item.statusCode),
        response: Item.response,
      };
    },
  };
}
