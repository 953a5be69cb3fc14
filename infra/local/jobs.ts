import type { Context } from 'aws-lambda';

import { jobTable, type JobDefinition } from '#shared/jobs';
import { localJobTimeoutMs, localLambdaContext } from '#infra/local/lambda-context';

type JobHandler = (event: unknown, context: Context) => Promise<unknown>;

/**
 * The local stand-in for the EventBridge rules: calls each job's handler (the same module the cloud runs) at its
 * rate, never two runs of one job at once. Answers a function that stops them.
 */
export function startLocalJobs(
  options: { log?: (line: string) => void; table?: readonly JobDefinition[] } = {},
): () => void {
  const timers = (options.table ?? jobTable).map((job) => {
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        const { handler } = (await import(`../../functions/src/jobs/${job.name}.ts`)) as { handler: JobHandler };
        // What EventBridge hands a scheduled Lambda: an event (unused) and a context naming the function and the run,
        // with the function's timeout as its deadline.
        const result = await handler({}, localLambdaContext(job.name, localJobTimeoutMs('scheduled')));
        options.log?.(`${job.name}: ${JSON.stringify(result)}`);
      } catch (error) {
        console.error(`Scheduled job ${job.name} failed:`, error);
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void run(), job.everyMinutes * 60_000);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
