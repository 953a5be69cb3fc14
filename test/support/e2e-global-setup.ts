import type { TestProject } from 'vitest/node';

import { startApp } from '#test/support/app-process';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eAppBaseUrl: string;
    e2eMailViewer: string;
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
  return () => app.stop();
}
