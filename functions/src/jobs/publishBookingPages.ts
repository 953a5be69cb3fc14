import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

import { isRestoreWrite } from '#shared/jobs';
import { pageChangeFromImages } from '#functions/adapters/dynamodb/page-changes';
import {
  publishPagesFor,
  republishAll,
  type BookingPagesDeps,
  type PublishCounts,
} from '#functions/app/booking/booking-pages';
import { bookingPagesDeps } from '#functions/composition/pages';
import { eventJob } from '#functions/jobs/scheduled-job';

/** The invocation that renders every page again: after each deploy (infra/cdk/booking-pages.ts), and at `npm start`. */
export interface RepublishAllEvent {
  republishAll: true;
}

const isRepublishAll = (event: unknown): event is RepublishAllEvent =>
  typeof event === 'object' && event !== null && (event as RepublishAllEvent).republishAll === true;

/**
 * The table's stream, filtered to the items a booking page shows (shared/jobs.ts): each record's two images say
 * which pages to render again or take down (publishPagesFor). Records are handled one by one in the shard's order;
 * a failed one is reported (partial batch failure) and comes again with those after it, and a publish is safe to
 * repeat. In the cloud an event source mapping calls it; on one machine the local runner's stream poller.
 */
export function publishHandler(deps: () => BookingPagesDeps) {
  const processor = new BatchProcessor(EventType.DynamoDBStreams);
  return eventJob<DynamoDBStreamEvent | RepublishAllEvent, DynamoDBBatchResponse | PublishCounts>(
    'publishBookingPages',
    (event, context) => {
      if (isRepublishAll(event)) return republishAll(deps());
      const record = async (change: DynamoDBRecord) => {
        // A restore's own write (npm run table:copy): silent; the operator republishes the pages when ready.
        if (isRestoreWrite(change)) return;
        await publishPagesFor(
          deps(),
          pageChangeFromImages(change.dynamodb?.OldImage as never, change.dynamodb?.NewImage as never),
        );
      };
      return processPartialResponse(event, record, processor, { context, processInParallel: false });
    },
  );
}

export const handler = publishHandler(bookingPagesDeps);
