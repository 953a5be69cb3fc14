import * as z from 'zod/mini';

import { feedbackAddress } from '#shared/email-address';
import type { Clock, Logger } from '#functions/ports/core';
import type { MailSuppressions } from '#functions/ports/mail';

/**
 * SES tells us (through the configuration set's SNS destination) when booking mail bounced or its recipient
 * complained. A permanent bounce or a complaint puts the address on the suppression list: it gets no more booking
 * mail (a transient bounce, a full mailbox, does not). Event publishing names the kind `eventType`, the older
 * identity notifications `notificationType`; both are read. Each address is recorded normalised (issue 31:
 * shared/email-address.ts), so a booking naming it in another case is not mailed again.
 */
const recipients = z.array(z.object({ emailAddress: z.string() }));
const feedback = z.object({
  eventType: z.optional(z.string()),
  notificationType: z.optional(z.string()),
  bounce: z.optional(z.object({ bounceType: z.string(), bouncedRecipients: recipients })),
  complaint: z.optional(z.object({ complainedRecipients: recipients })),
  mail: z.optional(z.object({ timestamp: z.optional(z.string()) })),
});

export type MailFeedbackDeps = { mailSuppressions: MailSuppressions; clock: Clock; logger: Logger };

/** One SES notification (the SNS message's text): answers how many addresses were suppressed. */
export async function recordMailFeedback(deps: MailFeedbackDeps, message: string): Promise<number> {
  let parsed;
  try {
    parsed = feedback.safeParse(JSON.parse(message));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) {
    deps.logger.warn('An SES notification that is not a bounce or complaint was ignored');
    return 0;
  }
  const note = parsed.data;
  const kind = note.eventType ?? note.notificationType;
  const at = deps.clock.now();
  const addresses =
    kind === 'Complaint'
      ? (note.complaint?.complainedRecipients ?? []).map((r) => ({
          email: feedbackAddress(r.emailAddress),
          reason: 'complaint' as const,
        }))
      : kind === 'Bounce' && note.bounce?.bounceType === 'Permanent'
        ? note.bounce.bouncedRecipients.map((r) => ({
            email: feedbackAddress(r.emailAddress),
            reason: 'bounce' as const,
          }))
        : [];
  for (const { email, reason } of addresses) await deps.mailSuppressions.suppress(email, reason, at);
  if (addresses.length) deps.logger.info('Addresses suppressed after SES feedback', { count: addresses.length, kind });
  return addresses.length;
}
