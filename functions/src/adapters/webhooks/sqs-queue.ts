import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';

import type { WebhookQueue } from '#functions/ports/webhooks';

/** SQS delays a message by at most 15 minutes (DelaySeconds ≤ 900). */
export const SQS_MAX_DELAY_SECONDS = 900;

/**
 * The webhook delivery queue in the cloud: one SQS message per attempt, delayed until its `notBefore`. A wait longer
 * than SQS's 15 minutes (the retries after 30 min, 2 h, 5 h and 10 h) is made of hops: the message is delayed 15
 * minutes, and the delivery job, handed it before its time, sends it on with what is left (functions/src/app/
 * webhook-delivery.ts). Each hop costs one SendMessage, one receive, one delete and one short invocation (priced in
 * docs/scale.md); no other service and no state beside the message.
 */
export function sqsWebhookQueue(queueUrl: string, client: Pick<SQSClient, 'send'>): WebhookQueue {
  return {
    async send(message, now) {
      const wait = Math.ceil((Date.parse(message.notBefore) - now.getTime()) / 1000);
      const delaySeconds = Number.isFinite(wait) ? Math.min(Math.max(wait, 0), SQS_MAX_DELAY_SECONDS) : 0;
      await client.send(
        new SendMessageCommand({
          QueueUrl: queueUrl,
          MessageBody: JSON.stringify(message),
          DelaySeconds: delaySeconds,
        }),
      );
    },
  };
}

export const sqsClient = (region: string) => new SQSClient({ region });
