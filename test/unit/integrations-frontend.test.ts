import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import type { WebhookDeliveryView, WebhookView } from '#shared/api/schemas/integrations';
import { chromeFor, isHostAreaPath } from '#frontend/app/layout-rules.ts';
import {
  apiKeyTimes,
  asSentence,
  canAddWebhook,
  createApiKeyBodyOf,
  createWebhookBodyOf,
  deliveryRow,
  eventLabel,
  formatDuration,
  formatLogTime,
  newWebhookForm,
  serverFieldErrors,
  statusText,
  toggleEvent,
  updateWebhookBodyOf,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FIELDS,
  webhookFormOf,
  webhookState,
} from '#frontend/features/integrations/lib/integrations.ts';
import { ApiError } from '#frontend/lib/api.ts';

/** The Integrations screens' pure parts (issue 29): labels, the delivery log's lines, the forms' checks. */

const ZONE = 'America/New_York';

const webhook = (overrides: Partial<WebhookView> = {}): WebhookView => ({
  id: '0b9f6d3c-54a4-4a43-9d55-0c8e3b0b1c11',
  url: 'https://example.com/hooks',
  events: ['booking.created', 'booking.cancelled'],
  active: true,
  createdAt: '2026-03-09T14:00:00.000Z',
  disabledReason: null,
  ...overrides,
});

const delivery = (overrides: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView => ({
  id: 'd1',
  webhookId: 'w1',
  type: 'booking.created',
  attempt: 1,
  status: 200,
  durationMs: 85,
  // 2026-03-09 is after New York's switch to daylight time (UTC-4).
  at: '2026-03-09T14:00:05.000Z',
  nextAttemptAt: null,
  error: null,
  ...overrides,
});

describe('webhook events and endpoint states', () => {
  it('names each of the six events and the test event, and keeps an unknown type as sent', () => {
    expect(WEBHOOK_EVENT_TYPES.map(eventLabel)).toEqual([
      'Booking created',
      'Booking rescheduled',
      'Booking cancelled',
      'Booking confirmed',
      'Booking declined',
      'Guest marked as no-show',
    ]);
    expect(eventLabel('ping')).toBe('Test event');
    expect(eventLabel('booking.archived')).toBe('booking.archived');
  });

  it("tells an active endpoint from one its host paused and one the server disabled (with the server's reason)", () => {
    expect(webhookState(webhook())).toEqual({ label: 'Active', active: true, reason: null });
    expect(webhookState(webhook({ active: false }))).toEqual({ label: 'Paused', active: false, reason: null });
    expect(webhookState(webhook({ active: false, disabledReason: '  ' }))).toEqual({
      label: 'Paused',
      active: false,
      reason: null,
    });
    expect(webhookState(webhook({ active: false, disabledReason: 'The endpoint answered 410 Gone' }))).toEqual({
      label: 'Disabled',
      active: false,
      reason: 'The endpoint answered 410 Gone',
    });
    expect(asSentence('The endpoint answered 410 Gone')).toBe('The endpoint answered 410 Gone.');
    expect(asSentence('Failing for 3 days. ')).toBe('Failing for 3 days.');
  });

  it('offers "Add endpoint" up to the limit of 10', () => {
    expect(canAddWebhook(0)).toBe(true);
    expect(canAddWebhook(9)).toBe(true);
    expect(canAddWebhook(10)).toBe(false);
  });
});

describe('the delivery log', () => {
  it("shows a successful attempt: event, time in the viewer's zone to the second, attempt, status and duration", () => {
    expect(deliveryRow(delivery(), ZONE)).toEqual({
      id: 'd1',
      event: 'Booking created',
      time: 'Mon, Mar 9, 2026, 10:00:05 AM',
      attempt: 'Attempt 1',
      outcome: '200 OK',
      succeeded: true,
      detail: null,
      duration: '85 ms',
      nextRetry: null,
    });
    expect(deliveryRow(delivery(), 'Europe/Berlin').time).toBe('Mon, Mar 9, 2026, 3:00:05 PM');
    expect(deliveryRow(delivery({ status: 204 }), ZONE).succeeded).toBe(true);
  });

  it("shows a refused attempt with the receiver's answer, one line, cut short, and when the next one goes", () => {
    const row = deliveryRow(
      delivery({
        type: 'booking.cancelled',
        attempt: 3,
        status: 500,
        durationMs: 1340,
        error: `{"error":\n  "database down"}  ${'x'.repeat(300)}`,
        nextAttemptAt: '2026-03-09T14:05:05.000Z',
      }),
      ZONE,
    );
    expect(row.outcome).toBe('500 Internal Server Error');
    expect(row.succeeded).toBe(false);
    expect(row.attempt).toBe('Attempt 3');
    expect(row.duration).toBe('1.3 s');
    expect(row.detail?.startsWith('{"error": "database down"} xxx')).toBe(true);
    expect(row.detail).toHaveLength(200);
    expect(row.detail?.endsWith('…')).toBe(true);
    expect(row.nextRetry).toBe('Mon, Mar 9, 2026, 10:05:05 AM');
  });

  it('shows an attempt without an answer (timeout, refused address) by its error', () => {
    const row = deliveryRow(
      delivery({ type: 'ping', status: null, durationMs: 10_000, error: 'Timed out after 10 s.' }),
      ZONE,
    );
    expect(row).toMatchObject({
      event: 'Test event',
      outcome: 'No response',
      succeeded: false,
      detail: 'Timed out after 10 s.',
      duration: '10 s',
    });
    expect(deliveryRow(delivery({ status: null, durationMs: null, error: undefined }), ZONE)).toMatchObject({
      outcome: 'No response',
      detail: null,
      duration: null,
    });
    expect(deliveryRow(delivery({ status: 410 }), ZONE).outcome).toBe('410 Gone');
    expect(deliveryRow(delivery({ status: 302 }), ZONE).succeeded).toBe(false);
  });

  it('names statuses and durations plainly', () => {
    expect(statusText(429)).toBe('429 Too Many Requests');
    expect(statusText(599)).toBe('599');
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(999.6)).toBe('1000 ms');
    expect(formatDuration(1000)).toBe('1 s');
    expect(formatDuration(2049)).toBe('2 s');
    expect(formatDuration(12_400)).toBe('12 s');
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(-5)).toBeNull();
    expect(formatLogTime('not a time', ZONE)).toBe('not a time');
  });
});

