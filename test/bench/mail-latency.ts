import { randomBytes } from 'node:crypto';

import { expectStatus, httpApi, timeSlotsRequest, type Slot } from '#test/bench/api';
import { eventBody } from '#test/support/event-body';

/**
 * How long a booking's confirmation takes to reach the mail store after its commit (its budget: ≤ 5 s at
 * p99 on one machine): a new host with an event of its own, then `count` bookings one after another, each timed from
 * the moment POST /api/bookings answered 201 (the commit) to the moment the SES emulator's store holds the guest's
 * confirmation (polled every 10 ms). The path measured is the whole outbox: DynamoDB Local's stream, the poller,
 * notifyBookingChanges, the mail composer and SES raw sending.
 */
export async function benchMailLatency(baseUrl: string, mailViewer: string, count = 50) {
  const api = httpApi(baseUrl);
  const email = `bench-host-${randomBytes(4).toString('hex')}@example.com`;
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  if ((await post('/api/auth/register', { name: 'Bench Host', email, password: 'bench secret' })).status !== 201)
    throw new Error('The bench host could not register');
  const login = await post('/api/login', { username: email, password: 'bench secret' });
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const body = eventBody({ advanceBookingDays: 365, timeZone: 'America/New_York' });
  const created = await post('/api/events', body, cookie);
  if (created.status !== 201) throw new Error(`The bench event could not be created: ${created.status}`);
  const { id: eventId } = (await created.json()) as { id: number };

  const latencies: number[] = [];
  let day = new Date(Date.now() + 2 * 86_400_000);
  while (latencies.length < count) {
    const date = day.toISOString().slice(0, 10);
    day = new Date(day.getTime() + 86_400_000);
    const { timeSlots } = await expectStatus<{ timeSlots: Slot[] }>(
      api,
      timeSlotsRequest(eventId, date, 'America/New_York'),
      200,
    );
    for (const slot of timeSlots.filter((one) => one.available)) {
      if (latencies.length >= count) break;
      const guest = `bench-mail-${randomBytes(5).toString('hex')}@example.com`;
      await expectStatus(
        api,
        {
          method: 'POST',
          path: '/api/bookings',
          body: {
            name: 'Bench Guest',
            email: guest,
            guests: [],
            date,
            startTime: slot.start,
            endTime: slot.end,
            eventId,
            timezone: 'Europe/Berlin',
          },
        },
        201,
      );
      const committed = performance.now();
      latencies.push((await arrival(mailViewer, guest)) - committed);
    }
  }
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(quantile * latencies.length) - 1)]!;
  return { count: latencies.length, p50: at(0.5), p99: at(0.99), max: latencies.at(-1)! };
}

/** When the store first holds a mail to `address` (performance.now()); gives up after 30 s. */
async function arrival(mailViewer: string, address: string): Promise<number> {
  const since = Math.floor(Date.now() / 1000) - 1;
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const { emails } = (await (await fetch(`${mailViewer}/store?since=${since}`)).json()) as {
      emails: { destination: { to: string[] } }[];
    };
    if (emails.some((mail) => mail.destination.to.some((to) => to.includes(address)))) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`No confirmation reached ${address} within 30 s`);
}
