import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { routes } from '#shared/api/routes';
import { run as submitContactRun } from '#functions/handlers/submitContact';
import { httpRoute } from '#functions/http/route-handler';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { depsAs, integrationConfig, sentEmails, startAppServer, tableReader } from '#test/support/local-stack';

/** POST /api/contact/submit through the local server (API Gateway event → handler → DynamoDB Local + SES emulator). */

const config = integrationConfig();
const table = tableReader(config);
let app: Awaited<ReturnType<typeof startAppServer>>;

beforeAll(async () => {
  app = await startAppServer();
});
afterAll(() => app.close());

/** A unique sender per test, so that what was stored and mailed can be found (or proven absent) exactly. */
const sender = () => `guest-${randomUUID().slice(0, 8)}@example.com`;

const valid = (email: string) => ({
  name: 'Ada Lovelace',
  email,
  subject: 'Question about plans',
  message: 'Can I connect two calendars to one account?',
});

function post(body: string, headers: Record<string, string> = jsonHeaders) {
  return fetch(`${app.baseUrl}/api/contact/submit`, { method: 'POST', headers, body });
}

async function storedFrom(email: string) {
  return (await table.byGsi1('CONTACT')).filter((item) => item.email === email);
}
async function mailedFrom(email: string) {
  return (await sentEmails(inject('sesEndpoint'))).filter((mail) => mail.replyTo.includes(email));
}

async function expectNothingWritten(email: string) {
  expect(await storedFrom(email)).toEqual([]);
  expect(await mailedFrom(email)).toEqual([]);
}

describe('POST /api/contact/submit', () => {
  it('stores the message and mails it to the admin address, reply-to the sender', async () => {
    const email = sender();
    const response = await post(JSON.stringify(valid(email)));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Thanks for your message. We'll get back to you soon." });

    const [stored, ...more] = await storedFrom(email);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ name: 'Ada Lovelace', subject: 'Question about plans', type: 'ContactMessage' });
    expect(Date.parse(String(stored!.createdAt))).not.toBeNaN();

    const mails = await mailedFrom(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.destination.to).toEqual(['admin@meetwise.test']);
    expect(mails[0]!.from).toBe('no-reply@meetwise.test');
    expect(mails[0]!.subject).toBe('[Meetwise contact] Question about plans');
    expect(mails[0]!.body.text).toContain('Can I connect two calendars to one account?');
    expect(mails[0]!.body.text).toContain(`Ada Lovelace <${email}>`);
    expect(mails[0]!.body.html).toContain('Can I connect two calendars to one account?');
    expect(mails[0]!.body.html).toContain(`Ada Lovelace &lt;${email}&gt;`);
  });

  it('trims surrounding spaces before storing', async () => {
    const email = sender();
    const response = await post(JSON.stringify({ ...valid(` ${email} `), name: '  Ada  ' }));
    expect(response.status).toBe(200);
    expect((await storedFrom(email))[0]).toMatchObject({ name: 'Ada', email });
  });

  const fieldCases: [string, Record<string, unknown>, string][] = [
    ['a name shorter than 2', { name: 'A' }, 'Name must be at least 2 characters.'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['a subject shorter than 5', { subject: 'Hey' }, 'Subject must be at least 5 characters.'],
    ['a message shorter than 10', { message: 'Too short' }, 'Message must be at least 10 characters.'],
    [
      'a name with CR LF (header injection)',
      { name: 'Ada\r\nBcc: victim@example.com' },
      'Name must not contain line breaks.',
    ],
    ['a subject with LF', { subject: 'Hello\nBcc: victim@example.com' }, 'Subject must not contain line breaks.'],
    ['a missing message', { message: undefined }, 'Message is required.'],
    ['a name that is not text', { name: 42 }, 'Name must be text.'],
  ];
  for (const [label, change, message] of fieldCases) {
    it(`refuses ${label} with 400 "${message}" and writes nothing`, async () => {
      const email = sender();
      const response = await post(JSON.stringify({ ...valid(email), ...change }));
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
      expect(body.details).toContainEqual(expect.objectContaining({ message }));
      await expectNothingWritten(email);
    });
  }

  it('refuses CR or LF in the e-mail (header injection) with 400 and writes nothing', async () => {
    const email = sender();
    const response = await post(JSON.stringify({ ...valid(email), email: `${email}\r\nBcc: victim@example.com` }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Email must not contain line breaks.' });
    await expectNothingWritten(email);
    expect(await mailedFrom(`${email}\r\nBcc: victim@example.com`)).toEqual([]);
  });

  it('refuses unknown extra fields with 400 and writes nothing', async () => {
    const email = sender();
    const response = await post(JSON.stringify({ ...valid(email), isAdmin: true }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Unknown field: "isAdmin".', code: 'VALIDATION_FAILED' });
    await expectNothingWritten(email);
  });

  it('refuses a body over 16 KB with 413 and writes nothing', async () => {
    const email = sender();
    const response = await post(JSON.stringify({ ...valid(email), message: 'x'.repeat(17 * 1024) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      message: 'Request body is too large (limit 16 KB).',
      code: 'PAYLOAD_TOO_LARGE',
    });
    await expectNothingWritten(email);
  });

  it('refuses a text/plain body with 415 and writes nothing', async () => {
    const email = sender();
    const response = await post(JSON.stringify(valid(email)), { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: 'Content-Type must be application/json.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    await expectNothingWritten(email);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await post('{"name": "Ada",');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Malformed JSON body.', code: 'VALIDATION_FAILED' });
  });

  it('refuses a missing body with 400', async () => {
    const response = await post('');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Request body is required.', code: 'VALIDATION_FAILED' });
  });

  it('answers 503 and keeps nothing when the mail cannot be sent', async () => {
    const email = sender();
    const handler = httpRoute(
      routes.submitContact,
      submitContactRun,
      depsAs(config, null, {
        mailer: {
          send: async () => {
            throw new Error('SES throttled');
          },
        },
        logger: { info() {}, warn() {}, error() {} },
      }),
    );
    const result = await handler(
      apiEvent({
        method: 'POST',
        path: '/api/contact/submit',
        headers: jsonHeaders,
        body: JSON.stringify(valid(email)),
      }),
      testContext,
    );
    expect(result).toMatchObject({ statusCode: 503 });
    expect(JSON.parse((result as { body: string }).body)).toEqual({
      message: "Your message couldn't be sent. Please try again later.",
      code: 'SERVICE_UNAVAILABLE',
    });
    await expectNothingWritten(email);
  });
});
