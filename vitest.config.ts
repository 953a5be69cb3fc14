import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Four projects, all run by `npm test`:
 * - unit: pure code (domain, schemas, http wrapper with fakes), no servers;
 * - integration: handlers through the route table against DynamoDB Local and the SES emulator (started once per run);
 * - infra: CDK assertions on the synthesized template;
 * - e2e: Playwright (playwright-core + Debian's chromium) against the whole local stack started on free ports.
 */
export default defineConfig({
  test: {
    // Two files at a time (vitest's default is one on two cores): most of an integration file's time is spent waiting
    // on DynamoDB Local and the app's own I/O. The browser files keep one worker (their project's maxWorkers).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Metrics are counted but not printed as EMF lines (docs/operations.md); a test that checks them turns them on.
    env: { POWERTOOLS_METRICS_DISABLED: 'true' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // Pure code: the files share their workers' module cache instead of each loading the functions, shared/ and
          // the front end again (a file that changes the environment or the modules puts them back after it).
          isolate: false,
          // Nothing here waits on anything but the CPU: the property tests' fixed runs take 2-4 s alone, and the
          // default 5 s measured the machine's load (the checks run beside them, test/npm-test.ts), not the code.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/peers-global-setup.ts'],
          // The files share their worker's process, which keeps the packages they load (the AWS SDK alone took seconds
          // a file); each starts with the environment and the project's modules as new (test/support/fresh-file.ts).
          isolate: false,
          setupFiles: ['test/support/fresh-file.ts'],
          unstubGlobals: true,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      { extends: true, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 300_000 } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // One app and one Chromium for the run (test/support/e2e-global-setup.ts); the files against the fake Google
          // and the fake Stripe share one more app (test/support/fakes-app.ts).
          globalSetup: ['test/support/e2e-global-setup.ts'],
          // After the other projects when one vitest runs all four (`npm run test:all`); `npm test` runs this project in
          // a vitest of its own beside them (test/npm-test.ts).
          sequence: { groupOrder: 1 },
          // One file after the other in one worker that keeps its modules: the fakes and their app are started once.
          fileParallelism: false,
          maxWorkers: 1,
          isolate: false,
          // A browser on a busy 2-core machine may need more than the default 1 s to show what a test waits for.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
