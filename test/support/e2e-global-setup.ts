import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#test/support/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium, which every file connects to (test/support/browser.ts). */
    e2eBrowserEndpoint: string;
    /** Where a worker notes the apps it started (test/support/worker-app.ts), so the run stops them at the end. */
    e2eRunDir: string;
  }
}

/**
 * The run's one Chromium, stopped after the last file, with the apps the workers started: each file connects to that
 * browser and opens its own contexts. Each worker's files share an app the worker starts as `npm start` starts it
 * (test/support/worker-app.ts); a file that needs the app configured otherwise starts its own
 * (browserStackPerFile({ env })); a worker's files against the fake Google and the fake Stripe share one more app
 * (test/support/fakes-app.ts).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Browser tests need Debian's Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (bash .ci/run does it).`,
    );
  }
  const runDir = mkdtempSync(join(tmpdir(), 'meetwise-e2e-run-'));
  const browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  project.provide('e2eBrowserEndpoint', browser.wsEndpoint());
  project.provide('e2eRunDir', runDir);
  return async () => {
    await Promise.all([browser.close(), stopNotedApps(runDir)]);
    rmSync(runDir, { recursive: true, force: true });
  };
}

/** Apps a worker started and noted (`{pid, dataDir}` per file): their process groups ended, their data removed. */
async function stopNotedApps(runDir: string): Promise<void> {
  for (const name of readdirSync(runDir)) {
    const { pid, dataDir } = JSON.parse(readFileSync(join(runDir, name), 'utf8')) as { pid: number; dataDir: string };
    for (const signal of ['SIGINT', 'SIGKILL'] as const) {
      try {
        process.kill(-pid, signal);
      } catch {
        break; // the group is gone
      }
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && groupAlive(pid)) await new Promise((done) => setTimeout(done, 100));
      if (!groupAlive(pid)) break;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}
