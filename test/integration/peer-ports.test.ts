import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { startPeer } from '#infra/local/peers';
import { ephemeralRange, freePort, portInUse } from '#infra/local/ports';

/** A tiny server standing in for a peer: listens on the port it is given, or fails as a server does when it is taken. */
const launchListener = (port: number) =>
  spawn(process.execPath, [
    '-e',
    `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1');`,
  ]);
const answers = async (endpoint: string) => (await fetch(endpoint)).ok;

const held: Server[] = [];
const sockets: Socket[] = [];
const started: { kill(): void }[] = [];
afterEach(async () => {
  for (const child of started.splice(0)) child.kill();
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(held.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function holdPort(): Promise<number> {
  const port = await freePort();
  // It accepts connections and never answers, as a program that took the port may.
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  held.push(server);
  return port;
}

describe('starting a local peer on a free port', () => {
  it('picks ports below the range the kernel gives outgoing connections', async () => {
    const [low] = ephemeralRange();
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(low);
    }
  });

  it('picks a port whose neighbours asked for are free too, passing over one whose neighbour is taken', async () => {
    const taken = await holdPort();
    const [low] = ephemeralRange();
    /** Math.random's answer that makes freePort pick `port` first, when its highest offset is `highest`. */
    const pick = (port: number, highest: number) => (port - 10_000 + 0.5) / (low - 10_000 - highest);
    const random = vi.spyOn(Math, 'random');
    try {
      random.mockReturnValueOnce(pick(taken - 2, 2));
      const port = await freePort({ alsoFree: [2] });
      expect(random.mock.calls.length).toBeGreaterThan(1);
      expect(port).not.toBe(taken - 2);
      expect(await portInUse(port + 2)).toBe(false);
      // Without the neighbour asked for, the same first pick is a free port.
      random.mockClear().mockReturnValueOnce(pick(taken - 2, 0));
      expect(await freePort()).toBe(taken - 2);
    } finally {
      random.mockRestore();
    }
  });

  it('starts it again on another port when its port was taken between the check and its start', async () => {
    const taken = await holdPort();
    const peer = await startPeer('stand-in', async () => taken, launchListener, answers);
    started.push(peer.child);
    expect(peer.endpoint).not.toBe(`http://127.0.0.1:${taken}`);
    expect(await (await fetch(peer.endpoint)).text()).toBe('ok');
  });

  it('gives up after three taken ports, naming them and quoting the peer', async () => {
    const ports = [await holdPort(), await holdPort(), await holdPort()];
    const launched: number[] = [];
    const launch = (port: number) => {
      launched.push(port);
      // Every start meets a taken port, as if another program were always quicker.
      return launchListener(ports[launched.length - 1]!);
    };
    const failure = await startPeer('stand-in', async () => ports[0]!, launch, answers).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(launched).toHaveLength(3);
    expect(failure?.message).toMatch(/^stand-in stopped at start \(exit code 1; ports tried: \d+, \d+, \d+\)/);
    expect(failure?.message).toContain('EADDRINUSE');
  });

  it('does not retry a peer that stops for another reason, and says why', async () => {
    let launches = 0;
    const launch = () => {
      launches++;
      return spawn(process.execPath, ['-e', 'console.error("no licence file"); process.exit(3)']);
    };
    await expect(startPeer('stand-in', freePort, launch, answers)).rejects.toThrow(
      /stand-in stopped at start \(exit code 3; port \d+\)\.\n--- stand-in ---\nno licence file/,
    );
    expect(launches).toBe(1);
  });
});
