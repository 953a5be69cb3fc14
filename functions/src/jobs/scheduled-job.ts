import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';

import { powertoolsRootLogger, publishMetrics } from '#functions/adapters/observability/powertools';

/**
 * Wraps a scheduled job (shared/jobs.ts) as a Lambda handler, as route-handler.ts does for routes (docs/operations.md):
 * the Powertools logger learns the Lambda context, the counts the job made (Google failures, e-mails) leave as one EMF
 * line when it ends, and the Powertools tracer records the run with every HTTPS call to Google as a subsegment. The
 * tracer pays here, in a job that calls Google for every connected host and has no bundle budget; it is off outside
 * Lambda. A job answers what its run did (counts).
 */
export function scheduledJob<T>(name: string, work: () => Promise<T>) {
  return eventJob<unknown, T>(name, () => work());
}

/**
 * The same wrapper for a job that reads its event: a stream batch (notifyBookingChanges), a timer's payload
 * (sendReminder), an SNS message (recordMailSuppression).
 */
export function eventJob<E, T>(name: string, work: (event: E, context: Context) => Promise<T>) {
  const tracer = new Tracer({ serviceName: name });
  return middy<E, T, Error, Context>((event: E, context: Context) => work(event, context))
    .use(injectLambdaContext(powertoolsRootLogger(), { resetKeys: true }))
    .use(captureLambdaHandler(tracer, { captureResponse: false }))
    .use({ after: publishMetrics, onError: publishMetrics });
}
