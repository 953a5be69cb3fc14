import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';

import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { freePort, waitFor } from '#infra/local/ports';
import { addDays, eventIdOf, expectStatus, httpApi, isWeekday, timeSlotsRequest, type Slot } from '#test/bench/api';
import { startApp, type RunningApp } from '#test/support/app-process';

/**
 * Nothing lost to a crash (issue 30 §6): the one-machine stack, killed with `kill -9` while booking mails are going
 * out and started again on the same data, finishes every mail, and mails no one twice.
 *
 * The stack runs as `npm start` does (infra/local/start.ts, a process of its own). Its mail goes to an SES emulator
 * of this test's (LOCAL_SES_ENDPOINT), through a relay that lets the first sends through and then holds every later
 * one unanswered, as a send in flight is when the process dies: so at the kill the mails already sent have their
 * once-only records completed and the held ones have theirs "in progress", as the issue found them. The runner's
 * jobs get a 3-second timeout (LOCAL_JOB_TIMEOUT_SECONDS) rather than the cloud's minutes, so those records expire
 * soon after the restart; then the restarted runner (the stream poller from its checkpoint) sends them.
 */

const BOOKINGS = 20;
/** Sends let through before the relay holds the rest: the first bookings' mails (each booking mails guest and host). */
const SENT_BEFORE_THE_CRASH = 10;
const require = createRequire(import.meta.url);

const dataDir = mkdtempSync(join(tmpdir(), 'meetwise-crash-'));
const cleanUps: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await Promise.resolve(cleanUp()).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string };
}

/** The SES emulator (aws-ses-v2-local, as the runner's own), a process of this test's that outlives the runner. */
async function startSesEmulator(): Promise<string> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [require.resolve('aws-ses-v2-local/dist/cli.js'), '--host', '127.0.0.1', '--port', String(port)],
    { stdio: 'ignore' },
  );
  cleanUps.push(() => void child.kill('SIGKILL'));
  const endpoint = `http://127.0.0.1:${port}`;
  await waitFor('the SES emulator', () =>
    fetch(`${endpoint}/health-check`).then(
      (answer) => answer.ok,
      () => false,
    ),
  );
  return endpoint;
}

/**
 * An HTTP relay in front of the emulator: everything passes, except that once `allow` booking mails
 * (SendRawEmail) went through, the later ones are held unanswered (and dropped when their caller dies) until
 * `passAll()`.
 */
async function startRelay(target: string, allow: number) {
  let passed = 0;
  let holding = true;
  const held = new Set<IncomingMessage>();
  const forward = async (request: IncomingMessage, body: Buffer, response: ServerResponse) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0]),
      ),
    );
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
    });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const isBookingMail = request.method === 'POST' && body.toString().includes('Action=SendRawEmail');
      if (isBookingMail && holding && passed >= allow) {
        held.add(request);
        response.on('close', () => held.delete(request));
        return;
      }
      if (isBookingMail) passed++;
      forward(request, body, response).catch((error: unknown) => {
        response.writeHead(502);
        response.end(String(error));
      });
    });
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  cleanUps.push(() => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    held: () => held.size,
    passed: () => passed,
    /** From now on every send goes through (the held ones of a dead caller are gone with it, never sent). */
    passAll: () => (holding = false),
  };
}

/** The table the runner uses, from its banner (`DynamoDB: http://localhost:… (table "…"; …)`). */
function tableOf(app: RunningApp): { client: DynamoDBClient; tableName: string } {
  const [, endpoint, tableName] = /DynamoDB:\s+(\S+) \(table "([^"]+)"/.exec(app.output()) ?? [];
  if (!endpoint || !tableName) throw new Error(`No DynamoDB line in the banner:\n${app.output()}`);
  const client = createDynamoClient({ region: 'us-east-1', dynamoEndpoint: endpoint });
  cleanUps.push(() => client.destroy());
  return { client, tableName };
}

/** The once-only records of the bookings (each booking's under NOTICE#{booking id}), by status. */
async function onceRecords(table: { client: DynamoDBClient; tableName: string }, bookingIds: string[]) {
  const records = await Promise.all(
    bookingIds.map(async (id) => {
      const answer = await table.client.send(
        new QueryCommand({
          TableName: table.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: `NOTICE#${id}` } },
          ConsistentRead: true,
        }),
      );
      return (answer.Items ?? []).map((item) => unmarshall(item) as { status: string });
    }),
  );
  const all = records.flat();
  const count = (status: string) => all.filter((record) => record.status === status).length;
  return { all: all.length, completed: count('COMPLETED'), inProgress: count('INPROGRESS') };
}

async function storedMails(ses: string): Promise<StoredMail[]> {
  return ((await (await fetch(`${ses}/store`)).json()) as { emails: StoredMail[] }).emails;
}

