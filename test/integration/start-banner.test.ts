import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp, type RunningApp } from '#test/support/app-process';

/**
 * What a newcomer sees on `npm start` (issue 15, item 15): one host name throughout, the mail viewer on PORT+2 so it
 * can be bookmarked, no developer lines at the default log level, and a second start refused at once, before it
 * spends a minute building the front end.
 */

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

const banner = () => app.output().slice(app.output().indexOf('Meetwise is running.'));

describe('the start banner', () => {
  it('names localhost only, with the mail viewer on PORT+2', () => {
    const port = Number(new URL(app.baseUrl).port);
    expect(banner()).not.toContain('127.0.0.1');
    expect(banner()).toContain(`App:          http://localhost:${port}`);
    expect(banner()).toContain(`Mail viewer:  http://localhost:${port + 2} (every e-mail the app sends)`);
  });

  it('keeps the developer lines (table and settings created) for LOG_LEVEL=debug', () => {
    expect(banner()).not.toMatch(/Booking settings|created|existing/);
    expect(banner()).toMatch(/DynamoDB: {5}http:\/\/localhost:\d+ \(table "meetwise"; data in /);
    expect(banner()).toContain('Demo host: Jordan Avery');
    expect(banner()).toContain('/book/intro-call');
  });

  it('refuses a second start on the same data at once, before building', async () => {
    const port = new URL(app.baseUrl).port;
    const second = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--build'], {
      env: { ...process.env, PORT: port, DATA_DIR: app.dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    second.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    second.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((done) => second.once('exit', done));
    expect(code).toBe(1);
    expect(output).toContain('Meetwise is already running');
    expect(output).not.toContain('Building the front end');
  }, 60_000);
});
