import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { primaryKey } from '#functions/adapters/dynamodb/bookings/items';
import type { BookingRecord } from '#functions/domain/records';
import type { BookingLedger } from '#functions/ports/bookings';

/** The calendar change a booking (or a host's copy) still owes, cleared once done. */
export type BookingCalendarMark = Pick<BookingLedger, 'clearCalendarPending'>;

export function dynamoBookingCalendarMark(db: DynamoDBDocumentClient, tableName: string): BookingCalendarMark {
  return {
    async clearCalendarPending(booking) {
      // A team member's copy (read from their partition by their calendar's sync) clears its own mark.
      const holder = (booking as BookingRecord & { heldBy?: string }).heldBy ?? booking.hostId;
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: primaryKey(booking, holder),
          UpdateExpression: 'REMOVE calendarPending',
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
    },
  };
}
