import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';

import { routes } from '#shared/api/routes';
import { DEFAULT_SETTINGS } from '#shared/constants';
import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { handler as getHandler, run as getRun } from '#functions/handlers/getSettings';
import { handler as updateHandler, run as updateRun } from '#functions/handlers/updateSettings';
import { httpRoute } from '#functions/http/route-handler';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { depsAs, integrationConfig } from '#test/support/local-stack';

/** GET and PUT /api/settings against DynamoDB Local. Accounts do not exist yet, so admins are injected as principals. */

const config = integrationConfig();
const admin = depsAs(config, { userId: 'admin-1', isAdmin: true, sessionId: 'test-session' });
const host = depsAs(config, { userId: 'host-1', isAdmin: false, sessionId: 'test-session' });
const db = createDocumentClient(createDynamoClient(config));

const publicDefaults = {
  availableForBookings: true,
  autoConfirmBookings: true,
  emailNotifications: true,
  meetingDuration: 30,
  breakBetweenMeetings: 0,
};

function parse(result: unknown) {
  const { statusCode, body } = result as { statusCode: number; body: string };
  return { status: statusCode, body: JSON.parse(body) };
}
const put = (body: unknown, deps = admin) =>
  httpRoute(
    routes.updateSettings,
    updateRun,
    deps,
  )(
    apiEvent({ method: 'PUT', path: '/api/settings', headers: jsonHeaders, body: JSON.stringify(body) }),
    testContext,
  ).then(parse);
const getAs = (deps: typeof admin) =>
  httpRoute(
    routes.getSettings,
    getRun,
    deps,
  )(apiEvent({ method: 'GET', path: '/api/settings' }), testContext).then(parse);

beforeEach(async () => {
  await db.send(new DeleteCommand({ TableName: config.tableName, Key: { pk: 'SETTINGS', sk: 'GLOBAL' } }));
});

describe('GET /api/settings', () => {
  it('answers the spec defaults before anything is saved, without the admin-only fields', async () => {
    const result = parse(await getHandler(apiEvent({ method: 'GET', path: '/api/settings' }), testContext));
    expect(result).toEqual({ status: 200, body: publicDefaults });
  });

  it('includes adminEmail and googleCalendarId for administrators', async () => {
    expect(await getAs(admin)).toEqual({ status: 200, body: { ...DEFAULT_SETTINGS } });
    expect((await getAs(host)).body).toEqual(publicDefaults);
  });
});

describe('PUT /api/settings', () => {
  it('answers 401 to a caller without a session (everyone, until accounts exist)', async () => {
    const result = parse(
      await updateHandler(
        apiEvent({
          method: 'PUT',
          path: '/api/settings',
          headers: jsonHeaders,
          body: JSON.stringify({ meetingDuration: 45 }),
        }),
        testContext,
      ),
    );
    expect(result).toEqual({ status: 401, body: { message: 'Authentication required.', code: 'UNAUTHORIZED' } });
    expect((await getAs(admin)).body.meetingDuration).toBe(30);
  });

  it('answers 403 to a signed-in host who is not an administrator', async () => {
    expect(await put({ meetingDuration: 45 }, host)).toEqual({
      status: 403,
      body: { message: 'Administrator access required.', code: 'FORBIDDEN' },
    });
    expect((await getAs(admin)).body.meetingDuration).toBe(30);
  });

  it('saves a change from an administrator and answers the saved settings', async () => {
    const full = { ...DEFAULT_SETTINGS, meetingDuration: 45, breakBetweenMeetings: 15, adminEmail: 'ops@example.com' };
    expect(await put(full)).toEqual({ status: 200, body: full });
    expect(await put({ emailNotifications: false })).toEqual({
      status: 200,
      body: { ...full, emailNotifications: false },
    });
    expect((await getAs(admin)).body).toEqual({ ...full, emailNotifications: false });
  });

  it('keeps both of two concurrent changes to different settings', async () => {
    const [a, b] = await Promise.all([put({ meetingDuration: 60 }), put({ breakBetweenMeetings: 10 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await getAs(admin)).body).toMatchObject({ meetingDuration: 60, breakBetweenMeetings: 10 });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    [
      'a meeting duration outside 15/30/45/60',
      { meetingDuration: 20 },
      'Meeting duration must be one of 15, 30, 45, 60 minutes.',
    ],
    ['a meeting duration of 90', { meetingDuration: 90 }, 'Meeting duration must be one of 15, 30, 45, 60 minutes.'],
    [
      'a break outside 0/5/10/15/30',
      { breakBetweenMeetings: 20 },
      'Break between meetings must be one of 0, 5, 10, 15, 30 minutes.',
    ],
    [
      'a negative break',
      { breakBetweenMeetings: -5 },
      'Break between meetings must be one of 0, 5, 10, 15, 30 minutes.',
    ],
    ['a duration sent as text', { meetingDuration: '30' }, 'Meeting duration must be one of 15, 30, 45, 60 minutes.'],
    ['an invalid admin e-mail', { adminEmail: 'ops@' }, 'Please enter a valid email address.'],
    ['an unknown field', { theme: 'dark' }, 'Unknown field: "theme".'],
    ['an empty object', {}, 'Send at least one setting to change.'],
  ];
  for (const [label, body, message] of bad) {
    it(`refuses ${label} with 400 and changes nothing`, async () => {
      expect(await put(body)).toMatchObject({ status: 400, body: { message, code: 'VALIDATION_FAILED' } });
      expect((await getAs(admin)).body).toEqual({ ...DEFAULT_SETTINGS });
    });
  }
});
