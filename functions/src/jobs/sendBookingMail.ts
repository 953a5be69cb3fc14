import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

import { sendQueuedMails, type MailSendDeps } from '#functions/app/mail/mail-queue';
import { bookingMailQueueDeps, coreDeps } from '#functions/composition';
import { eventJob } from '#functions/jobs/scheduled-job';
import type { QueuedMail } from '#functions/ports/mail';

/** A queued message's body, read: a body that is not one goes to the dead-letter queue (after its receives). */
export function queuedMailOf(body: string): QueuedMail {
  const message = JSON.parse(body) as Partial<QueuedMail>;
  const mail = message.mail as Partial<QueuedMail['mail']> | undefined;
  if (
    typeof message.id !== 'string' ||
    !mail ||
    !Array.isArray(mail.to) ||
    typeof mail.subject !== 'string' ||
    typeof mail.text !== 'string' ||
    typeof mail.html !== 'string'
  ) {
    throw new Error('Not a queued booking mail.');
  }
  return message as QueuedMail;
}

/**
 * The booking mail queue's job (issue 30): sends the batch at the pace SES allows, each mail once, a reminder only if
 * its booking still calls for it (app/mail/mail-queue.ts). The messages it reports failed (throttled, failed, no time left,
 * or not readable) come back after their backoff; the others are deleted. In the cloud an SQS event source mapping
 * calls it (batches of 10, at most 2 at once); on one machine the local runner's queue (infra/local/queue-runner.ts),
 * with the same event shape. The Lambda context is given to the OnceGuard, so a mail left "in progress" by an
 * invocation that timed out expires with it.
 */
export function sendMailHandler(
  deps: () => MailSendDeps & { once: { registerLambdaContext?(context: unknown): void } },
) {
  return eventJob<SQSEvent, SQSBatchResponse>('sendBookingMail', async (event, context) => {
    const given = deps();
    given.once.registerLambdaContext?.(context);
    const unreadable: string[] = [];
    const records = event.Records.flatMap((record) => {
      try {
        return [
          {
            messageId: record.messageId,
            receipt: record.receiptHandle,
            receives: Number(record.attributes.ApproximateReceiveCount) || 1,
            message: queuedMailOf(record.body),
          },
        ];
      } catch (error) {
        given.logger.error('Not a queued booking mail', { messageId: record.messageId, error: String(error) });
        unreadable.push(record.messageId);
        return [];
      }
    });
    const result = await sendQueuedMails(given, records, () => context.getRemainingTimeInMillis());
    given.logger.info('Booking mail batch', {
      received: event.Records.length,
      sent: result.sent,
      skipped: result.skipped,
      retry: result.retry.length,
      throttled: result.throttled,
    });
    return {
      batchItemFailures: [...unreadable, ...result.retry].map((itemIdentifier) => ({ itemIdentifier })),
    };
  });
}

export const handler = sendMailHandler(() => ({ ...coreDeps(), ...bookingMailQueueDeps() }));