/** Polls `check` until it answers true (a state reached, not a duration measured); fails with `what` after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still not so: ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('a crash while booking mails go out', () => {
  it('loses no mail and sends none twice after a restart on the same data', { timeout: 240_000 }, async () => {
    const ses = await startSesEmulator();
    const relay = await startRelay(ses, SENT_BEFORE_THE_CRASH);
    const env = { LOCAL_SES_ENDPOINT: relay.endpoint, LOCAL_JOB_TIMEOUT_SECONDS: '3' };

    const first = await startApp({ env, dataDir });
    // Its group, should the test fail before the kill (the runner's stop() would also remove the data folder).
    cleanUps.push(() => {
      try {
        process.kill(-first.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    });

    // 20 bookings of the demo event, each by a guest of its own (named by a token found in both mails).
    const api = httpApi(first.baseUrl);
    const eventId = await eventIdOf(api, 'intro-call');
    const guests: { token: string; email: string; bookingId: string }[] = [];
    for (let date = addDays(new Date().toISOString().slice(0, 10), 2); guests.length < BOOKINGS;) {
      date = addDays(date, 1);
      if (!isWeekday(date)) continue;
      const { timeSlots } = await expectStatus<{ timeSlots: Slot[] }>(
        api,
        timeSlotsRequest(eventId, date, 'Europe/Berlin'),
        200,
      );
      for (const slot of timeSlots.filter((one) => one.available)) {
        if (guests.length === BOOKINGS) break;
        const token = `g${randomBytes(4).toString('hex')}`;
        const email = `crash-${token}@example.com`;
        const booked = await api({
          method: 'POST',
          path: '/api/bookings',
          body: {
            name: `Guest ${token}`,
            email,
            guests: [],
            date,
            startTime: slot.start,
            endTime: slot.end,
            eventId,
            timezone: 'Europe/Berlin',
          },
        });
        // The slot next to one just booked may be taken by its buffer.
        if (booked.status === 409) continue;
        expect(booked.status, JSON.stringify(booked.body)).toBe(201);
        guests.push({ token, email, bookingId: (booked.body as { bookingId: string }).bookingId });
      }
    }
    const bookingIds = guests.map((guest) => guest.bookingId);

    // Mails are going out; the relay holds those after the first ones. Kill -9 once the runner has settled: every
    // answered send recorded completed, every held one "in progress" (nothing else in flight).
    const before = tableOf(first);
    await until('sends are held and their records are the only ones in progress', async () => {
      if (relay.held() === 0) return false;
      return (await onceRecords(before, bookingIds)).inProgress === relay.held();
    });
    const atTheCrash = await onceRecords(before, bookingIds);
    expect(atTheCrash.inProgress).toBeGreaterThan(0);
    expect(atTheCrash.completed).toBeGreaterThanOrEqual(SENT_BEFORE_THE_CRASH);
    process.kill(first.pid!, 'SIGKILL');
    const sentBefore = await storedMails(ses);
    expect(sentBefore).toHaveLength(SENT_BEFORE_THE_CRASH);
    // Its DynamoDB Local ends with it (its watchdog) before another may open the data folder; the new runner also
    // stops one left over.
    relay.passAll();

    const second = await startApp({ env, dataDir });
    cleanUps.push(() => second.stop());
    const after = tableOf(second);
    await until('every mail record is completed and every mail sent', async () => {
      const records = await onceRecords(after, bookingIds);
      return (
        records.inProgress === 0 && records.completed >= 2 * BOOKINGS && (await storedMails(ses)).length >= 2 * BOOKINGS
      );
    });

    const records = await onceRecords(after, bookingIds);
    expect(records.inProgress).toBe(0);
    expect(records.completed).toBe(records.all);
    // Each guest got their mail once, and the host one mail about each booking: 40 mails, none twice.
    const mails = await storedMails(ses);
    const about = (mail: StoredMail) =>
      guests.find((guest) => `${mail.subject}\n${mail.body.text ?? ''}`.includes(guest.token))?.token ?? '?';
    const received = mails.map((mail) => ({ to: mail.destination.to.join(', '), about: about(mail) }));
    const lines = received.map(({ to, about }) => `${to} about ${about}`);
    expect(lines).toHaveLength(2 * BOOKINGS);
    expect(new Set(lines).size).toBe(2 * BOOKINGS);
    for (const guest of guests) {
      const aboutThem = received.filter((mail) => mail.about === guest.token);
      expect(
        aboutThem.filter((mail) => mail.to.includes(guest.email)),
        guest.email,
      ).toHaveLength(1);
      expect(
        aboutThem.filter((mail) => !mail.to.includes(guest.email)),
        `the host about ${guest.token}`,
      ).toHaveLength(1);
    }
  });
});
