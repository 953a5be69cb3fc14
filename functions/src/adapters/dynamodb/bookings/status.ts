import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import {
  asReadCondition,
  counterChanges,
  holdUpdates,
  isTeamBooking,
  primaryKey,
  toBooking,
  transactOrChanged,
} from '#functions/adapters/dynamodb/bookings/items';
import { versionOf } from '#functions/domain/notices';
import type { BookingRecord } from '#functions/domain/records';
import { BookingChanged } from '#functions/errors';
import type { BookingLedger } from '#functions/ports/bookings';

/** A booking's changes after it was made: cancelled or declined, confirmed, its room given, its guest's no-show. */
export type BookingStatusChanges = Pick<BookingLedger, 'cancel' | 'confirm' | 'setMeetingUrl' | 'setNoShow'>;

/** A condition a write adds to its own (with the names and values it uses). */
interface WriteCondition {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/**
 * Changes of a booking's status and fields, each only on the booking as read (else BookingChanged): a change decided
 * on a stale read never lands. A team booking's copies (and, cancelled, its round-robin count) change in the same
 * transaction.
 */
export function dynamoBookingStatus(db: DynamoDBDocumentClient, tableName: string): BookingStatusChanges {
  /**
   * Moves a booking to `status` with `fields`, its version bumped, only if it is still at the status and version
   * read (else BookingChanged): each landed change is one stream record with its own version (the notices' ids).
   */
  async function changeStatus(
    booking: BookingRecord,
    status: BookingRecord['status'],
    fields: Partial<BookingRecord>,
    condition?: WriteCondition,
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
    const readCondition = asReadCondition(booking, version).ConditionExpression;
    // The booking's own write carries any extra condition (its holds' updates, unconditional, share its transaction).
    const own = {
      ConditionExpression: condition ? `${readCondition} AND (${condition.expression})` : readCondition,
      ExpressionAttributeNames: { ...names, ...condition?.names },
      ExpressionAttributeValues: { ...values, ...condition?.values },
    };
    if (isTeamBooking(booking)) {
      // The booking, its holds and (a round-robin cancellation) its counter taken back, in one transaction.
      const after: BookingRecord = { ...booking, ...fields, status, version: version + 1 };
      await transactOrChanged(db, [
        {
          Update: {
            TableName: tableName,
            Key: primaryKey(booking),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ...own,
          },
        },
        // A cancelled hold owes the removal of its member's own calendar event: their next sync does it.
        ...holdUpdates(tableName, booking, {
          expression: `SET ${[
            ...sets.filter((set) => !set.startsWith('#calendarPending')),
            ...(status === 'cancelled' ? ['#calendarPending = :holdPending'] : []),
          ].join(', ')}`,
          names: { ...names, ...(status === 'cancelled' ? { '#calendarPending': 'calendarPending' } : {}) },
          values: {
            ...Object.fromEntries(
              Object.entries(values).filter(
                ([key]) => key !== ':read' && key !== ':version' && key !== ':calendarPending',
              ),
            ),
            ...(status === 'cancelled' ? { ':holdPending': 'delete' } : {}),
          },
        }),
        ...(status === 'cancelled' && booking.status !== 'cancelled' ? counterChanges(tableName, booking, -1) : []),
      ]);
      return after;
    }
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: primaryKey(booking),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ...own,
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
    async cancel(booking, { cancellation, calendarPending }) {
      return changeStatus(booking, 'cancelled', {
        cancellation,
        ...(calendarPending ? { calendarPending } : {}),
      });
    },

    async confirm(booking, now) {
      if (booking.status !== 'pending') throw new BookingChanged('Only a pending booking can be confirmed');
      // Issue 31: only while the request has not expired at the write's `now` (stored before expiries: its start).
      return changeStatus(
        booking,
        'confirmed',
        {},
        {
          expression:
            '(attribute_exists(#pendingExpiresAt) AND #pendingExpiresAt > :now) OR ' +
            '(attribute_not_exists(#pendingExpiresAt) AND #start > :now)',
          names: { '#pendingExpiresAt': 'pendingExpiresAt', '#start': 'start' },
          values: { ':now': now.toISOString() },
        },
      );
    },

    // Issue 30: the status stays, the version moves on (one stream record: the "Location updated" notice).
    async setMeetingUrl(booking, meetingUrl) {
      return changeStatus(booking, booking.status, { meetingUrl });
    },

    async setNoShow(booking, noShow) {
      if (isTeamBooking(booking)) {
        if (booking.status !== 'confirmed') throw new BookingChanged('Only a confirmed booking has a no-show');
        await transactOrChanged(db, [
          {
            Update: {
              TableName: tableName,
              Key: primaryKey(booking),
              UpdateExpression: 'SET noShow = :noShow',
              ConditionExpression: '#status = :confirmed',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':noShow': noShow, ':confirmed': 'confirmed' },
            },
          },
          ...holdUpdates(tableName, booking, { expression: 'SET noShow = :noShow', values: { ':noShow': noShow } }),
        ]);
        return { ...booking, noShow };
      }
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: primaryKey(booking),
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
  };
}
