import type { Mailer, Metrics } from '#functions/ports';

/** The mailer, counting each message handed over (EmailSent) or refused (EmailFailed) (docs/operations.md). */
export function countingMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(mail) {
      try {
        const id = await mailer.send(mail);
        metrics.count('EmailSent');
        return id;
      } catch (error) {
        metrics.count('EmailFailed');
        throw error;
      }
    },
  };
}
