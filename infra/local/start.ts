import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { localPhotoDir } from '#functions/adapters/photos/local-files';
import { migrateLocations } from '#functions/app/events/migrate-locations';
import { composeDeps } from '#functions/composition';
import { childEnvironment, ConfigError, loadConfig, setEnvironment, setEnvironmentDefaults } from '#functions/config';
import { demoBillingRequested, startDemoBilling, type DemoBilling } from '#infra/local/demo-billing';
import { startLocalJobs } from '#infra/local/jobs';
import { startLocalLifecycle, type LocalLifecycle } from '#infra/local/lifecycle';
import { startPeers, type Peers } from '#infra/local/peers';
import { portInUse } from '#infra/local/ports';
import { seedDemoData } from '#infra/local/seed';
import { createAppServer } from '#infra/local/server';
import { ensureTable } from '#infra/local/table';

/**
 * `npm start`: the whole product on one machine. Starts DynamoDB Local and the SES emulator on free ports,
 * creates the table from the shared definition, seeds demo data, and serves the API (the same handlers and route
 * table as the cloud) and the built front end on PORT. Ctrl-C stops everything.
 * `--dev` additionally runs Vite's dev server (hot reload) on PORT+1 with /api proxied here. `--build` builds the
 * front end first, once it is known that no other copy runs (so a second `npm start` says so at once).
 * The mail viewer takes PORT+2 when it is free, so it can be bookmarked.
 */

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const dev = process.argv.includes('--dev');
const build = process.argv.includes('--build');

/** Our own peers listen on 127.0.0.1; the banner names one host throughout, as the app's address does. */
const shown = (address: string) => address.replace('//127.0.0.1:', '//localhost:');

/** Runs a Node program in the repository, its output shown as it goes. */
function runNode(args: string[], what: string): Promise<void> {
  return new Promise((done, failed) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: 'inherit' });
    child.once('error', failed);
    child.once('exit', (code) => (code === 0 ? done() : failed(new Error(`${what} failed (exit code ${code})`))));
  });
}

/**
 * Builds the front end as `npm run build` does, its steps read from package.json (the one list of them): the app and
 * the booking page, a team's page (a build of its own), the embed script, the landing page prerendered. Each `vite`
 * step quietly (warnings only), each `tsx` step through Node with tsx's loader.
 */
