import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { routes, type RouteDefinition } from '#shared/api/routes';
import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { dynamoRateLimiter } from '#functions/adapters/dynamodb/login-throttle';
import { SCRYPT_PARAMS, scryptPasswords } from '#functions/adapters/passwords/scrypt';
import { composeDeps, connectAreas } from '#functions/composition';
import { RESCHEDULE_LIMIT_REACHED } from '#functions/domain/abuse-limits';
import { run as createBookingRun } from '#functions/handlers/createBooking';
import { run as inviteTeamMemberRun } from '#functions/handlers/inviteTeamMember';
import { run as loginRun } from '#functions/handlers/login';
import { run as manualLoginRun } from '#functions/handlers/manualLogin';
import { run as registerRun } from '#functions/handlers/register';
import { run as resendVerificationRun } from '#functions/handlers/resendVerification';
import { run as submitContactRun } from '#functions/handlers/submitContact';
import { run as updateProfileRun } from '#functions/handlers/updateProfile';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import type { Deps } from '#functions/ports/deps';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { bookingFixtures, bookingRequest, isoWithOffset, NOW } from '#test/support/booking-fixtures';
import { integrationConfig, sentEmails } from '#test/support/local-stack';

/**
 * Abuse limits (issue 13, items 3 and 10): per client address, counted in DynamoDB, at their production values
 * (multiplier 1; the rest of the suite runs with them raised). Each limited request is 429 with Retry-After and the
 * spec's `{ message }`, and writes nothing; a flood of registrations is answered 201 or 503 (Retry-After), never 500,
 * and never "failed" for an account that was created.
 */

const config = integrationConfig();
const db = createDocumentClient(createDynamoClient(config));
const fixtures = bookingFixtures(config);
const address = () => `198.51.${randomBytes(2).join('.')}`;
const clock = { now: () => new Date(NOW) };

/** Real adapters with the production limits (and the fixed clock of the booking fixtures). */
const productionDeps = (): Deps =>
  connectAreas({
    ...composeDeps(config),
    rateLimiter: dynamoRateLimiter(db, config.tableName, 1),
    clock,
  });

function caller<R extends RouteDefinition>(route: R, run: RouteRun<R, never>, deps: Deps) {
  const handler = httpRoute(route, run as never, async () => deps);
  return async (body: unknown, sourceIp: string) => {
    const event = apiEvent({
      method: route.method,
      path: route.path,
      headers: jsonHeaders,
      body: JSON.stringify(body),
    });
    event.requestContext.http.sourceIp = sourceIp;
    const result = (await handler(event, { ...testContext, awsRequestId: randomUUID() })) as {
      statusCode: number;
      body: string;
      headers?: Record<string, string>;
    };
    return {
      status: result.statusCode,
      body: JSON.parse(result.body) as Record<string, unknown>,
      headers: result.headers ?? {},
    };
  };
}

const expectLimited = (
  answer: { status: number; body: Record<string, unknown>; headers: Record<string, string> },
  what: string,
  source = 'from your network',
) => {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({
    message: expect.stringMatching(new RegExp(`^Too many ${what} ${source}\\. Please try again in `)),
    code: 'TOO_MANY_REQUESTS',
  });
  expect(Number(answer.headers['Retry-After'])).toBe(answer.body.retryAfterSeconds);
  expect(Number(answer.headers['Retry-After'])).toBeGreaterThan(0);
};

/** 09:00, 09:30 … on weekdays from Tuesday 3 March 2026 (New York, EST): distinct bookable times. */
const slot = (n: number) => {
  const day = 3 + Math.floor(n / 16);
  const minutes = 9 * 60 + (n % 16) * 30;
  return isoWithOffset(Date.UTC(2026, 2, day, Math.floor(minutes / 60) + 5, minutes % 60), '-05:00');
};

