import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

import { startApp, type RunningApp } from '#test/support/app-process';

/**
 * The browser tests' apps. The e2e project runs two workers, each taking one file after the other and keeping its
 * modules (vitest.config.ts): each worker's files share one app as `npm start` runs it, started by the first file
 * that asks, so no file meets the data of a file running beside it. Every app started here is noted in the run's
 * folder and stopped with the run (test/support/e2e-global-setup.ts); its `stop()` does nothing.
 */

let app: Promise<RunningApp> | undefined;

/** This worker's app, with the demo data (started at the first call). */
export function workerApp(): Promise<RunningApp> {
  return (app ??= startNotedApp());
}

/** An app configured by `env`, noted in the run's folder so the run stops it (the app against the fakes). */
export async function startNotedApp(env?: Record<string, string>): Promise<RunningApp> {
  const started = await startApp(env ? { env } : {});
  writeFileSync(
    join(inject('e2eRunDir'), `app-${started.pid}.json`),
    JSON.stringify({ pid: started.pid, dataDir: started.dataDir }),
  );
  return { ...started, stop: async () => {} };
}
