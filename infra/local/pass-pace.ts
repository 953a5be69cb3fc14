/** The idle pace of the local runners that back off (4 s: a first mail after a quiet spell goes within it). */
export const IDLE_EVERY_MS = 4000;

/**
 * When a local runner's next pass comes (the stream pollers', the table queues', the timers'): `everyMs` after the
 * last one ended while there is work, and `idleEveryMs` once `idleAfter` passes in a row found none, so an idle app's
 * stand-ins read DynamoDB Local a few times a minute instead of several times a second. `nudge()` (a write through the
 * app, a timer fired, work another runner handed on) brings the quick pace back at once: the next pass comes within
 * `everyMs`, as it did before any idling. Passes never overlap: the next is planned when one ends.
 */
export interface PassPace {
  nudge(): void;
  stop(): void;
}

export interface PassPaceOptions {
  /** One pass: answers how much work it found (0: none); a pass that throws counts as one that found none. */
  pass: () => Promise<number>;
  everyMs: number;
  /** The pace once idle (default: `everyMs`, never idle). */
  idleEveryMs?: number;
  /** How many passes in a row that found nothing make the runner idle (default 10). */
  idleAfter?: number;
}

export function pacePasses(options: PassPaceOptions): PassPace {
  const { pass, everyMs } = options;
  const idleEveryMs = Math.max(options.idleEveryMs ?? everyMs, everyMs);
  const idleAfter = Math.max(options.idleAfter ?? 10, 1);
  let emptyPasses = 0;
  let running = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** When the planned pass comes (Date.now()). */
  let dueAt = Infinity;

  const plan = (waitMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    dueAt = Date.now() + waitMs;
    timer = setTimeout(() => void run(), waitMs);
    timer.unref();
  };

  const run = async () => {
    dueAt = Infinity;
    running = true;
    try {
      const found = await pass();
      emptyPasses = found > 0 ? 0 : emptyPasses + 1;
    } catch {
      emptyPasses++;
    } finally {
      running = false;
    }
    plan(emptyPasses >= idleAfter ? idleEveryMs : everyMs);
  };

  plan(everyMs);

  return {
    nudge() {
      emptyPasses = 0;
      // A running pass plans the next one at the quick pace when it ends; a planned one later than that comes sooner.
      if (!running && dueAt > Date.now() + everyMs) plan(everyMs);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