describe('booking limits', () => {
  it('allows 6 bookings with one host from one address a day; the 7th is 429 and writes nothing; other addresses still book', async () => {
    const host = await fixtures.host();
    const event = await fixtures.eventType(host.id);
    const book = caller(routes.createBooking, createBookingRun as never, productionDeps());
    const ip = address();
    for (let n = 0; n < 6; n++)
      expect((await book(bookingRequest(event, slot(n)), ip)).status, `booking ${n + 1}`).toBe(201);
    expectLimited(await book(bookingRequest(event, slot(6)), ip), 'bookings with this host');
    expect(await fixtures.bookingsOf(host.id)).toHaveLength(6);
    expect((await book(bookingRequest(event, slot(6)), address())).status).toBe(201);
  });

  it('allows 30 bookings an hour from one address across hosts; the 31st is 429', async () => {
    const ip = address();
    const book = caller(routes.createBooking, createBookingRun as never, productionDeps());
    const hosts = await Promise.all([0, 1, 2, 3, 4, 5].map(() => fixtures.host()));
    const events = await Promise.all(hosts.map((host) => fixtures.eventType(host.id)));
    for (let n = 0; n < 30; n++) {
      expect((await book(bookingRequest(events[n % 6]!, slot(n)), ip)).status, `booking ${n + 1}`).toBe(201);
    }
    const extraHost = await fixtures.host();
    const extraEvent = await fixtures.eventType(extraHost.id);
    expectLimited(await book(bookingRequest(extraEvent, slot(0)), ip), 'bookings');
    expect(await fixtures.bookingsOf(extraHost.id)).toHaveLength(0);
  });
});

describe('reschedules (issue 30)', () => {
  it("are not counted against the address's booking limit, and a booking moves at most 5 times", async () => {
    const host = await fixtures.host();
    const event = await fixtures.eventType(host.id);
    const book = caller(routes.createBooking, createBookingRun as never, productionDeps());
    const ip = address();
    const made: (Record<string, unknown> & { start: string })[] = [];
    for (let n = 0; n < 6; n++) {
      const answer = await book(bookingRequest(event, slot(n)), ip);
      expect(answer.status, `booking ${n + 1}`).toBe(201);
      made.push({ ...answer.body, start: slot(n) });
    }
    expectLimited(await book(bookingRequest(event, slot(6)), ip), 'bookings with this host');

    // The guest of the first booking moves it with its own link, five times: each replaces it, none is refused.
    let current = { bookingId: String(made[0]!.bookingId), token: String(made[0]!.rescheduleToken), start: slot(0) };
    for (let move = 1; move <= 5; move++) {
      const start = slot(8 + move);
      const answer = await book(
        bookingRequest(event, start, {
          reschedule: { bookingId: current.bookingId, startTime: current.start, token: current.token },
        }),
        ip,
      );
      expect(answer.status, `reschedule ${move}: ${JSON.stringify(answer.body)}`).toBe(201);
      current = { bookingId: String(answer.body.bookingId), token: String(answer.body.rescheduleToken), start };
    }
    expect(await fixtures.bookingsOf(host.id)).toHaveLength(11);

    // The sixth is refused, and nothing changes.
    const sixth = await book(
      bookingRequest(event, slot(15), {
        reschedule: { bookingId: current.bookingId, startTime: current.start, token: current.token },
      }),
      ip,
    );
    expect(sixth).toMatchObject({ status: 409, body: { message: RESCHEDULE_LIMIT_REACHED } });
    expect(await fixtures.bookingsOf(host.id)).toHaveLength(11);
    // A made-up link is still not a way around the limit: 404, nothing written.
    const forged = await book(
      bookingRequest(event, slot(7), {
        reschedule: { bookingId: randomUUID(), startTime: slot(1), token: 'x'.repeat(43) },
      }),
      ip,
    );
    expect(forged.status).toBe(404);
    expect(await fixtures.bookingsOf(host.id)).toHaveLength(11);
  });
});

