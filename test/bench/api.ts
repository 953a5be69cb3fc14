import { formatInTimeZone } from 'date-fns-tz';

/**
 * One way to call the public booking API, so the same bench steps run against the started app (HTTP) and against
 * the handlers in-process (to count their DynamoDB requests).
 */
export interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}
export interface ApiAnswer {
  status: number;
  body: unknown;
}
export type Api = (request: ApiRequest) => Promise<ApiAnswer>;

export function httpApi(baseUrl: string): Api {
  return async ({ method, path, query, body, headers }) => {
    const response = await fetch(`${baseUrl}${path}${query ? `?${new URLSearchParams(query).toString()}` : ''}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
}

/** Answers the body of a call that must succeed with `status`; anything else stops the bench with the answer. */
export async function expectStatus<T>(api: Api, request: ApiRequest, status: number): Promise<T> {
  const answer = await api(request);
  if (answer.status !== status) {
    throw new Error(
      `${request.method} ${request.path} answered ${answer.status}, expected ${status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body as T;
}

export interface Slot {
  start: string;
  end: string;
  available: boolean;
}

export const timeSlotsRequest = (eventId: number, date: string, timezone: string): ApiRequest => ({
  method: 'GET',
  path: '/api/time-slots',
  query: { date, eventId: String(eventId), timezone },
});

export const availableDatesRequest = (eventId: number, year: number, month: number, timezone: string): ApiRequest => ({
  method: 'GET',
  path: '/api/available-dates',
  query: { year: String(year), month: String(month), eventId: String(eventId), timezone },
});

export const bookingRequest = (
  eventId: number,
  slot: Slot,
  timezone: string,
  guest: number,
  idempotencyKey?: string,
): ApiRequest => ({
  method: 'POST',
  path: '/api/bookings',
  body: {
    name: `Bench Guest ${guest}`,
    email: `guest${guest}@example.com`,
    guests: [],
    date: slot.start.slice(0, 10),
    startTime: slot.start,
    endTime: slot.end,
    eventId,
    timezone,
  },
  ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
});

export async function eventIdOf(api: Api, slug: string): Promise<number> {
  return (await expectStatus<{ id: number }>(api, { method: 'GET', path: `/api/events/public/${slug}` }, 200)).id;
}

const DAY_MS = 86_400_000;
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());

/** The dates the bench asks about, from today in the host's zone: a weekday about two weeks ahead, next month. */
export function benchDates(now: Date, hostZone: string) {
  const today = formatInTimeZone(now, hostZone, 'yyyy-MM-dd');
  let slotsDate = addDays(today, 14);
  while (!isWeekday(slotsDate)) slotsDate = addDays(slotsDate, 1);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { today, slotsDate, nextMonth: next };
}
