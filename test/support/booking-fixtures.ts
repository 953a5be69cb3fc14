import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

import { routes } from '#shared/api/routes';
import type { AvailabilityRange } from '#shared/availability/engine';
import { composeDeps, connectAreas } from '#functions/composition';
import type { Config } from '#functions/config';
import type { PlanRecord } from '#functions/domain/billing';
import { newEvent } from '#functions/domain/event-defaults';
import type { BookingRecord, EventRecord, HostRecord } from '#functions/domain/records';
import { run as createBookingRun } from '#functions/handlers/createBooking';
import { run as availableDatesRun } from '#functions/handlers/getAvailableDates';
import { run as publicEventRun } from '#functions/handlers/getPublicEvent';
import { run as timeSlotsRun } from '#functions/handlers/getTimeSlots';
import { run as syncCalendarRun } from '#functions/handlers/syncCalendar';
import { httpRoute } from '#functions/http/route-handler';
import type { Deps } from '#functions/ports/deps';
import { apiEvent, jsonHeaders, testContext } from '#test/support/api-event';
import { depsAs } from '#test/support/local-stack';

/**
 * Fixtures for the public booking API against DynamoDB Local. Integration files share ONE table and run in
 * parallel workers, so every host, slug and event here is new and unique (random suffix), and checks only ever
 * read a host's own partition, never count items globally.
 */

/** Monday 2 March 2026, 07:00 in New York (EST, UTC−5; DST starts on Sunday 8 March). */
export const NOW = new Date('2026-03-02T12:00:00Z');
export const ACTIVE_PLAN: PlanRecord = {
  id: 'pi_test_lifetime',
  status: 'active',
  planType: 'lifetime',
  createdAt: '2026-01-01T00:00:00.000Z',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  customerId: null,
  promoCode: null,
  stateAt: 0,
};

/** A short random suffix for ids and slugs (slugs allow only [a-z0-9-]). */
export const unique = () => randomUUID().replaceAll('-', '').slice(0, 10);

/** The same hours on the given weekdays (0 = Sunday), the other days off. */
export function weeklyHours(
  startTime: string,
  endTime: string,
  days: readonly number[] = [1, 2, 3, 4, 5],
): AvailabilityRange[] {
  return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    active: days.includes(dayOfWeek),
    startTime,
    endTime,
  }));
}

/** The rules of an event type a test may choose; the rest are newEvent's defaults (09:00–18:00 Mon–Fri, New York). */
export type EventRules = Partial<Omit<EventRecord, 'id' | 'userId' | 'createdAt' | 'updatedAt'>>;

export interface HostOptions {
  /** Connect the built-in calendar (default true). */
  calendar?: boolean;
  /** Default: an active lifetime plan; null: none (the trial decides). */
  plan?: PlanRecord | null;
  name?: string;
  photoUrl?: string | null;
}

/** Writes hosts, event types and overrides through the real repositories, and reads a host's ledger. */
export function bookingFixtures(config: Config) {
  const deps = composeDeps(config);

  return {
    deps,

    async host(options: HostOptions = {}): Promise<HostRecord> {
      const id = `host-${unique()}`;
      const profile = {
        id,
        name: options.name ?? 'Jordan Avery',
        email: `${id}@meetwise.test`,
        username: id,
        photoUrl: options.photoUrl === undefined ? 'https://img.example.com/jordan.png' : options.photoUrl,
        createdAt: NOW.toISOString(),
      };
      if (!(await deps.hosts.createIfAbsent(profile))) throw new Error(`Host ${id} exists already`);
      const calendar =
        options.calendar === false
          ? null
          : { provider: 'builtin' as const, connected: true, email: profile.email, lastSynced: null };
      if (calendar) await deps.hosts.setCalendar(id, calendar, null);
      // Hosts of the booking tests are paying (their fixed creation date is long past the 7-day trial).
      const plan = options.plan === undefined ? ACTIVE_PLAN : options.plan;
      if (plan) await deps.hosts.setPlan(id, plan);
      return { ...profile, calendar, plans: plan ? [plan] : [] };
    },

    async eventType(hostId: string, rules: EventRules = {}): Promise<EventRecord> {
      const slug = rules.slug ?? `ev-${unique()}`;
      const created = await deps.events.create(
        newEvent({ title: `Meeting ${slug}`, ...rules, userId: hostId, slug }, NOW),
      );
      if (!created) throw new Error(`Slug ${slug} is taken`);
      return created;
    },

    /** A date exception in the event's zone: `available: false` blocks the day; with times it replaces the hours. */
    async override(
      eventId: number,
      date: string,
      available: boolean,
      startTime: string | null = null,
      endTime: string | null = null,
    ) {
      await deps.events.saveOverride({ id: unique(), eventId, date, available, startTime, endTime });
    },

    /** Everything the ledger holds for a host over a wide window: bookings and day versions. */
    async ledger(hostId: string, fromDay = '2026-01-01', toDay = '2026-12-31') {
      return deps.bookings.read(hostId, fromDay, toDay);
    },

    async bookingsOf(hostId: string): Promise<BookingRecord[]> {
      return (await deps.bookings.read(hostId, '2026-01-01', '2026-12-31')).bookings;
    },

    /** The answer stored for an Idempotency-Key (as the header was sent), or null. */
    async idempotencyRecord(headerValue: string) {
      return deps.bookings.findIdempotency(`booking:${headerValue}`);
    },
  };
}

