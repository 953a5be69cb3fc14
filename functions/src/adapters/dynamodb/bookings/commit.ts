import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import {
  bookingPut,
  counterChanges,
  counterUpdate,
  dayItems,
  holdPuts,
  holdUpdates,
  primaryKey,
  refItem,
  transactWithConditions,
  type FailedCondition,
  type TransactItem,
} from '#functions/adapters/dynamodb/bookings/items';
import { keys } from '#functions/adapters/dynamodb/keys';
import type { BookingRecord } from '#functions/domain/records';
import { BookingChanged, IdempotencyConflict, WriteConflict } from '#functions/errors';
import type { BookingLedger, PendingPlaceClaim } from '#functions/ports/bookings';

/** The booking write: its one transaction, and the correction of its stored answer. */
export type BookingCommits = Pick<BookingLedger, 'commit' | 'replaceIdempotencyResponse'>;

/**
 * A booking written in one transaction: the booking (and its reference) while bumping the versions of the days it
 * locks and checking those of the other days read, for every host it books (a team booking: each other host's copy,
 * a round-robin counter), with a request's place, a reschedule's cancellation and the Idempotency-Key's answer. A
 * booking committed meanwhile on any of those days makes it fail (WriteConflict): nothing is ever double-booked.
 */
export function dynamoBookingCommits(db: DynamoDBDocumentClient, tableName: string): BookingCommits {
  return {
    async commit({
      booking,
      lockDays,
      checkDays,
      idempotency,
      replaces,
      members,
      holdCalendars,
      roundRobin,
      pendingPlace,
    }) {
      const transactItems: TransactItem[] = [
        bookingPut(tableName, booking),
        refItem(tableName, booking),
        ...dayItems(tableName, booking.hostId, lockDays, checkDays),
        // A team booking: every other assigned member's days and their holds (issue 28).
        ...(members ?? []).flatMap((member) => dayItems(tableName, member.hostId, member.lockDays, member.checkDays)),
        ...holdPuts(tableName, booking, holdCalendars),
      ];
      const old = replaces?.booking;
      const takeBack = old ? counterChanges(tableName, old, -1) : [];
      const bump = roundRobin
        ? [counterUpdate(tableName, roundRobin.eventId, roundRobin.month, roundRobin.userId, 1, roundRobin.at)]
        : [];
      const sameCounter =
        takeBack.length > 0 &&
        bump.length > 0 &&
        JSON.stringify(takeBack[0]!.Update!.Key) === JSON.stringify(bump[0]!.Update!.Key);
      // A reschedule kept in the same member's same month: the count stays (one item cannot be written twice).
      if (!sameCounter) transactItems.push(...bump, ...takeBack);
      if (replaces && old) {
        transactItems.push(
          ...holdUpdates(tableName, old, {
            expression: 'SET #status = :cancelled, rescheduledTo = :to, calendarPending = :pending',
            names: { '#status': 'status' },
            values: { ':cancelled': 'cancelled', ':to': booking.id, ':pending': 'delete' },
          }),
        );
        transactItems.push({
          Update: {
            TableName: tableName,
            Key: primaryKey(old),
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
      // Issue 31: the guest's request place, only if it still names the request read (else read again: WriteConflict).
      if (pendingPlace) transactItems.push(pendingPlacePut(tableName, booking, pendingPlace));
      if (idempotency) {
        transactItems.push({
          Put: {
            TableName: tableName,
            Item: { ...keys.idempotency(idempotency.key), type: 'Idempotency', ...idempotency },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        });
      }
      // Which condition failed tells the error: the key's answer taken, the rescheduled booking changed, else a day.
      const failed: FailedCondition[] = [];
      if (idempotency) {
        failed.push({
          item: transactItems.length - 1,
          error: (cause) => new IdempotencyConflict('Idempotency-Key taken meanwhile', { cause }),
        });
      }
      if (replacesIndex >= 0) {
        failed.push({
          item: replacesIndex,
          error: (cause) => new BookingChanged('The booking being rescheduled changed meanwhile', { cause }),
        });
      }
      await transactWithConditions(
        db,
        transactItems,
        failed,
        (cause) => new WriteConflict('A day of this host changed meanwhile', { cause }),
      );
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
  };
}

/** Issue 31: a request's place, taken only while it names the request read (or was never used). */
const pendingPlacePut = (tableName: string, booking: BookingRecord, claim: PendingPlaceClaim): TransactItem => ({
  Put: {
    TableName: tableName,
    Item: {
      ...keys.pendingPlace(claim.ownerId, claim.email, claim.place),
      type: 'PendingPlace',
      place: claim.place,
      bookingId: booking.id,
      hostId: booking.hostId,
      start: booking.start,
      pendingExpiresAt: booking.pendingExpiresAt ?? booking.start,
    },
    ConditionExpression: claim.previousHolder === null ? 'attribute_not_exists(pk)' : 'bookingId = :previous',
    ...(claim.previousHolder === null ? {} : { ExpressionAttributeValues: { ':previous': claim.previousHolder } }),
  },
});
