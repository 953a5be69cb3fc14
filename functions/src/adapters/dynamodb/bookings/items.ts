import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { DAY_MS } from '#shared/time';
import { keys } from '#functions/adapters/dynamodb/keys';
import { utcDay } from '#functions/domain/booking';
import type { BookingRecord } from '#functions/domain/records';
import { BookingChanged } from '#functions/errors';
import type { HoldCalendar } from '#functions/ports/bookings';

/**
 * The booking ledger's items, as every part of it writes them (ledger.ts). A host's partition holds, per UTC date,
 * one version item (`DAY#date`) followed by that date's bookings (`DAY#date#B#start#id`) and a team booking's copies
 * held by the host (`BookingHold`, issue 28); a `BookingRef` per booking says where it is, a `RoundRobinCount` per
 * member and month counts a round-robin event's bookings, a `PendingPlace` is one of a guest's request places
 * (issue 31). The layout: functions/src/adapters/dynamodb/README.md.
 */

export type Item = Record<string, unknown>;
export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** A team booking's copy under each other assigned member (issue 28): their time and bookings screen see it. */
export const HOLD = 'BookingHold';

/**
 * How long after a booking ends its id still finds it (the manage links in its e-mails, the host's page of it): longer
 * than the host's bookings screen looks back (365 days).
 */
const BOOKING_REF_DAYS = 400;

/** A booking as the code sees it: the item without its keys and type. */
export function toBooking(item: Item): BookingRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, type: _type, ...rest } = item;
  return rest as unknown as BookingRecord;
}

/** A booking whose changes also touch holds or a round-robin counter (a team booking). */
export function isTeamBooking(booking: BookingRecord): boolean {
  return (booking.hostIds?.length ?? 0) > 1 || booking.schedulingType === 'round-robin';
}

/** The key of a booking under its host, or of its copy under another host (`holder`). */
export const primaryKey = (booking: BookingRecord, holder = booking.hostId) =>
  keys.booking(holder, utcDay(Date.parse(booking.start)), booking.start, booking.id);

/** The condition that a booking is still at the status and version read (stored before versions: 1). */
export function asReadCondition(booking: BookingRecord, version: number) {
  return {
    ConditionExpression:
      version === 1
        ? '#status = :read AND (attribute_not_exists(#version) OR #version = :version)'
        : '#status = :read AND #version = :version',
    ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
    ExpressionAttributeValues: { ':read': booking.status, ':version': version } as Record<string, unknown>,
  };
}

/** The booking itself, in its host's partition and the bookings index, written only where nothing is. */
export const bookingPut = (tableName: string, booking: BookingRecord): TransactItem => ({
  Put: {
    TableName: tableName,
    Item: { ...primaryKey(booking), ...keys.bookingIndex(booking.start, booking.id), type: 'Booking', ...booking },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export const refItem = (tableName: string, booking: BookingRecord): TransactItem => ({
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
});

/** The Puts of a team booking's holds: a copy under every other assigned member, with their own calendar fields. */
export function holdPuts(
  tableName: string,
  booking: BookingRecord,
  calendars?: Record<string, HoldCalendar>,
): TransactItem[] {
  return (booking.hostIds ?? [])
    .filter((member) => member !== booking.hostId)
    .map((member) => ({
      Put: {
        TableName: tableName,
        Item: {
          ...primaryKey(booking, member),
          type: HOLD,
          ...booking,
          ...(calendars?.[member] ?? {}),
          // Whose copy it is: a change of this copy alone (its calendar mark) finds it again.
          heldBy: member,
        },
      },
    }));
}

/**
 * The same change on each of a team booking's holds (their own calendar fields stay). Unconditional: the booking's
 * own update in the same transaction carries the condition.
 */
export function holdUpdates(
  tableName: string,
  booking: BookingRecord,
  change: { expression: string; names?: Record<string, string>; values: Record<string, unknown> },
): TransactItem[] {
  return (booking.hostIds ?? [])
    .filter((member) => member !== booking.hostId)
    .map((member) => ({
      Update: {
        TableName: tableName,
        Key: primaryKey(booking, member),
        UpdateExpression: change.expression,
        ...(change.names ? { ExpressionAttributeNames: change.names } : {}),
        ExpressionAttributeValues: change.values,
      },
    }));
}

/** A round-robin booking's counter moved by `delta` (its member, the month it was booked in). */
export function counterChanges(tableName: string, booking: BookingRecord, delta: 1 | -1): TransactItem[] {
  if (booking.schedulingType !== 'round-robin' || !booking.assignment) return [];
  return [counterUpdate(tableName, booking.eventId, booking.createdAt.slice(0, 7), booking.assignment.userId, delta)];
}

export function counterUpdate(
  tableName: string,
  eventId: number,
  month: string,
  userId: string,
  delta: number,
  at?: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.roundRobinCount(eventId, month, userId),
      UpdateExpression: `SET #type = :type, userId = :user${at ? ', lastBookedAt = :at' : ''} ADD #count :delta`,
      ExpressionAttributeNames: { '#type': 'type', '#count': 'count' },
      ExpressionAttributeValues: {
        ':type': 'RoundRobinCount',
        ':user': userId,
        ':delta': delta,
        ...(at ? { ':at': at } : {}),
      },
    },
  };
}

/** A member's day versions: bumped from the version read (locked) or checked unchanged. */
export function dayItems(
  tableName: string,
  hostId: string,
  lockDays: readonly { day: string; expectedVersion: number }[],
  checkDays: readonly { day: string; expectedVersion: number }[],
): TransactItem[] {
  return [
    ...lockDays.map(({ day, expectedVersion }) => ({
      Update: {
        TableName: tableName,
        Key: keys.dayVersion(hostId, day),
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
        Key: keys.dayVersion(hostId, day),
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
}

/** A cancelled transaction's error when the condition of its item at `item` failed. */
export interface FailedCondition {
  item: number;
  error: (cause: TransactionCanceledException) => Error;
}

/**
 * One transaction with conditions. Cancelled, it throws the error of the first of `failed` (in their order) whose
 * item's condition failed, else `otherwise`'s (a day's version or another check); any other error as it came.
 */
export async function transactWithConditions(
  db: DynamoDBDocumentClient,
  items: TransactItem[],
  failed: readonly FailedCondition[],
  otherwise: (cause: TransactionCanceledException) => Error,
): Promise<void> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    const known = failed.find(({ item }) => reasons[item]?.Code === 'ConditionalCheckFailed');
    throw (known ?? { error: otherwise }).error(error);
  }
}

/** The booking a change read is no longer as it was. */
export const changedSinceRead = (cause: TransactionCanceledException): BookingChanged =>
  new BookingChanged('The booking changed since it was read', { cause });

/** One transaction; a failed condition is BookingChanged. */
export async function transactOrChanged(db: DynamoDBDocumentClient, items: TransactItem[]): Promise<void> {
  await transactWithConditions(db, items, [], changedSinceRead);
}