export interface ApiAnswer {
  status: number;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  /** The raw body text, for byte-for-byte comparisons. */
  text: string;
}

export interface ApiOptions {
  /** What `deps.clock.now()` answers (default NOW). */
  now?: Date;
  /** A clock the test moves (instead of `now`). */
  clock?: { now(): Date };
  /** Told the name of every DynamoDB command sent. */
  onDynamoRequest?: (commandName: string) => void;
}

function parse(result: unknown): ApiAnswer {
  const { statusCode, body } = result as { statusCode: number; body: string };
  return { status: statusCode, body: JSON.parse(body) as Record<string, unknown>, text: body };
}

/** A fresh Lambda context per call, so that concurrent calls never share the wrapper's per-request state. */
const context = (): Context => ({ ...testContext, awsRequestId: randomUUID() });

/**
 * The four public booking routes, called through the route table (validation, use case, response shaping, error
 * mapping) with real repositories on DynamoDB Local and a fixed clock.
 */
export function bookingApi(config: Config, options: ApiOptions = {}) {
  const now = options.now ?? NOW;
  const clock = options.clock ?? { now: () => new Date(now) };
  const provide: () => Promise<Deps> = options.onDynamoRequest
    ? async () => connectAreas({ ...composeDeps(config, { onDynamoRequest: options.onDynamoRequest }), clock })
    : depsAs(config, null, { clock });
  // One set of deps per api (one DynamoDB client), as in one warm Lambda.
  const deps = provide();
  const provider = () => deps;

  const publicEvent = httpRoute(routes.getPublicEvent, publicEventRun, provider);
  const availableDates = httpRoute(routes.getAvailableDates, availableDatesRun, provider);
  const timeSlots = httpRoute(routes.getTimeSlots, timeSlotsRun, provider);
  const createBooking = httpRoute(routes.createBooking, createBookingRun, provider);
  const syncCalendar = httpRoute(routes.syncCalendar, syncCalendarRun, provider);

  return {
    publicEvent: async (slug: string) =>
      parse(
        await publicEvent(
          apiEvent({ method: 'GET', path: `/api/events/public/${slug}`, pathParameters: { eventSlug: slug } }),
          context(),
        ),
      ),
    availableDates: async (query: Record<string, string>) =>
      parse(await availableDates(apiEvent({ method: 'GET', path: '/api/available-dates', query }), context())),
    timeSlots: async (query: Record<string, string>) =>
      parse(await timeSlots(apiEvent({ method: 'GET', path: '/api/time-slots', query }), context())),
    syncCalendar: async (query: Record<string, string>) =>
      parse(await syncCalendar(apiEvent({ method: 'GET', path: '/api/calendar/sync', query }), context())),
    book: async (body: unknown, headers: Record<string, string> = {}) =>
      parse(
        await createBooking(
          apiEvent({
            method: 'POST',
            path: '/api/bookings',
            headers: { ...jsonHeaders, ...headers },
            body: JSON.stringify(body),
          }),
          context(),
        ),
      ),
  };
}

export type BookingApi = ReturnType<typeof bookingApi>;

/** An api whose DynamoDB commands are recorded; `count(call)` answers the commands one call sent. */
export function countingApi(config: Config, now: Date = NOW) {
  const calls: string[] = [];
  const api = bookingApi(config, { now, onDynamoRequest: (name) => calls.push(name) });
  return {
    api,
    async count<T>(call: (api: BookingApi) => Promise<T>): Promise<{ result: T; commands: string[] }> {
      calls.length = 0;
      const result = await call(api);
      return { result, commands: [...calls] };
    },
  };
}

/** A valid booking request for `event`, meeting at `startTime` (ISO with offset). */
export function bookingRequest(
  event: Pick<EventRecord, 'id' | 'duration'>,
  startTime: string,
  fields: Record<string, unknown> = {},
) {
  const start = Date.parse(startTime);
  const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(startTime)?.[1] ?? 'Z';
  return {
    name: 'Ada Lovelace',
    email: `ada-${unique()}@example.com`,
    guests: [],
    date: startTime.slice(0, 10),
    startTime,
    endTime: isoWithOffset(start + event.duration * 60_000, offset),
    eventId: event.id,
    ...fields,
  };
}

/** An instant written with a fixed offset such as '-05:00' (or 'Z'). */
export function isoWithOffset(instant: number, offset: string): string {
  if (offset === 'Z') return new Date(instant).toISOString().replace('.000Z', 'Z');
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(':').map(Number) as [number, number];
  const local = new Date(instant + sign * (hours * 60 + minutes) * 60_000).toISOString().slice(0, 19);
  return `${local}${offset}`;
}
