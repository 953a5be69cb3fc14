import { Overloaded } from '#functions/errors';

export interface WorkLaneOptions {
  /** Tasks run at once. */
  concurrency: number;
  /** Tasks allowed to wait for a turn; one more is refused at once. */
  queue: number;
  /** What a refused caller is told to wait before retrying. */
  retryAfterSeconds: number;
}

export const BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.';

/**
 * Bounds one kind of expensive work in this process (password hashing: 128 MiB and a libuv thread each): at most
 * `concurrency` tasks run, at most `queue` wait, and the next is refused with Overloaded (503 + Retry-After) before
 * it has done anything, so a flood is answered quickly and truthfully instead of timing out half-done.
 */
export function workLane(options: WorkLaneOptions) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < options.concurrency) running++;
    else if (waiting.length < options.queue) await new Promise<void>((turn) => waiting.push(turn));
    else throw new Overloaded(BUSY_MESSAGE, options.retryAfterSeconds);
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` never dips while others wait.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