describe('registration limits and floods', () => {
  it('allows 5 new accounts an hour from one address; the 6th is 429 and creates nothing', async () => {
    const deps = {
      ...productionDeps(),
      clock: { now: () => new Date() },
      passwords: scryptPasswords({ N: 2 ** 10, r: 8, p: 1 }),
    };
    const register = caller(routes.register, registerRun as never, deps);
    const ip = address();
    for (let n = 0; n < 5; n++) {
      expect(
        (await register({ name: 'Flood', email: `flood-${randomUUID()}@example.com`, password: 'secret1' }, ip)).status,
      ).toBe(201);
    }
    const email = `flood-${randomUUID()}@example.com`;
    expectLimited(await register({ name: 'Flood', email, password: 'secret1' }, ip), 'new accounts');
    expect(await deps.accounts.findByEmail(email)).toBeNull();
  });

  it('answers a flood of 40 registrations 201 or 503 with Retry-After, each true to what was written; sign-ins go on', async () => {
    // One process's deps (one scrypt lane), production password parameters, distinct addresses (not the per-address limit).
    const deps = {
      ...productionDeps(),
      clock: { now: () => new Date() },
      // The suite's stacks hash cheaply (PASSWORD_HASH_COST=low): this flood needs the cost every stage has.
      passwords: scryptPasswords(SCRYPT_PARAMS.standard),
    };
    const register = caller(routes.register, registerRun as never, deps);
    const login = caller(routes.login, loginRun as never, deps);
    // The member who signs in during the flood registers with the suite's cheap hash (a stored hash carries its own
    // parameters, so checking it stays cheap): the flood's hashes are the only production-cost work here.
    const cheap = { ...deps, passwords: scryptPasswords(SCRYPT_PARAMS.low) };
    const member = { name: 'Member', email: `member-${randomUUID()}@example.com`, password: 'member secret' };
    expect((await caller(routes.register, registerRun as never, cheap)(member, address())).status).toBe(201);

    const people = Array.from({ length: 40 }, (_, n) => ({
      name: `Person ${n}`,
      email: `crowd-${n}-${randomUUID()}@example.com`,
      password: 'crowd secret',
    }));
    const flood = Promise.all(people.map((person) => register(person, address())));
    // While the flood is in hand, a sign-in is not refused: it has its own lane.
    const duringFlood = await login({ username: member.email, password: member.password }, address());
    const answers = await flood;
    expect(duringFlood.status).toBe(200);

    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 201 || status === 503),
      statuses.join(','),
    ).toBe(true);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    for (const [index, answer] of answers.entries()) {
      const stored = await deps.accounts.findByEmail(people[index]!.email);
      if (answer.status === 201) expect(stored, `person ${index}`).not.toBeNull();
      else {
        expect(answer.body).toMatchObject({
          message: 'The server is busy. Please try again in a few seconds.',
          code: 'OVERLOADED',
        });
        expect(Number(answer.headers['Retry-After'])).toBeGreaterThan(0);
        expect(stored, `person ${index}`).toBeNull();
      }
    }
    // A refused person's retry succeeds.
    const refused = people[answers.findIndex((answer) => answer.status === 503)]!;
    expect((await register(refused, address())).status).toBe(201);
    // Ten production-cost hashes (the lane's 1 + 8 admitted, the retry) of 0.6 s each on one quiet core here: 6 s
    // alone, several times that while the browser tests and the checks share the machine's two cores.
  }, 120_000);

  it('answers a second registration of an address the same whatever the password: no password oracle (issue 30)', async () => {
    const deps = {
      ...productionDeps(),
      clock: { now: () => new Date() },
      passwords: scryptPasswords({ N: 2 ** 10, r: 8, p: 1 }),
    };
    const register = caller(routes.register, registerRun as never, deps);
    const person = { name: 'Retry', email: `retry-${randomUUID()}@example.com`, password: 'secret1' };
    const first = await register(person, address());
    expect(first.status).toBe(201);
    // The account's own password and another one get the same answer: it cannot tell a caller which one is right.
    const again = await register(person, address());
    const other = await register({ ...person, password: 'other secret' }, address());
    expect(again.status).toBe(409);
    expect(other.status).toBe(409);
    expect(other.body).toEqual(again.body);
  });
});

