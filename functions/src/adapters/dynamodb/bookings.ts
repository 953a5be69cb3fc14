import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

import { DAY_MS } from '#shared/time';
import { keys } from '#functions/adapters/dynamodb/keys';
import { utcDay } from '#functions/domain/booking';
import { versionOf } from '#functions/domain/notices';
import type { BookingRecord } from '#functions/domain/records';
import { BookingChanged, IdempotencyConflict, WriteConflict } from '#functions/errors';
import type { BookingLedger } from '#functions/ports';

type Item = Record<string, unknown>;

/**
 * How long after a booking ends its id still finds it (the manage links in its e-mails, the host's page of it): longer
 * than the host's bookings screen looks back (365 days).
 */
const BOOKING_REF_DAYS = 400;

function toBooking(item: Item): BookingRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, type: _type, ...rest } = item;
  return rest as unknown as BookingRecord;
}

/**
 * The booking ledger on DynamoDB. A host's partition holds, per UTC date, one version item (`DAY#date`) followed
 * by that date's bookings (`DAY#date#B#start#id`), so one Query returns a range's bookings together with the
 * versions they were read at, and one transaction writes a booking while bumping the versions of the days it
 * locks and checking those of the other days read. A Query is read-committed, not a snapshot: checking every day
 * read (not only the locked ones) is what makes a booking committed between the reads of two days impossible to
 * miss.
 */
