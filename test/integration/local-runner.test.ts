import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { dynamoJar, orphanedDynamoPids, UNINDEXED } from '#infra/local/peers';
import { freePort } from '#infra/local/ports';
import { startApp, type RunningApp } from '#test/support/app-process';

/**
 * The one-machine runner's peers live and die with it (issue 13, item 1): a DynamoDB Local left on the data folder
 * by an earlier run is stopped before a new one starts there, and a runner killed with SIGKILL takes its peers
 * with it. Linux only (/proc), like the reaping itself.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'meetwise-runner-'));
const workDir = join(dataDir, 'dynamodb');
let app: RunningApp | undefined;
afterAll(async () => {
  await app?.stop();
  for (const pid of orphanedDynamoPids(workDir)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const alive = (pid: number) => existsSync(`/proc/${pid}`);

/** Whether a TCP connection to host:port is accepted. */
const reachable = (host: string, port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
    socket.once('timeout', () => {
      socket.destroy();
      done(false);
    });
  });

async function until(check: () => boolean, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

describe.runIf(existsSync('/proc/self/cmdline'))('local runner peers', () => {
  it('stops a DynamoDB Local orphaned on its data folder, and its own peers end with it on SIGKILL', async () => {
    // An orphan: DynamoDB Local on this data folder with no runner (as a killed runner of an older version left it).
    mkdirSync(workDir, { recursive: true });
    const { jar, libraryPath } = dynamoJar();
    const orphan = spawn(
      'java',
      [
        `-Djava.library.path=${libraryPath}`,
        '-jar',
        jar,
        '-sharedDb',
        '-port',
        String(await freePort()),
        '-dbPath',
        workDir,
      ],
      {
        cwd: workDir,
        detached: true,
        stdio: 'ignore',
      },
    );
    orphan.unref();
    await until(() => orphanedDynamoPids(workDir).includes(orphan.pid!), 'the orphan runs');

    app = await startApp({ dataDir });
    expect(app.output()).toContain(
      `Stopped DynamoDB Local (process ${orphan.pid}) left running on ${workDir} by an earlier start.`,
    );
    expect(alive(orphan.pid!)).toBe(false);
    const own = orphanedDynamoPids(workDir);
    expect(own).toHaveLength(1);
    expect((await fetch(`${app.baseUrl}/api/settings`)).status).toBe(200);

    // DynamoDB Local answers on loopback only (issue 13, item 7): nobody on the network reaches the table.
    const dynamoPort = Number(new URL(/DynamoDB:\s+(\S+)/.exec(app.output())![1]!).port);
    expect(await reachable('127.0.0.1', dynamoPort)).toBe(true);
    const lanAddress = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
    if (lanAddress) expect(await reachable(lanAddress, dynamoPort), lanAddress).toBe(false);
    else console.warn('[local-runner test] no non-loopback IPv4 address on this machine: the LAN check was skipped');
    // Its launcher indexed the stream records (LoopbackDynamoDBLocal.java), or it would have said it could not.
    expect(app.output()).not.toContain(UNINDEXED);
    // The app itself listens on 127.0.0.1 (HOST) too.
    if (lanAddress)
      expect(await reachable(lanAddress, Number(new URL(app.baseUrl).port)), `app on ${lanAddress}`).toBe(false);

    // SIGKILL the runner alone (not its process group): no handler of its runs, yet its peers end.
    process.kill(app.pid!, 'SIGKILL');
    await until(() => orphanedDynamoPids(workDir).length === 0, 'DynamoDB Local ends with its runner');
    const sesPort = Number(new URL(app.mailViewer).port);
    const sesAnswers = () =>
      fetch(`http://127.0.0.1:${sesPort}/health-check`).then(
        () => true,
        () => false,
      );
    const deadline = Date.now() + 20_000;
    while ((await sesAnswers()) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
    expect(await sesAnswers()).toBe(false);
  });
});