describe('contact limits', () => {
  it('mails 5 messages an hour from one address; the 6th is 429, neither stored nor mailed', async () => {
    const contact = caller(routes.submitContact, submitContactRun as never, {
      ...productionDeps(),
      clock: { now: () => new Date() },
    });
    const ip = address();
    const tag = randomUUID();
    const message = (n: number) => ({
      name: 'Sam',
      email: 'sam@example.com',
      subject: `Limit ${tag} ${n}`,
      message: 'Hello there, a question.',
    });
    for (let n = 0; n < 5; n++) expect((await contact(message(n), ip)).status).toBe(200);
    expectLimited(await contact(message(5), ip), 'messages');
    const mailed = (await sentEmails(config.sesEndpoint!)).filter((mail) => mail.subject.includes(tag));
    expect(mailed).toHaveLength(5);
  });
});

describe('sign-in and confirmation link limits', () => {
  const links = () =>
    caller(routes.manualLogin, manualLoginRun as never, { ...productionDeps(), clock: { now: () => new Date() } });
  const linksTo = async (email: string) =>
    (await sentEmails(config.sesEndpoint!)).filter(
      (mail) => mail.destination.to.includes(email) && mail.subject === 'Your Meetwise sign-in link',
    ).length;
  const account = async () => {
    const email = `linked-${randomUUID()}@example.com`;
    const register = caller(routes.register, registerRun as never, {
      ...productionDeps(),
      clock: { now: () => new Date() },
      passwords: scryptPasswords({ N: 2 ** 10, r: 8, p: 1 }),
    });
    expect((await register({ name: 'Lin Ked', email, password: 'secret1' }, address())).status).toBe(201);
    return email;
  };

  it('mails 3 sign-in links for one e-mail from one address in 15 minutes; the 4th is 429, for an unknown e-mail too', async () => {
    const request = links();
    const email = await account();
    const stranger = `nobody-${randomUUID()}@example.com`;
    const ip = address();
    for (let n = 0; n < 3; n++) {
      expect((await request({ email: email.toUpperCase() }, ip)).status).toBe(200);
      expect((await request({ email: stranger }, ip)).status).toBe(200);
    }
    const known = await request({ email }, ip);
    const unknown = await request({ email: stranger }, ip);
    expectLimited(known, 'sign-in links for this e-mail address');
    // Counted whether or not the address has an account: the refusal tells nothing about it.
    expect(unknown.status).toBe(known.status);
    expect(unknown.body.message).toBe(known.body.message);
    expect(await linksTo(email)).toBe(3);
  });

  it('mails at most 10 links to one e-mail from all addresses together, so one address alone cannot keep its owner out', async () => {
    const request = links();
    const email = await account();
    for (let n = 0; n < 10; n++) expect((await request({ email }, address())).status, `link ${n + 1}`).toBe(200);
    expectLimited(await request({ email }, address()), 'sign-in links for this e-mail address', 'in a short time');
    expect(await linksTo(email)).toBe(10);
  });

  it('takes 20 sign-in link requests from one address in 15 minutes; the 21st is 429', async () => {
    const request = links();
    const ip = address();
    for (let n = 0; n < 20; n++)
      expect((await request({ email: `many-${n}-${randomUUID()}@example.com` }, ip)).status).toBe(200);
    expectLimited(await request({ email: `many-${randomUUID()}@example.com` }, ip), 'sign-in links');
  });

  it('mails 3 confirmation e-mails per account in 15 minutes, a new address for the profile counting too; then 429', async () => {
    const email = await account();
    const userId = (await productionDeps().accounts.findByEmail(email))!.id;
    const signedIn = {
      ...productionDeps(),
      clock: { now: () => new Date() },
      sessions: { authenticate: async () => ({ userId, isAdmin: false, sessionId: 's' }) },
    };
    const resend = caller(routes.resendVerification, resendVerificationRun as never, signedIn);
    const update = caller(routes.updateProfile, updateProfileRun as never, signedIn);
    const ip = address();
    for (let n = 0; n < 2; n++) expect((await resend({}, ip)).status).toBe(200);
    const next = `next-${randomUUID()}@example.com`;
    expect((await update({ name: 'Lin Ked', email: next }, ip)).status).toBe(200);
    expectLimited(await resend({}, address()), 'confirmation e-mails', 'for your account');
    const later = `later-${randomUUID()}@example.com`;
    expectLimited(
      await update({ name: 'Lin Ked', email: later }, address()),
      'confirmation e-mails',
      'for your account',
    );
    expect((await sentEmails(config.sesEndpoint!)).filter((mail) => mail.destination.to.includes(later))).toHaveLength(
      0,
    );
    expect(await productionDeps().accounts.findByEmail(email)).toMatchObject({ pendingEmail: next });
  });
});

