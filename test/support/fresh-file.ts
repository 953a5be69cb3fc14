import { vi } from 'vitest';

/**
 * Runs before each integration file (its project's setupFiles). The files share their worker's process
 * (`isolate: false`): Node keeps the packages it loaded (the AWS SDK, Powertools, zod…), which each file loaded again
 * in a process of its own before, while this puts back what a file may change for the next one:
 * - the environment, as the first file found it (a file's variables, such as the fake Google's address, and the
 *   SITE_URL of its app server, are its own);
 * - the project's own modules, evaluated again on first import: a handler reads its configuration and builds its
 *   adapters once, as on a Lambda's cold start, and a file's handlers start cold with the file's environment.
 */
const key = Symbol.for('meetwise.integration.firstEnvironment');
const kept = globalThis as { [key]?: Record<string, string | undefined> };
const first = (kept[key] ??= { ...process.env });
for (const name of Object.keys(process.env)) if (!(name in first)) delete process.env[name];
Object.assign(process.env, first);
vi.resetModules();
