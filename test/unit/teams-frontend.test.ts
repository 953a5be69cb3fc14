import { describe, expect, it } from 'vitest';

import type { PublicEvent } from '#shared/api/schemas/events';
import { eventBody } from '#shared/api/schemas/host-events';
import type { PublicTeam } from '#shared/api/schemas/teams';
import { teamSlugOf } from '#frontend/app/layout-rules.ts';
import { newEventFormValues, toEventBody } from '#frontend/features/event-editor/lib/event-form.ts';
import {
  changeHost,
  everyMember,
  initialTeamChoice,
  teamBodyFields,
  toggleHost,
} from '#frontend/features/event-editor/lib/team-hosts.ts';
import { logoProblem, memberActions, statusLabel, suggestTeamSlug } from '#frontend/features/teams/lib/team-rules.ts';
import { renderBookingPage } from '#frontend/prerender/booking-page.tsx';
import { renderTeamPage } from '#frontend/prerender/team-page.tsx';
import { builtSource } from '#frontend/shell/inline-scripts.ts';

/** Team scheduling's front end (issue 28): the Teams screens' rules, the editor's team part, the team's public page. */

describe('the Teams screens', () => {
  it('lets owners and admins manage others, never touch the last owner, and lets anyone else leave', () => {
    const owner = { userId: 'o', role: 'owner' };
    const admin = { userId: 'a', role: 'admin' };
    const member = { userId: 'm', role: 'member' };
    expect(memberActions(owner, member, 1)).toEqual({ changeRole: true, remove: true, leave: false });
    expect(memberActions(admin, member, 1)).toEqual({ changeRole: true, remove: true, leave: false });
    // An admin does not touch an owner; the last owner can neither leave nor lose the role.
    expect(memberActions(admin, owner, 2)).toEqual({ changeRole: false, remove: false, leave: false });
    expect(memberActions(owner, owner, 1)).toEqual({ changeRole: false, remove: false, leave: false });
    expect(memberActions(owner, owner, 2)).toEqual({ changeRole: true, remove: false, leave: true });
    expect(memberActions(member, member, 1)).toEqual({ changeRole: false, remove: false, leave: true });
    expect(memberActions(member, admin, 1)).toEqual({ changeRole: false, remove: false, leave: false });
  });

  it('suggests a team slug from the name, checks a logo before upload and names a status', () => {
    expect(suggestTeamSlug('Sales Team – Zürich')).toBe('sales-team-zurich');
    expect(suggestTeamSlug('AB')).toBe('ab-team');
    expect(suggestTeamSlug('Invitations')).toBe('invitations-team');
    expect(suggestTeamSlug('2024')).toBe('2024-team');
    expect(suggestTeamSlug('!!!')).toBe('');
    expect(logoProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(logoProblem({ type: 'image/svg+xml', size: 1000 })?.title).toBe('Invalid file type');
    expect(logoProblem({ type: 'image/png', size: 6 * 1024 * 1024 })?.title).toBe('File too large');
    expect(statusLabel('no-calendar')).toBe('No calendar');
    expect(statusLabel('active')).toBe('Active');
  });
});

describe("the event editor's team part", () => {
  it('starts from ?team= (round-robin, every member once known) or from a team event, and is none for a personal one', () => {
    expect(initialTeamChoice(null, null)).toBeNull();
    expect(initialTeamChoice(null, 'Sales')).toEqual({ teamSlug: 'sales', schedulingType: 'round-robin', hosts: null });
    const teamEvent = {
      teamSlug: 'sales',
      schedulingType: 'collective' as const,
      hosts: [{ userId: 'u1', name: 'Ada', photoUrl: null, fixed: false, weight: 150 }],
    };
    expect(initialTeamChoice(teamEvent, null)).toEqual({
      teamSlug: 'sales',
      schedulingType: 'collective',
      hosts: [{ userId: 'u1', fixed: false, weight: '150' }],
    });
    expect(initialTeamChoice({ teamSlug: null, schedulingType: null, hosts: null }, 'sales')).toBeNull();
    expect(everyMember([{ userId: 'a' }, { userId: 'b' }])).toEqual([
      { userId: 'a', fixed: false, weight: '100' },
      { userId: 'b', fixed: false, weight: '100' },
    ]);
  });

  it('sends the team fields the shared schema accepts, and its messages for a choice it refuses', () => {
    let hosts = toggleHost([], 'a', true);
    hosts = toggleHost(hosts, 'b', true);
    hosts = changeHost(hosts, 'a', { fixed: true });
    hosts = changeHost(hosts, 'b', { weight: '' });
    const values = {
      ...newEventFormValues(),
      title: 'Sales call',
      slug: 'sales-call',
      locationType: 'phone' as const,
      locationDetail: '+1 555 010 0100',
    };
    const roundRobin = teamBodyFields({ teamSlug: 'sales', schedulingType: 'round-robin', hosts });
    expect(roundRobin).toEqual({
      teamSlug: 'sales',
      schedulingType: 'round-robin',
      hosts: [
        { userId: 'a', fixed: true, weight: 100 },
        { userId: 'b', fixed: false, weight: 100 },
      ],
    });
    expect(eventBody.safeParse({ ...toEventBody(values), ...roundRobin }).success).toBe(true);
    // Collective: nobody is sent as fixed.
    const collective = teamBodyFields({ teamSlug: 'sales', schedulingType: 'collective', hosts });
    expect(collective.hosts?.every((host) => !host.fixed)).toBe(true);
    expect(eventBody.safeParse({ ...toEventBody(values), ...collective }).success).toBe(true);
    // No host, or a weight that is no whole number: the schema's messages, by field.
    const none = eventBody.safeParse({
      ...toEventBody(values),
      ...teamBodyFields({ ...collective, hosts: [] } as never),
    });
    expect(none.error?.issues.map((issue) => issue.path.join('.'))).toContain('hosts');
    const badWeight = teamBodyFields({
      teamSlug: 'sales',
      schedulingType: 'round-robin',
      hosts: changeHost(hosts, 'b', { weight: '1.5' }),
    });
    expect(eventBody.safeParse({ ...toEventBody(values), ...badWeight }).error?.issues[0]?.message).toBe(
      'The weight must be a whole number from 1 to 1000.',
    );
    expect(toggleHost(hosts, 'a', false).map((host) => host.userId)).toEqual(['b']);
    expect(teamBodyFields(null)).toEqual({});
  });
});

const TEMPLATE = builtSource('team');
const BOOKING_TEMPLATE = builtSource('book');
const NOW = new Date('2026-03-10T15:00:00.000Z');
const TEAM: PublicTeam = {
  name: 'Sales <Team>',
  slug: 'sales',
  logoUrl: '/photos/t1/logo.png',
  events: [
    {
      title: 'Demo call',
      slug: 'demo-call',
      description: 'See the product.',
      duration: 30,
      schedulingType: 'round-robin',
      hosts: [
        { name: 'Ada Lovelace', photoUrl: '/photos/u1/a.webp' },
        { name: 'Grace Hopper', photoUrl: null },
      ],
    },
  ],
};

describe("a team's public page, published as HTML", () => {
  it('renders the team, its event types linking to their booking pages and the hosts, with the data inlined', () => {
    const html = renderTeamPage({ template: TEMPLATE, team: TEAM, path: '/team/sales', now: NOW });
    expect(html).toContain('<title>Sales &lt;Team&gt; | Meetwise</title>');
    expect(html).toContain('href="/book/demo-call"');
    expect(html).toContain('Ada Lovelace');
    expect(html).toContain('Grace Hopper');
    expect(html).toContain('src="/photos/u1/a.webp"');
    const data = /<script type="application\/json" id="meetwise-team">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(data).not.toContain('<');
    expect(JSON.parse(data)).toEqual(TEAM);
    expect(() => renderTeamPage({ template: TEMPLATE, team: TEAM, path: '/book/sales', now: NOW })).toThrow();
    // Its own shell: the team page's entry, never the booking page's.
    expect(html).toContain('/src/team-main.tsx');
    expect(html).not.toContain('booking-main');
  });

  it('reads /team/{slug} only', () => {
    expect(teamSlugOf('/team/Sales/')).toBe('sales');
    expect(teamSlugOf('/team/sales/extra')).toBeNull();
    expect(teamSlugOf('/teams/sales')).toBeNull();
  });

  it("draws a team event's booking page with the team's name and logo and the hosts' photos and names", () => {
    const event: PublicEvent = {
      id: 1001,
      userId: 'host-1',
      title: 'Demo call',
      slug: 'demo-call',
      description: '',
      duration: 30,
      location: 'Google Meet',
      color: '#2563eb',
      timeZone: 'America/New_York',
      eventPhotoUrl: null,
      showEventPhoto: false,
      showGuestLogo: false,
      guestLogoUrl: null,
      hostName: 'Sales',
      hostPhotoUrl: '/photos/t1/logo.png',
      showHostPhoto: true,
      bookingTheme: 'light',
      themeColor: null,
      secondaryColor: null,
      customCss: '',
      acceptingBookings: true,
      advanceBookingDays: 60,
      team: { name: 'Sales', slug: 'sales', logoUrl: '/photos/t1/logo.png' },
      schedulingType: 'round-robin',
      hosts: [
        { name: 'Ada Lovelace', photoUrl: '/photos/u1/a.webp' },
        { name: 'Grace Hopper', photoUrl: null },
      ],
    };
    const html = renderBookingPage({ template: BOOKING_TEMPLATE, event, path: '/book/demo-call', now: NOW });
    expect(html).toContain('src="/photos/t1/logo.png"');
    expect(html).toContain('aria-label="Hosts"');
    expect(html).toContain('src="/photos/u1/a.webp"');
    expect(html).toContain('Grace Hopper');
    expect(html).toContain('<title>Demo call with Sales | Meetwise</title>');
  });
});
