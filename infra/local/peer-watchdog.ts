import { spawn } from 'node:child_process';

/**
 * Runs one local peer (DynamoDB Local, the SES emulator) so that it dies with the runner that started it, even when
 * the runner is killed with SIGKILL: the runner holds this process's stdin open, and the kernel closes that pipe
 * however the runner ends; at its end the peer is stopped (SIGTERM, then SIGKILL). The peer's output passes through.
 *
 *   node --import tsx infra/local/peer-watchdog.ts <working dir> <command> [args…]
 */

const [cwd, command, ...args] = process.argv.slice(2);
if (!cwd || !command) {
  console.error('usage: peer-watchdog.ts <working dir> <command> [args…]');
  process.exit(2);
}

const peer = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
let stopping = false;

function stopPeer(): void {
  if (stopping) return;
  stopping = true;
  if (peer.exitCode !== null || peer.signalCode !== null) process.exit(0);
  peer.kill('SIGTERM');
  setTimeout(() => peer.kill('SIGKILL'), 5_000).unref();
}

peer.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
peer.on('error', (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(1);
});
// The runner's end, whichever way it came: the pipe to our stdin closes.
process.stdin.on('end', stopPeer);
process.stdin.on('close', stopPeer);
process.stdin.resume();
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stopPeer);
