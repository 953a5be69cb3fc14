import { sendReminder, type NotifyDeps } from '#functions/app/mail/booking-notices';
import { coreDeps, lifecycleDeps } from '#functions/composition';
import { eventJob } from '#functions/jobs/scheduled-job';
import type { OnceGuard } from '#functions/ports/core';
import type { TimerPayload } from '#functions/ports/timers';

/**
 * A reminder timer fired (EventBridge Scheduler's one-time schedule; the local scheduler on one machine): its payload
 * names the booking, its start as the timer knew it and the offset; the reminder's mail is queued (issue 30: the mail
 * queue's consumer reads the booking again before it sends). A failure throws, so the scheduler retries.
 */
export function reminderHandler(
  deps: () => NotifyDeps & { once?: OnceGuard & { registerLambdaContext?(context: unknown): void } },
) {
  return eventJob<TimerPayload, unknown>('sendReminder', (payload, context) => {
    const given = deps();
    given.once?.registerLambdaContext?.(context);
    if (payload.kind !== 'reminder') throw new Error(`sendReminder was given a ${payload.kind} timer`);
    return sendReminder(given, payload);
  });
}

export const handler = reminderHandler(() => ({ ...coreDeps(), ...lifecycleDeps() }));