describe('the endpoint form', () => {
  it('starts a new endpoint with every event, switched on, and an existing one from its fields', () => {
    expect(newWebhookForm()).toEqual({ url: '', events: [...WEBHOOK_EVENT_TYPES], active: true });
    expect(webhookFormOf(webhook({ events: ['booking.cancelled', 'booking.created'], active: false }))).toEqual({
      url: 'https://example.com/hooks',
      events: ['booking.created', 'booking.cancelled'],
      active: false,
    });
  });

  it('checks and unchecks events, keeping the list in its order', () => {
    expect(toggleEvent(['booking.cancelled'], 'booking.created', true)).toEqual([
      'booking.created',
      'booking.cancelled',
    ]);
    expect(toggleEvent(['booking.created', 'booking.cancelled'], 'booking.created', false)).toEqual([
      'booking.cancelled',
    ]);
    expect(toggleEvent(['booking.created'], 'booking.created', true)).toEqual(['booking.created']);
  });

  it("checks a new endpoint with the route's schema: each problem on its field, the URL trimmed", () => {
    expect(createWebhookBodyOf({ url: '', events: [], active: true })).toEqual({
      ok: false,
      errors: { url: 'Please enter the endpoint URL.', events: 'Choose at least one event.' },
    });
    expect(createWebhookBodyOf({ url: 'ftp://example.com/x', events: ['booking.created'], active: true })).toEqual({
      ok: false,
      errors: { url: 'Please enter a valid URL (https://…).' },
    });
    expect(
      createWebhookBodyOf({ url: 'https://user:pw@example.com/', events: ['booking.created'], active: true }).ok,
    ).toBe(false);
    expect(
      createWebhookBodyOf({ url: '  https://example.com/hooks ', events: ['booking.no_show'], active: false }),
    ).toEqual({
      ok: true,
      body: { url: 'https://example.com/hooks', events: ['booking.no_show'], active: false },
    });
  });

  it('sends only what an edit changed, checked the same way', () => {
    const before = webhook();
    expect(updateWebhookBodyOf(before, webhookFormOf(before))).toEqual({ ok: true, body: {} });
    expect(updateWebhookBodyOf(before, { ...webhookFormOf(before), url: ' https://example.com/hooks ' })).toEqual({
      ok: true,
      body: {},
    });
    expect(updateWebhookBodyOf(before, { ...webhookFormOf(before), url: 'https://example.org/new' })).toEqual({
      ok: true,
      body: { url: 'https://example.org/new' },
    });
    expect(
      updateWebhookBodyOf(before, {
        url: before.url,
        events: ['booking.created', 'booking.rescheduled', 'booking.cancelled'],
        active: false,
      }),
    ).toEqual({
      ok: true,
      body: { events: ['booking.created', 'booking.rescheduled', 'booking.cancelled'], active: false },
    });
    expect(updateWebhookBodyOf(before, { url: 'nope', events: [], active: true })).toEqual({
      ok: false,
      errors: { url: 'Please enter a valid URL (https://…).', events: 'Choose at least one event.' },
    });
  });

  it("puts a 400's details on their fields, and nothing for other refusals", () => {
    const invalid = new ApiError(400, 'Invalid request.', 'VALIDATION_ERROR', [
      { path: 'body.url', message: 'Only https:// endpoints can be called.' },
      { path: '/events', message: 'Choose at least one event.' },
      { path: 'body.other', message: 'Unknown field.' },
    ]);
    expect(serverFieldErrors(WEBHOOK_FIELDS, invalid)).toEqual({
      url: 'Only https:// endpoints can be called.',
      events: 'Choose at least one event.',
    });
    expect(serverFieldErrors(WEBHOOK_FIELDS, new ApiError(409, 'You have 10 endpoints.', 'CONFLICT'))).toEqual({});
    expect(serverFieldErrors(WEBHOOK_FIELDS, new Error('boom'))).toEqual({});
  });
});

