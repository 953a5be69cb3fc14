import { beforeAll, describe, expect, it } from 'vitest';

import type { EventRecord } from '#functions/domain/records';
import { bookingApi, bookingFixtures, unique } from '#test/support/booking-fixtures';
import { integrationConfig } from '#test/support/local-stack';

/**
 * GET /api/calendar/sync as the public booking page calls it (when step 1 shows
 * and every 30 s), naming the event whose host's calendar to sync; without an event it is a host's own sync.
 */

const config = integrationConfig();
const fixtures = bookingFixtures(config);
const api = bookingApi(config);

let event: EventRecord;
let withoutCalendar: EventRecord;
let inactive: EventRecord;

beforeAll(async () => {
  const host = await fixtures.host();
  event = await fixtures.eventType(host.id);
  inactive = await fixtures.eventType(host.id, { active: false });
  const unconnected = await fixtures.host({ calendar: false });
  withoutCalendar = await fixtures.eventType(unconnected.id);
});

describe('GET /api/calendar/sync', () => {
  it("syncs the event's host's built-in calendar, by slug or by id, removing nothing", async () => {
    for (const eventId of [event.slug, String(event.id)]) {
      expect(await api.syncCalendar({ eventId })).toMatchObject({
        status: 200,
        body: { message: 'Calendar is up to date.', removed: 0 },
      });
    }
  });

  it('says so when the host has no calendar connected', async () => {
    const result = await api.syncCalendar({ eventId: withoutCalendar.slug });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      message: 'Calendar not connected: Please connect your Google Calendar first',
      removed: 0,
    });
  });

  it('answers 404 for an unknown event, 403 with isInactive for a deactivated one, 400 for a malformed one', async () => {
    expect(await api.syncCalendar({ eventId: `missing-${unique()}` })).toMatchObject({
      status: 404,
      body: { message: 'Event not found.' },
    });
    expect(await api.syncCalendar({ eventId: inactive.slug })).toMatchObject({
      status: 403,
      body: { isInactive: true },
    });
    expect(await api.syncCalendar({ eventId: 'Not a slug!' })).toMatchObject({
      status: 400,
      body: { message: 'eventId must be an event id or an event slug.', code: 'VALIDATION_FAILED' },
    });
  });

  it('answers 401 without an event when nobody is signed in', async () => {
    expect(await api.syncCalendar({})).toMatchObject({
      status: 401,
      body: { message: 'Authentication required.', code: 'UNAUTHORIZED' },
    });
  });
});
