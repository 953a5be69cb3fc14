import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { pageSecurityHeaders } from '#infra/security-headers';
import { checkLandingPage, USAGE } from '#infra/smoke';

/**
 * `npm run smoke -- URL` (infra/smoke.ts), run as a person runs it after a deploy: against the run's local app
 * (test/support/e2e-global-setup.ts) every check passes; against a small server of this file that answers without
 * the security headers and with the wrong shapes, the failing checks are named and the exit code is 1; bad usage is
 * exit code 2 with the usage text. No browser.
 */

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function smoke(...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/smoke.ts', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const checkLines = (stdout: string): string[] => stdout.split('\n').filter((line) => /^[✓✗] /.test(line));

/** The page headers infra/security-headers.ts defines (their names do not depend on the page). */
const PAGE_HEADERS = Object.keys(pageSecurityHeaders(''));

function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const originOf = (server: Server): string => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/**
 * A site that is up but wrong: pages without the security headers (X-Frame-Options aside), API answers of the wrong
 * shapes (nosniff on them, as the app's), and a booking of the demo event accepted.
 */
function brokenSite(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  request.resume();
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' });
    response.end(JSON.stringify(body));
  };
  if (url.pathname === '/' || url.pathname === '/index.html') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'DENY' });
    response.end('<!doctype html><title>Not quite Meetwise</title><script>window.x = 1;</script>');
  } else if (url.pathname === '/api/auth/debug-url') {
    json(200, { origin: 'http://127.0.0.1' });
  } else if (url.pathname.startsWith('/api/events/public/')) {
    json(200, { id: '999', slug: 'demo', title: 'Demo' });
  } else if (url.pathname === '/api/available-dates') {
    json(200, { availableDates: [{ date: '2026-01-01' }] });
  } else if (url.pathname === '/api/bookings' && request.method === 'POST') {
    json(201, { bookingId: 'accepted' });
  } else {
    json(404, { message: 'Not found', code: 'NOT_FOUND' });
  }
}

let broken: Server;
/** Takes every request and never answers. */
let silent: Server;

beforeAll(async () => {
  [broken, silent] = await Promise.all([listen(brokenSite), listen(() => undefined)]);
});

afterAll(async () => {
  for (const server of [broken, silent]) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

describe('npm run smoke', () => {
  it('passes every check against the local stack', async () => {
    const { code, stdout, stderr } = await smoke(inject('e2eAppBaseUrl'));
    const lines = checkLines(stdout);
    expect(
      lines.filter((line) => !line.startsWith('✓ ')),
      stdout + stderr,
    ).toEqual([]);
    expect(stdout.trim().split('\n').at(-1)).toBe(`${lines.length} passed, 0 failed`);
    expect(code).toBe(0);
    const passed = lines.join('\n');
    for (const header of PAGE_HEADERS) expect(passed).toContain(`✓ security header ${header} on GET /\n`);
    expect(passed).toContain('✓ security header x-content-type-options on GET /api/auth/debug-url');
    for (const name of ['site:', 'api:', 'public event:', 'available dates:', 'demo booking refused:']) {
      expect(passed).toContain(`✓ ${name}`);
    }
  });

  it('names the failing checks and exits with 1 against a site without the headers and with the wrong answers', async () => {
    const { code, stdout } = await smoke(originOf(broken));
    const lines = checkLines(stdout);
    const failed = lines.filter((line) => line.startsWith('✗ '));
    // What is right on that site passes: a page answers, X-Frame-Options is there, the API's answers say nosniff.
    expect(lines.filter((line) => line.startsWith('✓ '))).toEqual([
      '✓ site: GET / answers 200 with an HTML page',
      '✓ security header x-frame-options on GET /',
      '✓ security header x-content-type-options on GET /api/auth/debug-url',
    ]);
    const failure = (start: string) => failed.find((line) => line.startsWith(`✗ ${start}`));
    expect(failure('api: GET /api/auth/debug-url')).toMatch(/found oauth: /);
    for (const header of ['content-security-policy', 'x-content-type-options', 'referrer-policy']) {
      expect(failure(`security header ${header} on GET /:`)).toMatch(/found no such header$/);
    }
    expect(failure('public event: GET /api/events/public/demo')).toMatch(/found id: /);
    expect(failure('available dates: GET /api/available-dates?eventId=demo&')).toMatch(
      /found availableDates\.0\.hasTimeSlots: /,
    );
    expect(failure('demo booking refused: POST /api/bookings for event 999')).toMatch(
      /found 201 \{"bookingId":"accepted"\}$/,
    );
    expect(failed).toHaveLength(7);
    expect(stdout.trim().split('\n').at(-1)).toBe('3 passed, 7 failed');
    expect(code).toBe(1);
  });

  it('gives up on a request after its timeout', async () => {
    const result = await checkLandingPage({ origin: originOf(silent), eventSlug: 'demo', timeoutMs: 300 });
    expect(result).toEqual({
      ok: false,
      name: 'site: GET / answers 200 with an HTML page',
      found: 'no answer within 0.3 s',
    });
  });

  it('exits with 2 and the usage on a missing or invalid URL', async () => {
    const runs = await Promise.all([
      smoke(),
      smoke('not a url'),
      smoke('ftp://example.com'),
      smoke('https://example.com/book/demo'),
      smoke('https://example.com', '--event-slug'),
    ]);
    for (const run of runs) {
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stderr).toContain(USAGE);
      expect(run.stdout).toBe('');
    }
    expect(runs.map((run) => run.stderr.split('\n')[0])).toEqual([
      'The site URL is missing.',
      'Not a URL: not a url',
      'Not an http(s) URL: ftp://example.com',
      "Give the site's address only, without a path: https://example.com",
      '--event-slug needs an event slug (a-z, 0-9, -).',
    ]);
  });
});
