import { describe, expect, it } from 'vitest';

import { eventBody, eventPatchBody, hostEventSchema } from '#shared/api/schemas/host-events';
import { teamAcceptsBookings } from '#functions/app/booking/public-event';
import type { HostRecord, TeamEventHost } from '#functions/domain/records';
import { eventBody as editorBody } from '#test/support/event-body';

/** The team fields of the event editor's body (issue 28) and when a team event takes bookings. */

const team = { teamSlug: 'sales', schedulingType: 'round-robin' };

describe('the team fields of the editor body', () => {
  it('fills in fixed (false) and weight (100), and leaves a body without team fields as it was', () => {
    const parsed = eventBody.parse(editorBody({ ...team, hosts: [{ userId: 'a' }, { userId: 'b', weight: 1000 }] }));
    expect(parsed.hosts).toEqual([
      { userId: 'a', fixed: false, weight: 100 },
      { userId: 'b', fixed: false, weight: 1000 },
    ]);
    const personal = eventBody.parse(editorBody());
    expect(personal).not.toHaveProperty('teamSlug');
    expect(personal).not.toHaveProperty('hosts');
  });

  it('takes nulls for a personal event, and the same fields in the PATCH union', () => {
    expect(eventBody.safeParse(editorBody({ teamSlug: null, schedulingType: null, hosts: null })).success).toBe(true);
    expect(
      eventPatchBody.parse(editorBody({ ...team, hosts: [{ userId: 'a', fixed: true }, { userId: 'b' }] })),
    ).toMatchObject({
      hosts: [{ fixed: true }, { fixed: false }],
    });
    expect(eventPatchBody.parse({ active: false })).toEqual({ active: false });
  });

  it('refuses a team event body whose rules do not hold, naming the field', () => {
    const issues = (body: Record<string, unknown>) =>
      eventPatchBody.safeParse(editorBody(body)).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ teamSlug: 'sales', hosts: [{ userId: 'a' }] })).toEqual([
      ['schedulingType', 'Please choose how the team is booked: collective or round-robin.'],
    ]);
    expect(issues({ schedulingType: 'collective', teamSlug: null })).toEqual([
      ['teamSlug', 'Please choose the team whose members host the event.'],
    ]);
    expect(issues({ ...team, schedulingType: 'collective', hosts: [{ userId: 'a', fixed: true }] })).toEqual([
      ['hosts', 'Fixed hosts are for round-robin events: on a collective event every host attends.'],
    ]);
    expect(issues({ ...team, hosts: Array.from({ length: 51 }, (_, index) => ({ userId: `u${index}` })) })).toEqual([
      ['hosts', 'A team event can have at most 50 hosts.'],
    ]);
    // One booking locks every attending host in one transaction (at most 100 writes): 16 attend at most.
    const many = (count: number, fixed: boolean) =>
      Array.from({ length: count }, (_, index) => ({ userId: `u${index}`, fixed }));
    expect(issues({ ...team, schedulingType: 'collective', hosts: many(17, false) })).toEqual([
      ['hosts', 'At most 16 hosts can attend one meeting: choose fewer hosts.'],
    ]);
    expect(issues({ ...team, schedulingType: 'collective', hosts: many(16, false) })).toBeUndefined();
    expect(issues({ ...team, hosts: [...many(16, true), { userId: 'pool', fixed: false }] })).toEqual([
      ['hosts', 'At most 16 hosts can attend one meeting: choose fewer fixed hosts.'],
    ]);
    expect(issues({ ...team, hosts: [...many(15, true), { userId: 'pool', fixed: false }] })).toBeUndefined();
    expect(issues({ ...team, hosts: many(50, false) })).toBeUndefined();
  });

  it('has the host view carry the team fields (null for a personal event)', () => {
    expect(Object.keys(hostEventSchema.shape)).toEqual(
      expect.arrayContaining(['teamSlug', 'teamName', 'schedulingType', 'hosts', 'teamRole']),
    );
  });
});

describe('whether a team event takes bookings', () => {
  const host = (id: string, connected: boolean): [string, HostRecord] => [
    id,
    {
      id,
      name: id,
      email: `${id}@example.com`,
      username: id,
      photoUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      calendar: { provider: 'builtin', connected, email: null, lastSynced: null },
    },
  ];
  const hosts = (...entries: [string, HostRecord][]) => new Map(entries);
  const of = (...ids: [string, boolean?][]): TeamEventHost[] =>
    ids.map(([userId, fixed = false]) => ({ userId, fixed, weight: 100 }));

  it('collective: every host needs a calendar', () => {
    const event = { schedulingType: 'collective' as const, hosts: of(['a'], ['b']) };
    expect(teamAcceptsBookings(event, hosts(host('a', true), host('b', true)))).toBe(true);
    expect(teamAcceptsBookings(event, hosts(host('a', true), host('b', false)))).toBe(false);
    // A host whose account is gone cannot attend.
    expect(teamAcceptsBookings(event, hosts(host('a', true)))).toBe(false);
  });

  it('round-robin: every fixed host and at least one of the pool', () => {
    const event = { schedulingType: 'round-robin' as const, hosts: of(['f', true], ['a'], ['b']) };
    expect(teamAcceptsBookings(event, hosts(host('f', true), host('a', false), host('b', true)))).toBe(true);
    expect(teamAcceptsBookings(event, hosts(host('f', true), host('a', false), host('b', false)))).toBe(false);
    expect(teamAcceptsBookings(event, hosts(host('f', false), host('a', true), host('b', true)))).toBe(false);
  });

  it('no hosts: nothing to book', () => {
    expect(teamAcceptsBookings({ schedulingType: 'collective', hosts: [] }, new Map())).toBe(false);
  });
});
