import type { SNSEvent } from 'aws-lambda';

import { recordMailFeedback } from '#functions/app/mail/mail-feedback';
import { coreDeps, mailSuppressions } from '#functions/composition';
import { eventJob } from '#functions/jobs/scheduled-job';

/** SES bounce and complaint events (the configuration set's SNS topic) → the suppression list (mail-feedback.ts). */
export const handler = eventJob<SNSEvent, { suppressed: number }>('recordMailSuppression', async (event) => {
  const deps = { ...coreDeps(), mailSuppressions: mailSuppressions() };
  let suppressed = 0;
  for (const record of event.Records) suppressed += await recordMailFeedback(deps, record.Sns.Message);
  return { suppressed };
});
