import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '#infra/local/ports';

export interface RunningApp {
  baseUrl: string;
  mailViewer: string;
  output: () => string;
  /** The runner's own process (its peers run under watchdogs in the same process group). */
  pid?: number;
  dataDir?: string;
  stop(): Promise<void>;
}

/**
 * Starts the real local runner (`infra/local/start.ts`, what `npm start` runs after building) as its own process
 * group on a free port with a throw-away data folder, waits for its banner, and stops the whole group at the end.
 * `env`: more configuration (e.g. the fake Google's address).
 */
export async function startApp(options: { env?: Record<string, string>; dataDir?: string } = {}): Promise<RunningApp> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppOnce(options);
    } catch (error) {
      // Another program took the free port before the app listened on it: another port, as a person would (not
      // with a data folder of the caller's, which a failed start has removed).
      if (!(error instanceof PortTaken) || options.dataDir || attempt === 3) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startAppOnce(options: { env?: Record<string, string>; dataDir?: string }): Promise<RunningApp> {
  // PORT+2 free too: the app's mail viewer takes it when it is (infra/local/start.ts), as the start banner test expects.
  const port = await freePort({ alsoFree: [2] });
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'meetwise-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    // The browser tests book and register far more often from 127.0.0.1 than a person could.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000',
      // Cheap password hashes for the accounts they make (one machine only; config/passwords.ts).
      PASSWORD_HASH_COST: 'low',
      ...options.env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      process.kill(-child.pid!, 'SIGINT');
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // the group is gone already
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  while (!output.includes('Meetwise is running.')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      const Failure = /EADDRINUSE|is already in use by another program/.test(output) ? PortTaken : Error;
      throw new Failure(`The app did not start:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  const mailViewer = /Mail viewer:\s+(\S+)/.exec(output)?.[1];
  if (!mailViewer) throw new Error(`No mail viewer URL in the banner:\n${output}`);
  return { baseUrl: `http://localhost:${port}`, mailViewer, output: () => output, pid: child.pid!, dataDir, stop };
}