export function dynamoBookingLedger(db: DynamoDBDocumentClient, tableName: string): BookingLedger {
  /**
   * Moves a booking to `status` with `fields`, its version bumped, only if it is still at the status and version
   * read (else BookingChanged): a change decided on a stale read never lands, and each landed change is one stream
   * record with its own version (the notices' ids).
   */
  async function changeStatus(
    booking: BookingRecord,
    status: BookingRecord['status'],
    fields: Partial<BookingRecord>,
  ): Promise<BookingRecord> {
    const version = versionOf(booking);
    const names: Record<string, string> = { '#status': 'status', '#version': 'version' };
    const values: Record<string, unknown> = {
      ':status': status,
      ':read': booking.status,
      ':version': version,
      ':next': version + 1,
    };
    const sets = ['#status = :status', '#version = :next'];
    for (const [field, value] of Object.entries(fields)) {
      names[`#${field}`] = field;
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
    }
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.booking(booking.hostId, utcDay(Date.parse(booking.start)), booking.start, booking.id),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression:
            version === 1
              ? '#status = :read AND (attribute_not_exists(#version) OR #version = :version)'
              : '#status = :read AND #version = :version',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toBooking(Attributes ?? {});
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        throw new BookingChanged('The booking changed since it was read', { cause: error });
      }
      throw error;
    }
  }

  return {
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
          else if (item.type === 'Booking') bookings.push(toBooking(item));
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return { bookings, dayVersions };
    },

    async commit({ booking, lockDays, checkDays, idempotency, replaces }) {
      const transactItems: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
        {
          Put: {
            TableName: tableName,
            Item: {
              ...keys.booking(booking.hostId, utcDay(Date.parse(booking.start)), booking.start, booking.id),
              ...keys.bookingIndex(booking.start, booking.id),
              type: 'Booking',
              ...booking,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          // The manage links and the console name a booking by its id alone: this item says where it is.
          Put: {
            TableName: tableName,
            Item: {
              ...keys.bookingRef(booking.id),
              type: 'BookingRef',
              hostId: booking.hostId,
              start: booking.start,
              expiresAt: Math.floor((Date.parse(booking.end) + BOOKING_REF_DAYS * DAY_MS) / 1000),
            },
          },
        },
        ...lockDays.map(({ day, expectedVersion }) => ({
          Update: {
            TableName: tableName,
            Key: keys.dayVersion(booking.hostId, day),
            UpdateExpression: 'SET #type = :type, #day = :day, #version = :next',
            ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk)' : '#version = :expected',
            ExpressionAttributeNames: { '#type': 'type', '#day': 'day', '#version': 'version' },
            ExpressionAttributeValues: {
              ':type': 'DayVersion',
              ':day': day,
              ':next': expectedVersion + 1,
              ...(expectedVersion === 0 ? {} : { ':expected': expectedVersion }),
            },
          },
        })),
        ...checkDays.map(({ day, expectedVersion }) => ({
          ConditionCheck: {
            TableName: tableName,
            Key: keys.dayVersion(booking.hostId, day),
            ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk)' : '#version = :expected',
            ...(expectedVersion === 0
              ? {}
              : {
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':expected': expectedVersion },
                }),
          },
        })),
      ];
      if (replaces) {
        const old = replaces.booking;
        transactItems.push({
          Update: {
            TableName: tableName,
            Key: keys.booking(old.hostId, utcDay(Date.parse(old.start)), old.start, old.id),
            UpdateExpression: `SET #status = :cancelled, rescheduledTo = :to${replaces.calendarPending ? ', calendarPending = :pending' : ''}`,
            ConditionExpression: '#status <> :cancelled AND manageTokenHash = :hash',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':cancelled': 'cancelled',
              ':to': booking.id,
              ':hash': old.manageTokenHash ?? '',
              ...(replaces.calendarPending ? { ':pending': replaces.calendarPending } : {}),
            },
          },
        });
      }
      const replacesIndex = replaces ? transactItems.length - 1 : -1;
      if (idempotency) {
        transactItems.push({
          Put: {
            TableName: tableName,
            Item: { ...keys.idempotency(idempotency.key), type: 'Idempotency', ...idempotency },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        });
      }
      try {
        await db.send(new TransactWriteCommand({ TransactItems: transactItems }));
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        if (idempotency && reasons[transactItems.length - 1]?.Code === 'ConditionalCheckFailed') {
          throw new IdempotencyConflict('Idempotency-Key taken meanwhile', { cause: error });
        }
        if (replacesIndex >= 0 && reasons[replacesIndex]?.Code === 'ConditionalCheckFailed') {
          throw new BookingChanged('The booking being rescheduled changed meanwhile', { cause: error });
        }
        throw new WriteConflict('A day of this host changed meanwhile', { cause: error });
      }
    },

    async replaceIdempotencyResponse(key, response) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.idempotency(key),
          UpdateExpression: 'SET #response = :response',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#response': 'response' },
          ExpressionAttributeValues: { ':response': response },
        }),
      );
    },

    async cancel(booking, { cancellation, calendarPending }) {
      return changeStatus(booking, 'cancelled', {
        cancellation,
        ...(calendarPending ? { calendarPending } : {}),
      });
    },

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

    async setNoShow(booking, noShow) {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.booking(booking.hostId, utcDay(Date.parse(booking.start)), booking.start, booking.id),
            UpdateExpression: 'SET noShow = :noShow',
            ConditionExpression: '#status = :confirmed',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':noShow': noShow, ':confirmed': 'confirmed' },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toBooking(Attributes ?? {});
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) {
          throw new BookingChanged('Only a confirmed booking has a no-show', { cause: error });
        }
        throw error;
      }
    },

    async confirm(booking) {
      if (booking.status !== 'pending') throw new BookingChanged('Only a pending booking can be confirmed');
      return changeStatus(booking, 'confirmed', {});
    },

    async findById(id) {
      const { Item: ref } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.bookingRef(id), ConsistentRead: true }),
      );
      if (!ref || typeof ref.hostId !== 'string' || typeof ref.start !== 'string') return null;
      return this.find(ref.hostId, ref.start, id);
    },

    async clearCalendarPending(booking) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.booking(booking.hostId, utcDay(Date.parse(booking.start)), booking.start, booking.id),
          UpdateExpression: 'REMOVE calendarPending',
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
    },

    async find(hostId, start, id) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.booking(hostId, utcDay(Date.parse(start)), start, id),
          ConsistentRead: true,
        }),
      );
      return Item && Item.type === 'Booking' ? toBooking(Item) : null;
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

/** The months (yyyy-MM) that instants in [from, to) fall in, in order. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  const last = new Date(Date.parse(to) - 1);
  for (let at = new Date(`${from.slice(0, 7)}-01T00:00:00Z`); at <= last; at.setUTCMonth(at.getUTCMonth() + 1)) {
    months.push(at.toISOString().slice(0, 7));
  }
  return months;
}

/**
 * A booking as a stream record's image carries it (DynamoDB's attribute-value map, as Lambda hands it over), or null
 * for an image of another kind of item or none.
 */
export function bookingFromImage(image: Record<string, AttributeValue> | undefined): BookingRecord | null {
  if (!image) return null;
  const item = unmarshall(image);
  return item.type === 'Booking' ? toBooking(item) : null;
}
