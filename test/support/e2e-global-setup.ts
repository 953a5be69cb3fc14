import type { TestProject } from 'vitest/node';

import { startApp } from '#test/support/app-process';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eAppBaseUrl: string;
    e2eMailViewer: string;
    /** The app's DynamoDB Local and table, for tests that need what no page can make (test/support/app-table.ts). */
    e2eDynamoEndpoint: string;
    e2eTableName: string;
    /** Its DATA_DIR (the published booking pages are under site/). */
    e2eDataDir: string;
  }
}

/**
 * The browser tests' app, started once per run as `npm start` starts it (its own free port and throw-away data
 * folder) and stopped after the last file: each file then starts only its browser. A file that needs the app
 * configured otherwise (Google sign-in against the fake Google) starts its own (browserStackPerFile({ env })).
 */
export default async function setup(project: TestProject) {
  const app = await startApp();
  project.provide('e2eAppBaseUrl', app.baseUrl);
  project.provide('e2eMailViewer', app.mailViewer);
  project.provide('e2eDataDir', app.dataDir!);
  const banner = /DynamoDB:\s+(\S+) \(table "([^"]+)"/.exec(app.output());
  if (!banner) throw new Error(`No DynamoDB line in the banner:\n${app.output()}`);
  project.provide('e2eDynamoEndpoint', banner[1]!.replace('//localhost:', '//127.0.0.1:'));
  project.provide('e2eTableName', banner[2]!);
  return () => app.stop();
}