describe('team invitation limits (issue 28)', () => {
  it('allows 5 invitations to one address a day from any team; the 6th is 429 and writes nothing', async () => {
    const deps = { ...productionDeps(), clock: { now: () => new Date() } };
    const owners = await Promise.all(
      [0, 1].map(async () => {
        const id = `inviter-${randomUUID()}`;
        expect(
          await deps.accounts.create({
            id,
            name: 'Inviter',
            email: `${id}@example.com`,
            username: id,
            photoUrl: null,
            createdAt: new Date().toISOString(),
            passwordHash: null,
            role: null,
            googleSubject: null,
            emailVerified: true,
          }),
        ).toBe('created');
        const slug = `limits-${randomBytes(4).toString('hex')}`;
        const now = new Date().toISOString();
        const teamId = randomUUID();
        await deps.teams.create(
          { id: teamId, name: 'Limits', slug, logoUrl: null, createdAt: now, createdBy: id },
          { teamId, userId: id, role: 'owner', joinedAt: now },
        );
        return { id, slug };
      }),
    );
    const invite = async (owner: { id: string; slug: string }, email: string) => {
      const principal = { userId: owner.id, isAdmin: false, sessionId: 'test' };
      const handler = httpRoute(routes.inviteTeamMember, inviteTeamMemberRun as never, async () => ({
        ...deps,
        sessions: { authenticate: async () => principal },
      }));
      const result = (await handler(
        apiEvent({
          method: 'POST',
          path: `/api/teams/${owner.slug}/invitations`,
          pathParameters: { slug: owner.slug },
          headers: jsonHeaders,
          body: JSON.stringify({ email, role: 'member' }),
        }),
        { ...testContext, awsRequestId: randomUUID() },
      )) as { statusCode: number; body: string; headers?: Record<string, string> };
      return {
        status: result.statusCode,
        body: JSON.parse(result.body) as Record<string, unknown>,
        headers: result.headers ?? {},
      };
    };
    const email = `invited-${randomUUID()}@example.com`;
    // Sending again counts too: the same address from two teams, five times in all.
    for (let n = 0; n < 5; n++) expect((await invite(owners[n % 2]!, email)).status, `invitation ${n + 1}`).toBe(201);
    expectLimited(await invite(owners[0]!, email.toUpperCase()), 'invitations to this e-mail address', 'today');
    expect(await deps.teams.invitationsFor(email)).toHaveLength(2);
    // Another address is still invited.
    expect((await invite(owners[0]!, `other-${randomUUID()}@example.com`)).status).toBe(201);
  });
});
