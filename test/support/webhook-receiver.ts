import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request a receiver got, and what the `standardwebhooks` package made of it. */
export interface ReceivedWebhook {
  path: string;
  headers: { id: string; timestamp: string; signature: string };
  body: string;
  /** The payload the verifier answered, or null when it refused the request. */
  verified: unknown;
  /** Why the verifier refused it. */
  refused: string | null;
}

/**
 * A webhook receiver on 127.0.0.1 for the integration tests (issue 29), as a host's own code would be: it verifies
 * every request with the `standardwebhooks` package (Standard Webhooks' reference library for TypeScript) and the
 * endpoint's secret, and answers the statuses it was told, in turn (then 200). The library checks the timestamp
 * against its clock (5 minutes' tolerance): it is given the tests' moved clock, so a signature made at a moved time
 * verifies as it would have then.
 */
export async function webhookReceiver(options: { clock: () => Date }) {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  const always = new Map<string, number>();
  const secrets = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      const headers = {
        id: String(request.headers['webhook-id'] ?? ''),
        timestamp: String(request.headers['webhook-timestamp'] ?? ''),
        signature: String(request.headers['webhook-signature'] ?? ''),
      };
      let verified: unknown = null;
      let refused: string | null = null;
      const secret = secrets.get(path);
      const realNow = Date.now;
      Date.now = () => options.clock().getTime();
      try {
        if (!secret) throw new Error(`no secret for ${path}`);
        verified = new Webhook(secret).verify(body, {
          'webhook-id': headers.id,
          'webhook-timestamp': headers.timestamp,
          'webhook-signature': headers.signature,
        });
      } catch (error) {
        refused = error instanceof Error ? error.message : String(error);
      } finally {
        Date.now = realNow;
      }
      received.push({ path, headers, body, verified, refused });
      const status = always.get(path) ?? statuses.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status >= 300 ? `Receiver says ${status}` : 'ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    /** The URL of a path on this receiver, whose requests are verified with `secret` (set later with `trust`). */
    url: (path: string) => `${base}${path}`,
    trust(path: string, secret: string) {
      secrets.set(path, secret);
    },
    /** The next answers, in order (then 200 again). */
    answer(...next: number[]) {
      statuses.push(...next);
    },
    /** Every request to `path` answered `status`, whatever else was asked. */
    always(path: string, status: number) {
      always.set(path, status);
    },
    at: (path: string) => received.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
