import { ChangeMessageVisibilityCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';

import type { MailQueue } from '#functions/ports/mail';

/**
 * The booking mail queue in the cloud (issue 30): one SQS message per mail, its body the QueuedMail as JSON (a
 * composed mail with its calendar file: a few KB, far under SQS's 256 KB). `retryAfter` is ChangeMessageVisibility on
 * the message the consumer was handed: with the partial batch failure it reports, SQS hands the message over again
 * after that wait (the backoff of a throttled send) rather than after the queue's visibility timeout.
 */
export function sqsMailQueue(queueUrl: string, client: Pick<SQSClient, 'send'>): MailQueue {
  return {
    async send(message) {
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }));
    },
    async retryAfter(receipt, seconds) {
      await client.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: queueUrl,
          ReceiptHandle: receipt,
          VisibilityTimeout: Math.max(0, Math.min(Math.round(seconds), 43_200)),
        }),
      );
    },
  };
}