async function buildFrontEnd(): Promise<void> {
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { build: string };
  };
  for (const step of scripts.build.split(' && ')) {
    const [tool, ...args] = step.trim().split(/\s+/);
    if (tool === 'vite') {
      await runNode([join(repoRoot, 'node_modules/vite/bin/vite.js'), ...args, '--logLevel', 'warn'], step);
    } else if (tool === 'tsx') {
      await runNode(['--import', 'tsx', ...args], step);
    } else {
      throw new Error(`npm run build has a step this script cannot run: ${step}`);
    }
  }
}

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function main() {
  // The cloud runs Node 22; the SDK's notice about Node 20 support is not news on a developer's machine.
  setEnvironment({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' });
  // A terminal, not CloudWatch: readable log lines, and the metrics counted but not printed (docs/operations.md).
  // The booking page publisher renders into the build this runner serves, wherever it was started from.
  // Webhooks may go to http://localhost and 127.0.0.1 here (a receiver on this machine), never in the cloud (issue 29).
  setEnvironmentDefaults({
    LOG_FORMAT: 'readable',
    POWERTOOLS_METRICS_DISABLED: 'true',
    SITE_DIR: join(repoRoot, 'frontend', 'dist'),
    WEBHOOKS_ALLOW_LOCAL: 'true',
  });
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  // BILLING=demo (issue 30): the bundled fake Stripe, started before the app reads its Stripe settings.
  let demo: DemoBilling | undefined;
  try {
    // eslint-disable-next-line no-restricted-properties -- BILLING is the runner's switch, not the app's configuration
    if (demoBillingRequested(process.env)) {
      demo = await startDemoBilling(config.siteUrl);
      setEnvironment(demo.env);
      loadConfig();
    }
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const dataDir = resolve(config.dataDir);
  mkdirSync(dataDir, { recursive: true });

  const lockFile = join(dataDir, 'meetwise.pid');
  if (existsSync(lockFile)) {
    const previous = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; url: string };
    if (isRunning(previous.pid)) {
      fail(
        `Meetwise is already running (process ${previous.pid}) at ${previous.url} with the data in ${dataDir}.\n  Stop it first (Ctrl-C in its terminal), or start another copy with other PORT and DATA_DIR values.`,
      );
    }
    rmSync(lockFile, { force: true });
  }
  if (await portInUse(config.port)) {
    fail(
      `Port ${config.port} is already in use by another program. Start with another port, e.g. PORT=3100 npm start.`,
    );
  }
  const url = config.siteUrl;
  writeFileSync(lockFile, JSON.stringify({ pid: process.pid, url }));

  let peers: Peers | undefined;
  let stopJobs: (() => void) | undefined;
  let lifecycle: LocalLifecycle | undefined;
  let vite: ChildProcess | undefined;
  let shuttingDown = false;
  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log('\nStopping Meetwise…');
    vite?.kill('SIGTERM');
    stopJobs?.();
    await lifecycle?.stop().catch(() => undefined);
    server.close();
    server.closeAllConnections();
    await peers?.stop();
    await demo?.stop().catch(() => undefined);
    rmSync(lockFile, { force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // A stray rejection is a bug to log, not a reason to stop serving; an uncaught exception leaves the process in an
  // unknown state, so it stops, and its peers with it.
  process.on('unhandledRejection', (reason) => {
    console.error(
      `Unhandled rejection (the app keeps running): ${reason instanceof Error ? reason.stack : String(reason)}`,
    );
  });
  process.on('uncaughtException', (error) => {
    console.error(`\n✖ Unexpected error; stopping: ${error.stack ?? error.message}`);
    void shutdown(1);
  });

  const server = createAppServer({
    siteDir: join(repoRoot, 'frontend', 'dist'),
    publishedDir: join(dataDir, 'site'),
    photosDir: localPhotoDir(dataDir),
    siteUrl: config.siteUrl,
    log: config.logLevel === 'debug' ? (line) => console.log(line) : undefined,
    // A write's stream record, mail and webhook follow at once, even after the runners idled (infra/local/lifecycle.ts).
    afterWrite: () => lifecycle?.nudge(),
    ...(demo ? { demoBilling: demo.handle } : {}),
  });

  try {
    if (build) {
      console.log('Building the front end…');
      await buildFrontEnd();
    }
    console.log('Starting DynamoDB Local and the SES emulator…');
    peers = await startPeers({
      dataDir,
      mailPort: config.port + 2,
      onUnexpectedExit: (name, code, output) => {
        console.error(`\n✖ ${name} stopped unexpectedly (exit code ${code}).\n${output.slice(-2000)}`);
        void shutdown(1);
      },
    });
    // LOCAL_SES_ENDPOINT: another SES stand-in (the crash-recovery test's, which holds sends) instead of the emulator.
    const sesEndpoint = config.localRunner.sesEndpoint ?? peers.sesEndpoint;
    setEnvironment({ DYNAMODB_ENDPOINT: peers.dynamoEndpoint, SES_ENDPOINT: sesEndpoint });
    const runtimeConfig = loadConfig();
    const dynamo = createDynamoClient(runtimeConfig);
    const table = await ensureTable(dynamo, runtimeConfig.tableName);
    dynamo.destroy();
    const seeded = await seedDemoData(composeDeps(runtimeConfig), url);
    const debug = config.logLevel === 'debug';

    await new Promise<void>((ready, reject) => {
      server.once('error', reject);
      // Loopback unless HOST says otherwise: the local stack has demo accounts and no TLS.
      server.listen(config.port, config.host, ready);
    });
    demo?.forwardEventsTo(url);
    stopJobs = startLocalJobs({ log: debug ? (line) => console.log(line) : undefined });
    // Booking e-mails and reminders: the table's stream and the booking timers (infra/local/lifecycle.ts).
    lifecycle = startLocalLifecycle(runtimeConfig, {
      dataDir,
      log: debug ? (line) => console.log(line) : undefined,
    });
    // Issue 30 (as the cloud's deploy does): Google Meet events without Google become video calls, idempotently; the
    // stream poller above sends the "Location updated" mails of their bookings.
    await migrateLocations(composeDeps(runtimeConfig));

    let devUrl: string | undefined;
    if (dev) {
      const devPort = config.port + 1;
      vite = spawn(
        process.execPath,
        [
          join(repoRoot, 'node_modules/vite/bin/vite.js'),
          '--config',
          'frontend/vite.config.ts',
          '--port',
          String(devPort),
          '--strictPort',
        ],
        { cwd: repoRoot, stdio: 'inherit', env: childEnvironment({ API_PORT: String(config.port) }) },
      );
      devUrl = `http://localhost:${devPort}`;
    }

    console.log(
      [
        '',
        '  Meetwise is running.',
        '',
        `  App:          ${url}${dev ? ' (built front end)' : ''}`,
        ...(devUrl ? [`  Dev server:   ${devUrl} (hot reload, /api proxied to the app)`] : []),
        `  Mail viewer:  ${shown(sesEndpoint)} (every e-mail the app sends)`,
        ...(demo
          ? ['  Payments:     demo, with the bundled fake Stripe: nothing is charged (test card 4242 4242 4242 4242)']
          : []),
        `  DynamoDB:     ${shown(peers.dynamoEndpoint)} (table "${runtimeConfig.tableName}"${debug ? `, ${table}` : ''}; data in ${dataDir})`,
        '',
        '  Demo data:',
        ...seeded.filter((line) => debug || !line.developer).map((line) => `    ${line.text}`),
        '',
        '  Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    console.error(`\n✖ Meetwise could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    await shutdown(1);
  }
}

void main();
