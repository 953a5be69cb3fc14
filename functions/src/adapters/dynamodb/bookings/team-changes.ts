import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import {
  asReadCondition,
  bookingPut,
  changedSinceRead,
  counterChanges,
  counterUpdate,
  dayItems,
  HOLD,
  holdUpdates,
  primaryKey,
  refItem,
  transactOrChanged,
  transactWithConditions,
  type TransactItem,
} from '#functions/adapters/dynamodb/bookings/items';
import { keys } from '#functions/adapters/dynamodb/keys';
import { versionOf } from '#functions/domain/notices';
import type { BookingRecord } from '#functions/domain/records';
import { WriteConflict } from '#functions/errors';
import type { BookingLedger } from '#functions/ports/bookings';

/** A team booking's hosts changed (issue 28): a round-robin member replaced, or a host leaving. */
export type TeamBookingChanges = Pick<BookingLedger, 'reassign' | 'dropHost'>;

/**
 * A team booking whose hosts change, in one transaction each, only on the booking as read (else BookingChanged): the
 * booking may move to another host's partition (its reference follows), the copies are rewritten, the counters move.
 */
export function dynamoTeamBookingChanges(db: DynamoDBDocumentClient, tableName: string): TeamBookingChanges {
  return {
    async reassign({ from, to, lockDays, checkDays }) {
      const items: TransactItem[] = [
        { Delete: { TableName: tableName, Key: primaryKey(from), ...asReadCondition(from, versionOf(from)) } },
        bookingPut(tableName, to),
        refItem(tableName, to),
        ...dayItems(tableName, to.hostId, lockDays, checkDays),
        // The other hosts' holds name the new member (their own calendar fields stay).
        ...holdUpdates(tableName, to, {
          expression:
            'SET hostId = :hostId, hostIds = :hostIds, hostNames = :hostNames, assignment = :assignment, #version = :version',
          names: { '#version': 'version' },
          values: {
            ':hostId': to.hostId,
            ':hostIds': to.hostIds,
            ':hostNames': to.hostNames,
            ':assignment': to.assignment,
            ':version': versionOf(to),
          },
        }),
        ...counterChanges(tableName, from, -1),
        ...(to.assignment
          ? [counterUpdate(tableName, to.eventId, to.createdAt.slice(0, 7), to.assignment.userId, 1)]
          : []),
      ];
      // The leaving member's hold, if they held one besides the booking itself.
      for (const member of from.hostIds ?? []) {
        if (member !== from.hostId && !(to.hostIds ?? []).includes(member)) {
          items.push({ Delete: { TableName: tableName, Key: primaryKey(from, member) } });
        }
      }
      await transactWithConditions(
        db,
        items,
        [{ item: 0, error: changedSinceRead }],
        (cause) => new WriteConflict('A day of the new host changed meanwhile', { cause }),
      );
    },

    async dropHost(booking, leaving) {
      const hostIds = (booking.hostIds ?? []).filter((id) => id !== leaving);
      if (hostIds.length === 0 || hostIds.length === (booking.hostIds ?? []).length) return booking;
      const hostNames = (booking.hostIds ?? []).flatMap((id, index) =>
        id === leaving ? [] : [booking.hostNames?.[index] ?? ''],
      );
      const asRead = asReadCondition(booking, versionOf(booking));
      const leavingCopy = primaryKey(booking, leaving);
      if (booking.hostId !== leaving) {
        // A copy holder leaves: the booking and the other copies name the hosts left; the leaver's copy goes.
        const after: BookingRecord = { ...booking, hostIds, hostNames };
        await transactOrChanged(db, [
          {
            Update: {
              TableName: tableName,
              Key: primaryKey(booking),
              UpdateExpression: 'SET hostIds = :hostIds, hostNames = :hostNames',
              ...asRead,
              ExpressionAttributeValues: {
                ...asRead.ExpressionAttributeValues,
                ':hostIds': hostIds,
                ':hostNames': hostNames,
              },
            },
          },
          ...holdUpdates(tableName, after, {
            expression: 'SET hostIds = :hostIds, hostNames = :hostNames',
            values: { ':hostIds': hostIds, ':hostNames': hostNames },
          }),
          { Delete: { TableName: tableName, Key: leavingCopy } },
        ]);
        return after;
      }
      // The first host leaves: the next host's copy becomes the booking, with that host's own calendar fields.
      const next = hostIds[0]!;
      const nextKey = primaryKey(booking, next);
      const { Item: copy } = await db.send(
        new GetCommand({ TableName: tableName, Key: nextKey, ConsistentRead: true }),
      );
      const calendar = {
        calendarProvider: (copy?.calendarProvider as BookingRecord['calendarProvider'] | undefined) ?? 'builtin',
        calendarEventId: (copy?.calendarEventId as string | null | undefined) ?? null,
        calendarAccount: (copy?.calendarAccount as string | null | undefined) ?? null,
      };
      const { calendarPending: _pending, ...rest } = booking;
      const after: BookingRecord = {
        ...rest,
        ...calendar,
        ...(copy?.calendarPending ? { calendarPending: copy.calendarPending as 'delete' } : {}),
        hostId: next,
        hostIds,
        hostNames,
        handedOverFrom: leaving,
      };
      await transactOrChanged(db, [
        { Delete: { TableName: tableName, Key: primaryKey(booking), ...asRead } },
        {
          Put: {
            TableName: tableName,
            Item: { ...nextKey, ...keys.bookingIndex(after.start, after.id), type: 'Booking', ...after },
            // In place of the next host's copy, never over anything else.
            ConditionExpression: '#type = :hold',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':hold': HOLD },
          },
        },
        refItem(tableName, after),
        ...holdUpdates(tableName, after, {
          expression: 'SET hostId = :hostId, hostIds = :hostIds, hostNames = :hostNames',
          values: { ':hostId': next, ':hostIds': hostIds, ':hostNames': hostNames },
        }),
      ]);
      return after;
    },
  };
}
