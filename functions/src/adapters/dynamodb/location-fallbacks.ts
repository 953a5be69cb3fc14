import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import type { LocationFallbackRecord } from '#functions/domain/records';
import type { LocationFallbacks } from '#functions/ports/events';

const TYPE = 'LocationFallback';
const KEEP_SECONDS = 7 * 86_400;

/**
 * The hosts' "your Google Meet event types now use a video call" notes (issue 30): one item each, whose insertion the
 * stream turns into the host's mail (shared/jobs.ts filters on its `type`).
 */
export function dynamoLocationFallbacks(db: DynamoDBDocumentClient, tableName: string): LocationFallbacks {
  return {
    async record(note) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.locationFallback(note.id),
            type: TYPE,
            ...note,
            expiresAt: Math.floor(Date.parse(note.createdAt) / 1000) + KEEP_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
  };
}

/** The note in a stream image, or null for any other item. */
export function locationFallbackFromImage(
  image: Record<string, AttributeValue> | undefined,
): LocationFallbackRecord | null {
  if (!image) return null;
  const item = unmarshall(image);
  if (item.type !== TYPE) return null;
  return {
    id: String(item.id),
    hostId: String(item.hostId),
    events: (item.events as LocationFallbackRecord['events']).map((event) => ({
      id: Number(event.id),
      title: String(event.title),
      slug: String(event.slug),
    })),
    bookings: Number(item.bookings),
    createdAt: String(item.createdAt),
  };
}
