import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Linux's range for outgoing connections' local ports (its default when it cannot be read). */
export function ephemeralRange(file = '/proc/sys/net/ipv4/ip_local_port_range'): [number, number] {
  try {
    const [low, high] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
    if (low && high && low <= high) return [low, high];
  } catch {
    // not Linux
  }
  return [32768, 60999];
}

let ephemeral: [number, number] | undefined;

/** The lowest port this picks from: above the well-known and most registered servers' ports. */
const LOWEST = 10_000;

/**
 * A TCP port that no local address listens on right now, chosen at random below the ephemeral range. A port the kernel
 * hands out (port 0) is one it may also give to the next outgoing connection, and a peer such as DynamoDB Local
 * binds it only after its JVM starts, a second or more later; below that range only another listener can take it
 * meanwhile. `alsoFree`: offsets from the port that must be free as well (an app's PORT+2 for its mail viewer).
 * Falls back to a kernel-chosen port where the range leaves no room (its neighbours then unchecked).
 */
export async function freePort(options: { alsoFree?: number[] } = {}): Promise<number> {
  const [ephemeralLow] = (ephemeral ??= ephemeralRange());
  const offsets = [0, ...(options.alsoFree ?? [])];
  const highest = Math.max(...offsets);
  if (ephemeralLow - LOWEST - highest >= 1_000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = LOWEST + Math.floor(Math.random() * (ephemeralLow - LOWEST - highest));
      if (await everyFree(offsets.map((offset) => port + offset))) return port;
    }
  }
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port')),
      );
    });
  });
}

async function everyFree(ports: number[]): Promise<boolean> {
  for (const port of ports) if (await portInUse(port)) return false;
  return true;
}

/** Whether something already listens on the port (any local address). */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(true));
    server.listen(port, () => server.close(() => resolve(false)));
  });
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
