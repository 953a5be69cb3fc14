import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

import { ADDRESS_KIND_WORDS, isIpAddress, refusedAddress } from '#functions/domain/public-address';
import { webhookUrlProblem } from '#functions/domain/webhooks';
import type { WebhookResponse, WebhookSender } from '#functions/ports/webhooks';

/** A name's addresses, as `dns.lookup(name, { all: true })` answers them. */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface HttpWebhookSenderOptions {
  /** One machine's setting (WEBHOOKS_ALLOW_LOCAL): http:// and loopback addresses allowed. Never in the cloud. */
  allowLocal: boolean;
  /** Default: the system resolver (dns.lookup, every address). Tests give names addresses of their choosing. */
  resolve?: Resolve;
  /** Default 10 s: for the whole attempt, name resolution included. */
  timeoutMs?: number;
  /** Default 4096: the most of an answer's body read (for the log); the rest is never downloaded. */
  maxBodyBytes?: number;
}

const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Posts webhook attempts (issue 29) behind the address guard (docs/security.md "Webhooks"):
 * 1. the URL: https:// only (http:// to localhost or 127.0.0.1 only with `allowLocal`);
 * 2. the name is resolved at every attempt, and the attempt is refused unless EVERY address it has is public
 *    (domain/public-address.ts: loopback, private, link-local such as 169.254.169.254, carrier-grade NAT, multicast,
 *    unspecified and reserved ranges, and their IPv6 forms, IPv4-mapped ones included, are not; loopback is allowed
 *    with `allowLocal` only);
 * 3. the connection goes to the address that was checked (the socket's lookup answers it), so a second resolution
 *    (DNS rebinding) cannot swap in another one; TLS still verifies the certificate for the name;
 * 4. 10 s for the whole attempt, no redirect followed (a 3xx is an answer, and not a delivery), no proxy, no pooled
 *    connection, and at most 4 KB of the answer's body read.
 * Never throws: what went wrong is the answer's `detail`, with `status` null.
 */
export function httpWebhookSender(options: HttpWebhookSenderOptions): WebhookSender {
  const resolve = options.resolve ?? systemResolve;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBodyBytes = options.maxBodyBytes ?? 4096;

  return {
    async post(request): Promise<WebhookResponse> {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const failed = (detail: string): WebhookResponse => ({ status: null, durationMs: elapsed(), detail });

      const problem = webhookUrlProblem(request.url, options.allowLocal);
      if (problem) return failed(`Refused: ${problem}`);
      const url = new URL(request.url);
      const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');

      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), timeoutMs);
      try {
        let addresses: { address: string; family: number }[];
        if (isIpAddress(hostname)) {
          addresses = [{ address: hostname, family: hostname.includes(':') ? 6 : 4 }];
        } else {
          try {
            addresses = await Promise.race([
              resolve(hostname),
              new Promise<never>((_, reject) =>
                deadline.signal.addEventListener('abort', () => reject(new Error('timeout')), { once: true }),
              ),
            ]);
          } catch (error) {
            return failed(
              deadline.signal.aborted
                ? `No answer within ${timeoutMs / 1000} s (resolving ${hostname}).`
                : `Could not resolve ${hostname}: ${messageOf(error)}`,
            );
          }
        }
        if (addresses.length === 0) return failed(`Could not resolve ${hostname}: no address.`);
        for (const { address } of addresses) {
          const refused = refusedAddress(address, options.allowLocal);
          if (refused) {
            return failed(
              `Refused: ${hostname} resolves to ${address}, a ${ADDRESS_KIND_WORDS[refused]} address. Webhooks go to public addresses only.`,
            );
          }
        }
        const checked = addresses[0]!;
        return await send(url, checked, request, { signal: deadline.signal, maxBodyBytes, timeoutMs, elapsed });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** One POST to `url`, connected to `target` (the checked address) whatever the name resolves to now. */
function send(
  url: URL,
  target: { address: string; family: number },
  request: { headers: Record<string, string>; body: string },
  limits: { signal: AbortSignal; maxBodyBytes: number; timeoutMs: number; elapsed: () => number },
): Promise<WebhookResponse> {
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    // Node asks for every address when it may try several families; either way, only the checked one is answered.
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  const body = Buffer.from(request.body, 'utf8');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookResponse>((resolve) => {
    let settled = false;
    const finish = (answer: Omit<WebhookResponse, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, durationMs: limits.elapsed() });
    };
    const outgoing = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(body.length) },
        lookup: pinned,
        // A connection of its own (no pooled socket to another address), and no proxy from the environment.
        agent: false,
        signal: limits.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks).subarray(0, limits.maxBodyBytes).toString('utf8');
          finish({ status: response.statusCode ?? null, detail: text.length > 0 ? text : null });
        };
        response.on('data', (chunk: Buffer) => {
          if (size >= limits.maxBodyBytes) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= limits.maxBodyBytes) {
            // Enough for the log: the rest is never read.
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
      },
    );
    outgoing.on('error', (error) => {
      finish({
        status: null,
        detail: limits.signal.aborted
          ? `No answer within ${limits.timeoutMs / 1000} s.`
          : `Could not connect: ${messageOf(error)}`,
      });
    });
    outgoing.end(body);
  });
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
