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
import { isAfter, LISTED_BOOKING_FIELDS, type ListedBooking } from '#functions/domain/booking-list';
import { versionOf } from '#functions/domain/notices';
import type { BookingRecord } from '#functions/domain/records';
import { BookingChanged, IdempotencyConflict, WriteConflict } from '#functions/errors';
import type { BookingLedger, HoldCalendar, PendingPlaceClaim } from '#functions/ports';

type Item = Record<string, unknown>;

/** A condition a write adds to its own (with the names and values it uses). */
interface WriteCondition {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/**
 * How long after a booking ends its id still finds it (the manage links in its e-mails, the host's page of it): longer
 * than the host's bookings screen looks back (365 days).
 */
const BOOKING_REF_DAYS = 400;

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** A team booking's copy under each other assigned member (issue 28): their time and bookings screen see it. */
const HOLD = 'BookingHold';

/** A booking whose changes also touch holds or a round-robin counter (a team booking). */
function isTeamBooking(booking: BookingRecord): boolean {
  return (booking.hostIds?.length ?? 0) > 1 || booking.schedulingType === 'round-robin';
}

/** A page of the list reads only the listed fields, and each item's type (a day's version item is skipped). */
const LISTED_NAMES = Object.fromEntries(
  ['type', ...LISTED_BOOKING_FIELDS].map((field, index) => [`#f${index}`, field]),
);
const LISTED_PROJECTION = {
  ProjectionExpression: Object.keys(LISTED_NAMES).join(', '),
  ExpressionAttributeNames: LISTED_NAMES,
};

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
    const readCondition =
      version === 1
        ? '#status = :read AND (attribute_not_exists(#version) OR #version = :version)'
        : '#status = :read AND #version = :version';
    // The booking's own write carries any extra condition (its holds' updates, unconditional, share its transaction).
    const own = {
      ConditionExpression: condition ? `${readCondition} AND (${condition.expression})` : readCondition,
      ExpressionAttributeNames: { ...names, ...condition?.names },
      ExpressionAttributeValues: { ...values, ...condition?.values },
    };
    if (isTeamBooking(booking)) {
      // The booking, its holds and (a round-robin cancellation) its counter taken back, in one transaction.
      const after: BookingRecord = { ...booking, ...fields, status, version: version + 1 };
      await transactOrChanged([
        {
          Update: {
            TableName: tableName,
            Key: primaryKey(booking),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ...own,
          },
        },
        // A cancelled hold owes the removal of its member's own calendar event: their next sync does it.
        ...holdUpdates(booking, {
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
        ...(status === 'cancelled' && booking.status !== 'cancelled' ? counterChanges(booking, -1) : []),
      ]);
      return after;
    }
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.booking(booking.hostId, utcDay(Date.parse(booking.start)), booking.start, booking.id),
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

  /** The Puts of a team booking's holds: a copy under every other assigned member, with their own calendar fields. */
  function holdPuts(booking: BookingRecord, calendars?: Record<string, HoldCalendar>): TransactItem[] {
    return (booking.hostIds ?? [])
      .filter((member) => member !== booking.hostId)
      .map((member) => ({
        Put: {
          TableName: tableName,
          Item: {
            ...keys.booking(member, utcDay(Date.parse(booking.start)), booking.start, booking.id),
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
  function holdUpdates(
    booking: BookingRecord,
    change: { expression: string; names?: Record<string, string>; values: Record<string, unknown> },
  ): TransactItem[] {
    return (booking.hostIds ?? [])
      .filter((member) => member !== booking.hostId)
      .map((member) => ({
        Update: {
          TableName: tableName,
          Key: keys.booking(member, utcDay(Date.parse(booking.start)), booking.start, booking.id),
          UpdateExpression: change.expression,
          ...(change.names ? { ExpressionAttributeNames: change.names } : {}),
          ExpressionAttributeValues: change.values,
        },
      }));
  }

  /** A round-robin booking's counter moved by `delta` (its member, the month it was booked in). */
  function counterChanges(booking: BookingRecord, delta: 1 | -1, at?: string): TransactItem[] {
    if (booking.schedulingType !== 'round-robin' || !booking.assignment) return [];
    return [counterUpdate(booking.eventId, booking.createdAt.slice(0, 7), booking.assignment.userId, delta, at)];
  }

  function counterUpdate(eventId: number, month: string, userId: string, delta: number, at?: string): TransactItem {
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

  /** One transaction; a failed condition is BookingChanged. */
  async function transactOrChanged(items: TransactItem[]): Promise<void> {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if (error instanceof TransactionCanceledException) {
        throw new BookingChanged('The booking changed since it was read', { cause: error });
      }
      throw error;
    }
  }

  /** A member's day versions: bumped from the version read (locked) or checked unchanged. */
  function dayItems(
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

  /** Issue 31: a request's place, taken only while it names the request read (or was never used). */
  const pendingPlacePut = (booking: BookingRecord, claim: PendingPlaceClaim): TransactItem => ({
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

  const primaryKey = (booking: BookingRecord) =>
    keys.booking(booking.hostId, utcDay(Date.parse(booking.start)), booking.start, booking.id);

  const refItem = (booking: BookingRecord): TransactItem => ({
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
          else if (item.type === 'Booking' || item.type === HOLD) bookings.push(toBooking(item));
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return { bookings, dayVersions };
    },

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
        {
          Put: {
            TableName: tableName,
            Item: {
              ...primaryKey(booking),
              ...keys.bookingIndex(booking.start, booking.id),
              type: 'Booking',
              ...booking,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        refItem(booking),
        ...dayItems(booking.hostId, lockDays, checkDays),
        // A team booking: every other assigned member's days and their holds (issue 28).
        ...(members ?? []).flatMap((member) => dayItems(member.hostId, member.lockDays, member.checkDays)),
        ...holdPuts(booking, holdCalendars),
      ];
      const old = replaces?.booking;
      const takeBack = old ? counterChanges(old, -1) : [];
      const bump = roundRobin
        ? [counterUpdate(roundRobin.eventId, roundRobin.month, roundRobin.userId, 1, roundRobin.at)]
        : [];
      const sameCounter =
        takeBack.length > 0 &&
        bump.length > 0 &&
        JSON.stringify(takeBack[0]!.Update!.Key) === JSON.stringify(bump[0]!.Update!.Key);
      // A reschedule kept in the same member's same month: the count stays (one item cannot be written twice).
      if (!sameCounter) transactItems.push(...bump, ...takeBack);
      if (replaces && old) {
        transactItems.push(
          ...holdUpdates(old, {
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
      if (pendingPlace) transactItems.push(pendingPlacePut(booking, pendingPlace));
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
          const found = await this.findById(bookingId);
          return { place: Number(item.place), holder: { bookingId, booking: found } };
        }),
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

    async setNoShow(booking, noShow) {
      if (isTeamBooking(booking)) {
        if (booking.status !== 'confirmed') throw new BookingChanged('Only a confirmed booking has a no-show');
        await transactOrChanged([
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
          ...holdUpdates(booking, { expression: 'SET noShow = :noShow', values: { ':noShow': noShow } }),
        ]);
        return { ...booking, noShow };
      }
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

    async reassign({ from, to, lockDays, checkDays }) {
      const version = versionOf(from);
      const items: TransactItem[] = [
        {
          Delete: {
            TableName: tableName,
            Key: primaryKey(from),
            ConditionExpression:
              version === 1
                ? '#status = :read AND (attribute_not_exists(#version) OR #version = :version)'
                : '#status = :read AND #version = :version',
            ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
            ExpressionAttributeValues: { ':read': from.status, ':version': version },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: { ...primaryKey(to), ...keys.bookingIndex(to.start, to.id), type: 'Booking', ...to },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        refItem(to),
        ...dayItems(to.hostId, lockDays, checkDays),
        // The other hosts' holds name the new member (their own calendar fields stay).
        ...holdUpdates(to, {
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
        ...counterChanges(from, -1),
        ...(to.assignment ? [counterUpdate(to.eventId, to.createdAt.slice(0, 7), to.assignment.userId, 1)] : []),
      ];
      // The leaving member's hold, if they held one besides the booking itself.
      for (const member of from.hostIds ?? []) {
        if (member !== from.hostId && !(to.hostIds ?? []).includes(member)) {
          items.push({
            Delete: {
              TableName: tableName,
              Key: keys.booking(member, utcDay(Date.parse(from.start)), from.start, from.id),
            },
          });
        }
      }
      try {
        await db.send(new TransactWriteCommand({ TransactItems: items }));
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        if (error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') {
          throw new BookingChanged('The booking changed since it was read', { cause: error });
        }
        throw new WriteConflict('A day of the new host changed meanwhile', { cause: error });
      }
    },

    async dropHost(booking, leaving) {
      const hostIds = (booking.hostIds ?? []).filter((id) => id !== leaving);
      if (hostIds.length === 0 || hostIds.length === (booking.hostIds ?? []).length) return booking;
      const hostNames = (booking.hostIds ?? []).flatMap((id, index) =>
        id === leaving ? [] : [booking.hostNames?.[index] ?? ''],
      );
      const version = versionOf(booking);
      const asRead = {
        ConditionExpression:
          version === 1
            ? '#status = :read AND (attribute_not_exists(#version) OR #version = :version)'
            : '#status = :read AND #version = :version',
        ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
        ExpressionAttributeValues: { ':read': booking.status, ':version': version },
      };
      const leavingCopy = keys.booking(leaving, utcDay(Date.parse(booking.start)), booking.start, booking.id);
      if (booking.hostId !== leaving) {
        // A copy holder leaves: the booking and the other copies name the hosts left; the leaver's copy goes.
        const after: BookingRecord = { ...booking, hostIds, hostNames };
        await transactOrChanged([
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
          ...holdUpdates(after, {
            expression: 'SET hostIds = :hostIds, hostNames = :hostNames',
            values: { ':hostIds': hostIds, ':hostNames': hostNames },
          }),
          { Delete: { TableName: tableName, Key: leavingCopy } },
        ]);
        return after;
      }
      // The first host leaves: the next host's copy becomes the booking, with that host's own calendar fields.
      const next = hostIds[0]!;
      const nextKey = keys.booking(next, utcDay(Date.parse(booking.start)), booking.start, booking.id);
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
      await transactOrChanged([
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
        refItem(after),
        ...holdUpdates(after, {
          expression: 'SET hostId = :hostId, hostIds = :hostIds, hostNames = :hostNames',
          values: { ':hostId': next, ':hostIds': hostIds, ':hostNames': hostNames },
        }),
      ]);
      return after;
    },

    async findById(id) {
      const { Item: ref } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.bookingRef(id), ConsistentRead: true }),
      );
      if (!ref || typeof ref.hostId !== 'string' || typeof ref.start !== 'string') return null;
      return this.find(ref.hostId, ref.start, id);
    },

    async clearCalendarPending(booking) {
      // A team member's copy (read from their partition by their calendar's sync) clears its own mark.
      const holder = (booking as BookingRecord & { heldBy?: string }).heldBy ?? booking.hostId;
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.booking(holder, utcDay(Date.parse(booking.start)), booking.start, booking.id),
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
