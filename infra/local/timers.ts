import type { Context } from 'aws-lambda';

import { timerJobTable } from '#shared/jobs';
import type { TableTimers } from '#functions/adapters/dynamodb/table-timers';
import type { BookingTimer, TimerPayload } from '#functions/ports/timers';
import { localJobTimeoutMs, localLambdaContext, localLeaseMs } from '#infra/local/lambda-context';
import { runLeasedPasses, type LocalQueue } from '#infra/local/queue-runner';

/** What EventBridge Scheduler hands a timer job's Lambda: the payload as the event, and a context. */
type TimerJobHandler = (payload: TimerPayload, context: Context) => Promise<unknown>;

/**
 * The local stand-in for EventBridge Scheduler, a runner of the table's timer queue as the queue jobs' are
 * (infra/local/queue-runner.ts runLeasedPasses): every `everyMs` (default 1 s; `idleEveryMs` once idle) one pass asks
 * the table for the timers due by `clock()`, claims each (a lease: functions/src/adapters/dynamodb/table-timers.ts),
 * fires it and then removes it. Firing calls the handler of the timer job whose kind matches the payload (the same
 * module the cloud runs); a fire that throws is logged and keeps its timer, which comes due again when its lease ends.
 * Passes never overlap: `tick()` runs one after any pass in progress and answers how many timers it fired successfully
 * (tests drive it with a moved clock); an interval pass that comes round while one runs is skipped. Timers are items,
 * so after a restart every timer that came due meanwhile fires at the first pass, and one that was firing when the
 * process died fires once its lease ends; two runners over one table fire a timer once, since only one of them can
 * claim it. `stop()` ends the passes, and a pass in progress claims no more timers.
 * Each fire gets a Lambda context whose deadline is the timer jobs' timeout (infra/local/lambda-context.ts): a
 * once-only record a killed fire left "in progress" has expired by the time the timer's lease ends and it fires again.
 */
export function startLocalTimers(options: {
  timers: TableTimers;
  clock?: () => Date;
  everyMs?: number;
  /** The pace once idle (infra/local/pass-pace.ts; default 4 s); `nudge()` brings `everyMs` back. */
  idleEveryMs?: number;
  /** Called after a pass that claimed a timer (the lifecycle nudges the other runners: its mail follows). */
  onWork?: () => void;
  /**
   * How long a claimed timer stays with this runner before it may fire again (default six times the timer jobs'
   * timeout, 3 minutes; never less than the timeout).
   */
  leaseMs?: number;
  fire?: (timer: BookingTimer) => Promise<void>;
  log?: (line: string) => void;
}): LocalQueue {
  const { timers, clock = () => new Date(), fire = fireTimerJob } = options;
  const leaseMs = Math.max(options.leaseMs ?? localLeaseMs('timer'), localJobTimeoutMs('timer'));
  const fail = options.log ?? ((line: string) => console.error(line));

  // One timer at a time (batches of one): fired, then removed.
  const hand = async (batch: BookingTimer[]): Promise<number> => {
    const timer = batch[0]!;
    try {
      await fire(timer);
    } catch (error) {
      fail(`Timer ${timer.name} (${timer.payload.kind}) failed; it fires again after its lease: ${messageOf(error)}`);
      return 0;
    }
    options.log?.(`Timer ${timer.name} (${timer.payload.kind}) fired`);
    try {
      await timers.done(timer.name);
    } catch (error) {
      // The job ran: the timer fires again after its lease, which its job's re-check makes harmless.
      fail(`Timer ${timer.name} fired but was not removed: ${messageOf(error)}`);
    }
    return 1;
  };

  return runLeasedPasses({
    source: timers,
    clock,
    leaseMs,
    batchSize: 1,
    hand,
    everyMs: options.everyMs,
    idleEveryMs: options.idleEveryMs,
    onWork: options.onWork,
    passFailed: (error) => fail(`Timer pass failed: ${messageOf(error)}`),
  });
}

/** Calls the handler of the timer job that handles the payload's kind, as EventBridge Scheduler invokes its Lambda. */
async function fireTimerJob(timer: BookingTimer): Promise<void> {
  const job = timerJobTable.find((entry) => entry.kind === timer.payload.kind);
  if (!job) throw new Error(`No timer job handles the kind ${timer.payload.kind}`);
  const { handler } = (await import(`../../functions/src/jobs/${job.name}.ts`)) as { handler: TimerJobHandler };
  await handler(timer.payload, localLambdaContext(job.name, localJobTimeoutMs('timer')));
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
