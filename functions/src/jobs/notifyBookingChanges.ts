import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

import { isRestoreWrite } from '#shared/jobs';
import { bookingFromImage } from '#functions/adapters/dynamodb/bookings/image';
import { locationFallbackFromImage } from '#functions/adapters/dynamodb/location-fallbacks';
import { invitationFromImage } from '#functions/adapters/dynamodb/teams';
import { mailLocationFallback, type LocationFallbackMailDeps } from '#functions/app/events/location-fallback-mail';
import { fanOutBookingChange, type FanOutDeps } from '#functions/app/integrations/webhook-delivery';
import { notifyBookingChange, type NotifyDeps } from '#functions/app/mail/booking-notices';
import { mailTeamInvitation, type InvitationMailDeps } from '#functions/app/teams/team-invitation-mail';
import {
  coreDeps,
  lifecycleDeps,
  mailer,
  teamRepository,
  webhookQueue,
  webhookRepository,
} from '#functions/composition';
import { eventJob } from '#functions/jobs/scheduled-job';

/**
 * The table's stream, filtered to booking items, new team invitations and new location fallback notes (shared/jobs.ts):
 * a booking's old and new images go to fanOutBookingChange (its webhook messages, issue 29: this job fans out, so the
 * stream keeps two readers) and notifyBookingChange, an invitation to mailTeamInvitation, a note that a host's Google
 * Meet event types became video calls to mailLocationFallback (issue 30). Records are processed one by one; the ones
 * that failed are reported (partial batch failure), so only they and what follows them on their shard come again;
 * what went out is never sent twice (OnceGuard).
 * In the cloud an event source mapping calls it; on one machine the local runner's stream poller.
 */
export function notifyHandler(
  deps: () => NotifyDeps &
    InvitationMailDeps &
    LocationFallbackMailDeps &
    FanOutDeps & { once: { registerLambdaContext?(context: unknown): void } },
) {
  const processor = new BatchProcessor(EventType.DynamoDBStreams);
  return eventJob<DynamoDBStreamEvent, DynamoDBBatchResponse>('notifyBookingChanges', (event, context) => {
    const given = deps();
    given.once.registerLambdaContext?.(context);
    const record = async (change: DynamoDBRecord) => {
      // A restore's own write (npm run table:copy): silent.
      if (isRestoreWrite(change)) return;
      // A new team invitation (issue 28): its mail.
      const invitation = change.eventName === 'INSERT' ? invitationFromImage(change.dynamodb?.NewImage as never) : null;
      if (invitation) return mailTeamInvitation(given, invitation);
      // A host's Google Meet event types became video calls (issue 30): the host's mail.
      const fallback =
        change.eventName === 'INSERT' ? locationFallbackFromImage(change.dynamodb?.NewImage as never) : null;
      if (fallback) return mailLocationFallback(given, fallback);
      const before = bookingFromImage(change.dynamodb?.OldImage as never);
      const after = bookingFromImage(change.dynamodb?.NewImage as never);
      // The webhooks it is for (issue 29): one message per subscribed endpoint, each queued once.
      await fanOutBookingChange(given, before, after);
      return notifyBookingChange(given, before, after);
    };
    // One after another, in the shard's order: a booking's creation is told before its cancellation.
    return processPartialResponse(event, record, processor, { context, processInParallel: false });
  });
}

export const handler = notifyHandler(() => ({
  ...coreDeps(),
  ...lifecycleDeps(),
  mailer: mailer(),
  teams: teamRepository(),
  webhooks: webhookRepository(),
  webhookQueue: webhookQueue(),
}));
