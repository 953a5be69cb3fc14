import type { Context } from 'aws-lambda';

import { timerJobTable } from '#shared/jobs';
import type { TableTimers } from '#functions/adapters/dynamodb/table-timers';
import type { BookingTimer, TimerPayload } from '#functions/ports';
import { localJobTimeoutMs, localLambdaContext, localLeaseMs } from '#infra/local/lambda-context';

/** What EventBridge Scheduler hands a timer job's Lambda: the payload as the event, and a context. */
type TimerJobHandler = (payload: TimerPayload, context: Context) => Promise<unknown>;

/**
 * The local stand-in for EventBridge Scheduler: every `everyMs` (default 1 s) one pass asks the table for the timers
 * due by `clock()`, claims each (a lease: functions/src/adapters/dynamodb/table-timers.ts), fires it and then
 * removes it. Firing calls the handler of the timer job whose kind matches the payload (the same module the cloud
 * runs); a fire that throws is logged and keeps its timer, which comes due again when its lease ends. Passes never
 * overlap: `tick()` runs one after any pass in progress and answers how many timers it fired successfully (tests
 * drive it with a moved clock); an interval pass that comes round while one runs is skipped. Timers are items, so
 * after a restart every timer that came due meanwhile fires at the first pass, and one that was firing when the
 * process died fires once its lease ends; two runners over one table fire a timer once, since only one of them can
 * claim it. `stop()` ends the interval, and a pass in progress claims no more timers.
 * Each fire gets a Lambda context whose deadline is the timer jobs' timeout (infra/local/lambda-context.ts): a
 * once-only record a killed fire left "in progress" has expired by the time the timer's lease ends and it fires again.
 */
export function startLocalTimers(options: {
  timers: TableTimers;
  clock?: () => Date;
  everyMs?: number;
  /**
   * How long a claimed timer stays with this runner before it may fire again (default six times the timer jobs'
   * timeout, 3 minutes; never less than the timeout).
   */
  leaseMs?: number;
  fire?: (timer: BookingTimer) => Promise<void>;
  log?: (line: string) => void;
}): { tick(): Promise<number>; stop(): void } {
  const { timers, clock = () => new Date(), fire = fireTimerJob } = options;
  const leaseMs = Math.max(options.leaseMs ?? localLeaseMs('timer'), localJobTimeoutMs('timer'));
  const fail = options.log ?? ((line: string) => console.error(line));
  let stopped = false;
  let pending = 0;
  let last: Promise<unknown> = Promise.resolve();

  const pass = async (): Promise<number> => {
    let fired = 0;
    for (const due of await timers.due(clock())) {
      if (stopped) break;
      const timer = await timers.claim(due.name, clock(), leaseMs);
      if (!timer) continue; // Another runner has it.
      try {
        await fire(timer);
      } catch (error) {
        fail(`Timer ${timer.name} (${timer.payload.kind}) failed; it fires again after its lease: ${messageOf(error)}`);
        continue;
      }
      fired++;
      options.log?.(`Timer ${timer.name} (${timer.payload.kind}) fired`);
      try {
        await timers.done(timer.name);
      } catch (error) {
        // The job ran: the timer fires again after its lease, which its job's re-check makes harmless.
        fail(`Timer ${timer.name} fired but was not removed: ${messageOf(error)}`);
      }
    }
    return fired;
  };

  const tick = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    pending++;
    const result = last.then(pass).finally(() => pending--);
    last = result.catch(() => undefined);
    return result;
  };

  const interval = setInterval(() => {
    if (pending > 0) return; // The previous pass is still running: this one is skipped, not queued.
    tick().catch((error: unknown) => fail(`Timer pass failed: ${messageOf(error)}`));
  }, options.everyMs ?? 1000);
  interval.unref();

  return {
    tick,
    stop() {
      stopped = true;
      clearInterval(interval);
    },
  };
}

/** Calls the handler of the timer job that handles the payload's kind, as EventBridge Scheduler invokes its Lambda. */
async function fireTimerJob(timer: BookingTimer): Promise<void> {
  const job = timerJobTable.find((entry) => entry.kind === timer.payload.kind);
  if (!job) throw new Error(`No timer job handles the kind ${timer.payload.kind}`);
  const { handler } = (await import(`../../functions/src/jobs/${job.name}.ts`)) as { handler: TimerJobHandler };
  await handler(timer.payload, localLambdaContext(job.name, localJobTimeoutMs('timer')));
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