describe('API keys', () => {
  it("checks a key's name with the route's schema", () => {
    expect(createApiKeyBodyOf('')).toEqual({ ok: false, errors: { name: 'Please enter a name for the key.' } });
    expect(createApiKeyBodyOf('   ')).toEqual({ ok: false, errors: { name: 'Please enter a name for the key.' } });
    expect(createApiKeyBodyOf('x'.repeat(61))).toEqual({
      ok: false,
      errors: { name: 'The name cannot exceed 60 characters.' },
    });
    expect(createApiKeyBodyOf('  CRM sync ')).toEqual({ ok: true, body: { name: 'CRM sync' } });
  });

  it('shows created and last-used times in the viewer\'s zone, "Never" for an unused key', () => {
    expect(apiKeyTimes({ createdAt: '2026-03-09T14:00:05.000Z', lastUsedAt: null }, ZONE)).toEqual({
      created: 'Mon, Mar 9, 2026, 10:00:05 AM',
      lastUsed: 'Never',
    });
    expect(
      apiKeyTimes({ createdAt: '2026-03-09T14:00:05.000Z', lastUsedAt: '2026-03-10T09:30:00.000Z' }, ZONE).lastUsed,
    ).toBe('Tue, Mar 10, 2026, 5:30:00 AM');
  });
});

describe('the Integrations place in the console', () => {
  it('is a host-area section without Pricing', () => {
    for (const path of ['/integrations', '/integrations/webhooks', '/integrations/api-keys']) {
      expect(isHostAreaPath(path), path).toBe(true);
      expect(chromeFor(path).showPricing, path).toBe(false);
    }
  });

  it('is loaded on demand: the router imports its screens only lazily, the user menu links to it', () => {
    const router = readFileSync('frontend/src/app/router.tsx', 'utf8');
    expect(router).toMatch(/import\('#frontend\/features\/integrations\/components\/integrations-screens\.ts'\)/);
    expect(router).not.toMatch(/^import .*features\/integrations/m);
    for (const path of ['integrations/webhooks', 'integrations/api-keys']) expect(router).toContain(`"${path}"`);
    const menu = readFileSync('frontend/src/features/auth/components/user-menu.tsx', 'utf8');
    expect(menu).toContain("{ to: '/integrations/webhooks', label: 'Integrations' }");
  });
});
