import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

import { toBooking } from '#functions/adapters/dynamodb/bookings/items';
import type { BookingRecord } from '#functions/domain/records';

/**
 * A booking as a stream record's image carries it (DynamoDB's attribute-value map, as Lambda hands it over), or null
 * for an image of another kind of item or none.
 */
export function bookingFromImage(image: Record<string, AttributeValue> | undefined): BookingRecord | null {
  if (!image) return null;
  const item = unmarshall(image);
  return item.type === 'Booking' ? toBooking(item) : null;
}
