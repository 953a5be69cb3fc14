import type { z } from 'zod';
import { messageResponse } from './schemas/common.ts';
import { contactSubmitBody } from './schemas/contact.ts';
import { settingsResponse, settingsUpdateBody } from './schemas/settings.ts';
import { eventSlugParams, publicEventResponse } from './schemas/events.ts';
import { availableDatesQuery, availableDatesResponse, timeSlotsQuery, timeSlotsResponse } from './schemas/availability.ts';
import { createBookingBody, createBookingResponse } from './schemas/bookings.ts';

/**
 * THE route table. One row per HTTP route: it feeds the CDK stack (one Lambda per row), the local server
 * and the front-end API client. A row's `name` is also its handler file: functions/src/handlers/{name}.ts.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** public: anyone; signed-in: a valid session; admin: a valid session of an administrator. */
export type AuthLevel = 'public' | 'signed-in' | 'admin';

/** What a route's Lambda may touch; the CDK stack grants exactly this (least privilege). */
export interface RouteNeeds {
  table?: 'read' | 'readwrite';
  mail?: boolean;
}

export interface RouteDefinition {
  name: string;
  method: HttpMethod;
  /** API Gateway syntax: /api/events/{slug} */
  path: `/api/${string}`;
  auth: AuthLevel;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Status of a successful answer (default 200). */
  successStatus?: number;
  needs: RouteNeeds;
}

const defineRoute = <const T extends RouteDefinition>(route: T): T => route;

export const routes = {
  submitContact: defineRoute({
    name: 'submitContact',
    method: 'POST',
    path: '/api/contact/submit',
    auth: 'public',
    summary: 'Stores a contact message and mails it to the admin address (reply-to the sender).',
    body: contactSubmitBody,
    response: messageResponse,
    needs: { table: 'readwrite', mail: true },
  }),
  getSettings: defineRoute({
    name: 'getSettings',
    method: 'GET',
    path: '/api/settings',
    auth: 'public',
    summary: 'Booking settings; admin-only fields are included for administrators.',
    response: settingsResponse,
    needs: { table: 'read' },
  }),
  updateSettings: defineRoute({
    name: 'updateSettings',
    method: 'PUT',
    path: '/api/settings',
    auth: 'admin',
    summary: 'Changes booking settings; answers the saved settings.',
    body: settingsUpdateBody,
    response: settingsResponse,
    needs: { table: 'readwrite' },
  }),
  getPublicEvent: defineRoute({
    name: 'getPublicEvent',
    method: 'GET',
    path: '/api/events/public/{eventSlug}',
    auth: 'public',
    summary: 'The public view of an event type; 403 with isInactive when deactivated, 404 when unknown.',
    params: eventSlugParams,
    response: publicEventResponse,
    needs: { table: 'read' },
  }),
  getAvailableDates: defineRoute({
    name: 'getAvailableDates',
    method: 'GET',
    path: '/api/available-dates',
    auth: 'public',
    summary: "Every day of a month in the guest's zone, with whether it has a free slot.",
    query: availableDatesQuery,
    response: availableDatesResponse,
    needs: { table: 'read' },
  }),
  getTimeSlots: defineRoute({
    name: 'getTimeSlots',
    method: 'GET',
    path: '/api/time-slots',
    auth: 'public',
    summary: "The free slots starting on one date in the guest's zone.",
    query: timeSlotsQuery,
    response: timeSlotsResponse,
    needs: { table: 'read' },
  }),
  createBooking: defineRoute({
    name: 'createBooking',
    method: 'POST',
    path: '/api/bookings',
    auth: 'public',
    summary: 'Books a slot: re-checks availability and writes the booking in one conditional transaction.',
    body: createBookingBody,
    response: createBookingResponse,
    successStatus: 201,
    needs: { table: 'readwrite' },
  }),
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;
export type Route = (typeof routes)[RouteName];

/** Every row, in a stable order. */
export const routeTable: readonly RouteDefinition[] = Object.values(routes);

/** `/api/events/{slug}` + `{ slug: 'a b' }` → `/api/events/a%20b`. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Matches a concrete path against a row's template; returns the decoded parameters or null. */
export function matchPath(template: string, actual: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a, b) => {
    names.push(a ?? b);
    return '([^/]+)';
  });
  const found = new RegExp(`^${pattern}$`).exec(actual);
  if (!found) return null;
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    params[name] = decodeURIComponent(found[index + 1] ?? '');
  });
  return params;
}
