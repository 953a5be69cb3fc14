import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

import { httpWebhookSender, type Resolve } from '#functions/adapters/webhooks/http-sender';

/**
 * The webhook sender's address guard and limits (issue 29, docs/security.md), over real loopback HTTP: names are
 * resolved at every attempt and every non-public address refused (the receiver hears nothing), the connection goes to
 * the address that was checked, redirects are not followed, 4 KB of the answer are read, 10 s (here less) at most.
 */

let server: Server | undefined;
afterEach(
  () =>
    new Promise<void>((done) => {
      server?.closeAllConnections();
      return server ? server.close(() => done()) : done();
    }),
);

/** A receiver on 127.0.0.1 that records what reached it. */
async function receiver(listener: RequestListener): Promise<{ port: number; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  server = createServer((request, response) => {
    requests.push(request);
    listener(request, response);
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return { port: (server.address() as AddressInfo).port, requests };
}

const ok: RequestListener = (_request, response) => response.end('thanks');
/** A resolver answering each name from a table (and counting its questions). */
function resolverOf(table: Record<string, string[]>): Resolve & { asked: string[] } {
  const asked: string[] = [];
  const resolve = (async (hostname: string) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as Resolve & { asked: string[] };
  resolve.asked = asked;
  return resolve;
}

const post = { headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' }, body: '{"type":"ping"}' };

describe('the cloud configuration (no local addresses)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['10.0.0.7', 'private network'],
    ['100.64.1.1', 'carrier-grade NAT'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['fd00:ec2::254', 'private network'],
    ['0.0.0.0', 'unspecified'],
  ])('refuses a name that resolves to %s, and nothing reaches it', async (address, words) => {
    const { port, requests } = await receiver(ok);
    const sender = httpWebhookSender({ allowLocal: false, resolve: resolverOf({ 'hooks.example.test': [address] }) });
    const answer = await sender.post({ url: `https://hooks.example.test:${port}/hook`, ...post });
    expect(answer.status).toBeNull();
    expect(answer.detail).toContain(`resolves to ${address}`);
    expect(answer.detail).toContain(words);
    expect(requests).toHaveLength(0);
  });

  it('refuses a name with one public and one private address (every address must be public)', async () => {
    const sender = httpWebhookSender({
      allowLocal: false,
      resolve: resolverOf({ 'mixed.example.test': ['93.184.216.34', '169.254.169.254'] }),
    });
    const answer = await sender.post({ url: 'https://mixed.example.test/hook', ...post });
    expect(answer.detail).toContain('resolves to 169.254.169.254');
  });

  it('refuses http:// and literal private addresses before resolving anything', async () => {
    const resolve = resolverOf({});
    const sender = httpWebhookSender({ allowLocal: false, resolve });
    expect((await sender.post({ url: 'http://hooks.example.test/hook', ...post })).detail).toContain('https://');
    expect((await sender.post({ url: 'http://127.0.0.1:9/hook', ...post })).detail).toContain('https://');
    expect((await sender.post({ url: 'https://169.254.169.254/latest', ...post })).detail).toContain(
      'private or local',
    );
    expect((await sender.post({ url: 'https://[::ffff:a9fe:a9fe]/latest', ...post })).detail).toContain(
      'private or local',
    );
    expect(resolve.asked).toEqual([]);
  });

  it('says why a name cannot be resolved', async () => {
    const sender = httpWebhookSender({ allowLocal: false, resolve: resolverOf({}) });
    const answer = await sender.post({ url: 'https://nowhere.example.test/hook', ...post });
    expect(answer.status).toBeNull();
    expect(answer.detail).toContain('Could not resolve nowhere.example.test');
  });
});

describe('on one machine (WEBHOOKS_ALLOW_LOCAL)', () => {
  it('posts to localhost, connecting to the address it checked (resolved once, never again by the socket)', async () => {
    const { port, requests } = await receiver(ok);
    const resolve = resolverOf({ localhost: ['127.0.0.1'] });
    const sender = httpWebhookSender({ allowLocal: true, resolve });
    const answer = await sender.post({ url: `http://localhost:${port}/hook?x=1`, ...post });
    expect(answer).toMatchObject({ status: 200, detail: 'thanks' });
    expect(answer.durationMs).toBeGreaterThanOrEqual(0);
    expect(resolve.asked).toEqual(['localhost']);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url).toBe('/hook?x=1');
    expect(requests[0]!.headers.host).toBe(`localhost:${port}`);
    expect(requests[0]!.headers['webhook-id']).toBe('msg_1');
  });

  it('resolves the name again at every attempt (a name that moved to a private address is refused)', async () => {
    const { port, requests } = await receiver(ok);
    let answer = '127.0.0.1';
    const resolve = (async () => [{ address: answer, family: 4 }]) as Resolve;
    const sender = httpWebhookSender({ allowLocal: true, resolve });
    expect((await sender.post({ url: `http://localhost:${port}/hook`, ...post })).status).toBe(200);
    answer = '10.0.0.1';
    const second = await sender.post({ url: `http://localhost:${port}/hook`, ...post });
    expect(second.detail).toContain('Refused: localhost resolves to 10.0.0.1');
    expect(requests).toHaveLength(1);
  });

  it('still refuses private and link-local addresses', async () => {
    const sender = httpWebhookSender({ allowLocal: true, resolve: resolverOf({ localhost: ['169.254.169.254'] }) });
    expect((await sender.post({ url: 'http://localhost:9/hook', ...post })).detail).toContain('link-local');
  });

  it('follows no redirect: a 3xx is the answer', async () => {
    const { port, requests } = await receiver((_request, response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
      response.end();
    });
    const answer = await httpWebhookSender({ allowLocal: true }).post({ url: `http://127.0.0.1:${port}/`, ...post });
    expect(answer.status).toBe(302);
    expect(requests).toHaveLength(1);
  });

  it('reads at most 4 KB of the answer', async () => {
    const { port } = await receiver((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('x'.repeat(200_000));
    });
    const answer = await httpWebhookSender({ allowLocal: true }).post({ url: `http://127.0.0.1:${port}/`, ...post });
    expect(answer.status).toBe(500);
    expect(answer.detail).toHaveLength(4096);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const { port } = await receiver(() => undefined);
    const answer = await httpWebhookSender({ allowLocal: true, timeoutMs: 300 }).post({
      url: `http://127.0.0.1:${port}/`,
      ...post,
    });
    expect(answer.status).toBeNull();
    expect(answer.detail).toBe('No answer within 0.3 s.');
    expect(answer.durationMs).toBeGreaterThanOrEqual(250);
    expect(answer.durationMs).toBeLessThan(3_000);
  });

  it('sends the body as given, with its length', async () => {
    let received = '';
    const { port, requests } = await receiver((request, response) => {
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (received += chunk));
      request.on('end', () => response.end());
    });
    const body = '{"type":"ping","data":{"name":"Zoë"}}';
    await httpWebhookSender({ allowLocal: true }).post({ url: `http://127.0.0.1:${port}/`, headers: {}, body });
    expect(received).toBe(body);
    expect(requests[0]!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });
});
