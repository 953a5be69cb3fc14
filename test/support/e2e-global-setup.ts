import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

import { startApp } from '#test/support/app-process';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '#test/support/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eAppBaseUrl: string;
    e2eMailViewer: string;
    /** The app's DynamoDB Local and table, for tests that need what no page can make (test/support/app-table.ts). */
    e2eDynamoEndpoint: string;
    e2eTableName: string;
    /** Its DATA_DIR (the published booking pages are under site/). */
    e2eDataDir: string;
    /** The run's one Chromium, which every file connects to (test/support/browser.ts). */
    e2eBrowserEndpoint: string;
    /** Where a worker notes the apps it started itself (test/support/fakes-app.ts), so the run stops them at the end. */
    e2eRunDir: string;
  }
}

/**
 * The browser tests' app, started once per run as `npm start` starts it (its own free port and throw-away data
 * folder), and the run's one Chromium, both stopped after the last file: each file then connects to that browser and
 * opens its own contexts. A file that needs the app configured otherwise starts its own (browserStackPerFile({ env }));
 * the files against the fake Google and the fake Stripe share one more app (test/support/fakes-app.ts).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Browser tests need Debian's Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (bash .ci/run does it).`,
    );
  }
  const runDir = mkdtempSync(join(tmpdir(), 'meetwise-e2e-run-'));
  const [app, browser] = await Promise.all([
    startApp(),
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS }),
  ]);
  project.provide('e2eAppBaseUrl', app.baseUrl);
  project.provide('e2eMailViewer', app.mailViewer);
  project.provide('e2eDataDir', app.dataDir!);
  project.provide('e2eBrowserEndpoint', browser.wsEndpoint());
  project.provide('e2eRunDir', runDir);
  const banner = /DynamoDB:\s+(\S+) \(table "([^"]+)"/.exec(app.output());
  if (!banner) throw new Error(`No DynamoDB line in the banner:\n${app.output()}`);
  project.provide('e2eDynamoEndpoint', banner[1]!.replace('//localhost:', '//127.0.0.1:'));
  project.provide('e2eTableName', banner[2]!);
  return async () => {
    await Promise.all([browser.close(), app.stop(), stopNotedApps(runDir)]);
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
