import { marshall } from '@aws-sdk/util-dynamodb';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';

import { matchesStreamFilter, streamFilterPatterns, streamJobs } from '#shared/jobs';
import { pageChangeFromImages } from '#functions/adapters/dynamodb/page-changes';
import { pageKeys, pageWork, shellFileFor, teamPageKey } from '#functions/domain/published-pages';
import { shellHandler } from '#functions/site/serveBookingShell';

/** Booking pages as static HTML (issue 19): which table changes call for which pages. */

const image = (item: Record<string, unknown>) => marshall(item, { removeUndefinedValues: true }) as never;
const event = (slug: string, extra: Record<string, unknown> = {}) =>
  image({ pk: 'EVENT#1001', sk: 'EVENT', type: 'Event', id: 1001, slug, title: 'Intro', ...extra });
const profile = (extra: Record<string, unknown>) =>
  image({ pk: 'USER#u1', sk: 'PROFILE', type: 'User', id: 'u1', name: 'Ada', photoUrl: null, ...extra });

describe('pageChangeFromImages + pageWork', () => {
  it('refreshes an event type’s slug when it is created, edited or deleted, and both slugs when it is renamed', () => {
    expect(pageWork(pageChangeFromImages(undefined, event('intro')))).toEqual({
      slugs: ['intro'],
      hosts: [],
      everyPage: false,
      teams: [],
      teamPagesOf: [],
      teamSlugs: [],
    });
    expect(pageWork(pageChangeFromImages(event('intro'), event('intro', { title: 'New' }))).slugs).toEqual(['intro']);
    expect(pageWork(pageChangeFromImages(event('intro'), event('hello'))).slugs).toEqual(['intro', 'hello']);
    expect(pageWork(pageChangeFromImages(event('intro'), undefined)).slugs).toEqual(['intro']);
  });

  it("refreshes a host's pages when the name, the photo, the calendar connection or the plan changes, and only then", () => {
    const host = (before: never, after: never) => pageWork(pageChangeFromImages(before, after)).hosts;
    expect(host(profile({}), profile({ name: 'Ada Lovelace' }))).toEqual(['u1']);
    expect(host(profile({}), profile({ photoUrl: '/photos/u1/a.webp' }))).toEqual(['u1']);
    expect(host(profile({}), profile({ lastLoginAt: '2026-11-25T10:00:00Z' }))).toEqual([]);
    const calendar = (connected: boolean) =>
      image({ pk: 'USER#u1', sk: 'CALENDAR', type: 'CalendarConnection', connected, lastSynced: String(connected) });
    expect(host(calendar(false), calendar(true))).toEqual(['u1']);
    expect(host(calendar(true), calendar(true))).toEqual([]);
    expect(host(calendar(true), undefined as never)).toEqual(['u1']);
    const plan = (pk: string, status: string) => image({ pk, sk: 'PLAN#sub_1', type: 'Plan', status });
    expect(host(plan('USER#u1', 'incomplete'), plan('USER#u1', 'active'))).toEqual(['u1']);
    expect(host(plan('GUESTBILLING#a@b.c', 'incomplete'), plan('GUESTBILLING#a@b.c', 'active'))).toEqual([]);
  });

  it('refreshes every page when the admin pauses or resumes bookings, and nothing for other items', () => {
    const settings = (availableForBookings: boolean, autoConfirm = true) =>
      image({ pk: 'SETTINGS', sk: 'GLOBAL', type: 'Settings', availableForBookings, autoConfirm });
    expect(pageWork(pageChangeFromImages(settings(true), settings(false))).everyPage).toBe(true);
    expect(pageWork(pageChangeFromImages(settings(true), settings(true, false))).everyPage).toBe(false);
    const booking = image({ pk: 'HOST#u1', sk: 'DAY#2026-12-01#B', type: 'Booking', status: 'confirmed' });
    expect(pageWork(pageChangeFromImages(undefined, booking))).toEqual({
      slugs: [],
      hosts: [],
      everyPage: false,
      teams: [],
      teamPagesOf: [],
      teamSlugs: [],
    });
  });

  it("refreshes a team event type's team page, and a team's page and event types when its name or logo changes", () => {
    const work = (before: never, after: never) => pageWork(pageChangeFromImages(before, after));
    // A team event type: its page and its team's page (the team before and after, when it moved).
    expect(work(undefined as never, event('sales', { teamId: 't1' }))).toMatchObject({
      slugs: ['sales'],
      teamPagesOf: ['t1'],
    });
    expect(work(event('sales', { teamId: 't1' }), event('sales', { teamId: 't2' })).teamPagesOf).toEqual(['t1', 't2']);
    expect(work(undefined as never, event('intro')).teamPagesOf).toEqual([]);
    const team = (extra: Record<string, unknown> = {}) =>
      image({
        pk: 'TEAM#t1',
        sk: 'TEAM',
        type: 'Team',
        id: 't1',
        slug: 'sales',
        name: 'Sales',
        logoUrl: null,
        ...extra,
      });
    expect(work(team(), team({ name: 'Sales EU' }))).toMatchObject({ teams: ['t1'], teamSlugs: ['sales'] });
    expect(work(team(), team({ logoUrl: '/photos/t1/logo.png' }))).toMatchObject({ teams: ['t1'] });
    expect(work(undefined as never, team())).toMatchObject({ teams: ['t1'], teamSlugs: ['sales'] });
    expect(work(team(), undefined as never)).toMatchObject({ teamSlugs: ['sales'] });
    expect(work(team(), team({ ownerCount: 2 }))).toMatchObject({ teams: [], teamSlugs: [] });
  });
});

