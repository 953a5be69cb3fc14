import type { Metrics } from '#functions/ports/core';

/**
 * A mailer (plain or booking mail), counting each message handed over (EmailSent) or refused (EmailFailed)
 * (docs/operations.md).
 */
export function countingMailer<M extends { send(mail: never): Promise<string> }>(mailer: M, metrics: Metrics): M {
  return {
    async send(mail: Parameters<M['send']>[0]) {
      try {
        const id = await mailer.send(mail);
        metrics.count('EmailSent');
        return id;
      } catch (error) {
        metrics.count('EmailFailed');
        throw error;
      }
    },
  } as M;
}