describe('teamPageKey', () => {
  it('publishes a team at team/{slug} and refuses what is no slug', () => {
    expect(teamPageKey('sales')).toBe('team/sales');
    for (const bad of ['../etc', 'Sales', '']) expect(() => teamPageKey(bad), bad).toThrow('Not a team slug');
  });
});

describe('pageKeys', () => {
  it('publishes a slug at book/{slug} and events/{slug}, never at a host screen’s name, and refuses what is no slug', () => {
    expect(pageKeys('intro-call')).toEqual(['book/intro-call', 'events/intro-call']);
    expect(pageKeys('new')).toEqual(['book/new']);
    for (const bad of ['../etc', 'Intro', 'a/b', '']) expect(() => pageKeys(bad), bad).toThrow('Not an event slug');
  });
});

describe("the publisher's stream filters", () => {
  const job = streamJobs.publishBookingPages;
  const record = (eventName: string, side: 'NewImage' | 'OldImage', type: string) => ({
    eventName,
    dynamodb: { [side]: { type: { S: type } } },
  });
  it('pass the changes a page shows, removals of event types included, as the cloud mapping’s patterns do', () => {
    expect(matchesStreamFilter(job, record('MODIFY', 'NewImage', 'Event'))).toBe(true);
    expect(matchesStreamFilter(job, record('REMOVE', 'OldImage', 'Event'))).toBe(true);
    expect(matchesStreamFilter(job, record('INSERT', 'NewImage', 'Settings'))).toBe(true);
    expect(matchesStreamFilter(job, record('MODIFY', 'NewImage', 'Team'))).toBe(true);
    expect(matchesStreamFilter(job, record('REMOVE', 'OldImage', 'Team'))).toBe(true);
    expect(matchesStreamFilter(job, record('INSERT', 'NewImage', 'TeamMember'))).toBe(false);
    expect(matchesStreamFilter(job, record('REMOVE', 'OldImage', 'User'))).toBe(false);
    expect(matchesStreamFilter(job, record('MODIFY', 'NewImage', 'Booking'))).toBe(false);
    expect(matchesStreamFilter(streamJobs.notifyBookingChanges, record('MODIFY', 'NewImage', 'Booking'))).toBe(true);
    expect(matchesStreamFilter(streamJobs.notifyBookingChanges, record('REMOVE', 'OldImage', 'Booking'))).toBe(false);
    expect(streamFilterPatterns(job)).toHaveLength(2);
  });
});

describe("a page's shell (team.html for a team's page, issue 28)", () => {
  it('maps /team/{slug} to team.html and every other booking page path to book.html', () => {
    expect(shellFileFor('/team/sales')).toBe('team.html');
    expect(shellFileFor('/Team/sales/')).toBe('team.html');
    expect(shellFileFor('/book/intro')).toBe('book.html');
    expect(shellFileFor('/events/intro')).toBe('book.html');
    expect(shellFileFor('/teams/sales')).toBe('book.html');
  });

  it('the shell function answers each path its own shell, GET and HEAD only, cached a minute at the edge', async () => {
    const asked: string[] = [];
    const handler = shellHandler((file) => async () => {
      asked.push(file);
      return `<html>${file}</html>`;
    });
    const call = (rawPath: string, method = 'GET') =>
      handler({ rawPath, requestContext: { http: { method } } } as unknown as LambdaFunctionURLEvent) as Promise<{
        statusCode: number;
        headers: Record<string, string>;
        body: string;
      }>;
    const team = await call('/team/sales');
    expect(team).toMatchObject({ statusCode: 200, body: '<html>team.html</html>' });
    expect(team.headers).toMatchObject({ 'cache-control': 'public, max-age=0, s-maxage=60' });
    expect((await call('/book/intro')).body).toBe('<html>book.html</html>');
    expect((await call('/events/intro', 'HEAD')).body).toBe('');
    expect((await call('/book/intro', 'POST')).statusCode).toBe(405);
    expect(asked).toEqual(['team.html', 'book.html', 'book.html']);
  });
});
