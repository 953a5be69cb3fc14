import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TableMailQueue } from '#functions/adapters/dynamodb/mail-queue';
import type { PaceClock } from '#functions/app/mail/mail-queue';
import type { EventRecord, HostRecord } from '#functions/domain/records';
import { sendMailHandler } from '#functions/jobs/sendBookingMail';
import { reminderHandler } from '#functions/jobs/sendReminder';
import type { Deps } from '#functions/ports/deps';
import type { BookingMail, QueuedMail } from '#functions/ports/mail';
import { sqsEvent, startLocalMailQueue } from '#infra/local/queue-runner';
import { bookingRequest, unique } from '#test/support/booking-fixtures';
import { lifecycleHarness, mailsTo } from '#test/support/lifecycle';

/**
 * Issue 30: booking mail through a paced queue, on one machine (DynamoDB Local, the SES emulator): the consumer keeps
 * to the rate across consumers running at once (the per-second tokens in the table), SES's throttling puts messages
 * back with a backoff and none is lost, and a reminder is read again when its turn comes. The pacing runs on a fake
 * clock that moves only when a consumer waits for the next second, so the test waits for nothing.
 */

let h: Awaited<ReturnType<typeof lifecycleHarness>>;
let host: HostRecord;
let event: EventRecord;

beforeAll(async () => {
  h = await lifecycleHarness();
  host = await h.fixtures.host({ name: 'Jordan Avery' });
  event = await h.fixtures.eventType(host.id, { title: 'Intro Call', duration: 30 });
}, 60_000);
afterAll(() => h?.close());

/** A pacing clock at a whole second of 2101 that moves only when a consumer sleeps. */
function fakePace(): PaceClock {
  let now = Date.parse('2101-01-01T00:00:00.000Z') + Math.floor(Math.random() * 1e6) * 1000;
  return {
    now: () => now,
    async sleep(ms) {
      const until = now + ms;
      await new Promise((resolve) => setImmediate(resolve));
      now = Math.max(now, until);
    },
  };
}

const mail = (subject: string): QueuedMail => ({
  id: `test-${subject}:guest`,
  mail: {
    to: [`${subject}@example.com`],
    replyTo: [],
    fromName: 'Meetwise',
    subject,
    text: subject,
    html: `<p>${subject}</p>`,
  },
});

/** The consumer with `rate` a second, a fake SES that `refuse`s as asked, and the tokens it was granted. */
function consumer(options: { rate: number; pace: PaceClock; refuse?: (mail: BookingMail) => Error | null }) {
  const sent: { subject: string; second: number }[] = [];
  const grants = new Map<number, number>();
  let runnerNow = Date.parse('2101-06-01T00:00:00.000Z');
  const deps: Deps = {
    ...h.deps,
    config: { ...h.deps.config, mailQueue: { url: undefined, ratePerSecond: options.rate } },
    clock: { now: () => new Date(runnerNow) },
    bookingMailer: {
      async send(composed) {
        const refused = options.refuse?.(composed);
        if (refused) throw refused;
        sent.push({ subject: composed.subject, second: Math.floor(options.pace.now() / 1000) });
        return 'id';
      },
    },
    mailPacer: {
      async take(second, asked, rate) {
        const granted = await h.deps.mailPacer.take(second, asked, rate);
        grants.set(second, (grants.get(second) ?? 0) + granted);
        return granted;
      },
    },
  };
  const handler = sendMailHandler(() => ({ ...deps, pace: options.pace }));
  return {
    sent,
    grants,
    handler,
    setNow: (at: number) => (runnerNow = at),
    now: () => runnerNow,
  };
}

const lambdaContext = () => ({ ...h.context(), getRemainingTimeInMillis: () => 30_000 });

describe('pacing (issue 30)', () => {
  it('two consumers at once keep to the rate between them, and send every mail once', async () => {
    const queue = h.deps.mailQueue as TableMailQueue;
    const subjects = Array.from({ length: 10 }, () => `paced-${unique()}`);
    const pace = fakePace();
    const paced = consumer({ rate: 3, pace });
    for (const subject of subjects) await queue.send(mail(subject), new Date(paced.now()));
    const due = (await queue.due(new Date(paced.now() + 1000), 100)).filter((item) =>
      subjects.includes(item.message.mail.subject),
    );
    expect(due).toHaveLength(10);
    const claimed = await Promise.all(due.map((item) => queue.claim(item.name, new Date(paced.now() + 1000))));
    const batches = [claimed.slice(0, 5), claimed.slice(5)].map((batch) => batch.map((item) => item!));

    const answers = await Promise.all(
      batches.map((batch) => paced.handler(sqsEvent('sendBookingMail', batch), lambdaContext())),
    );

    expect(answers).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    expect(paced.sent.map((each) => each.subject).sort()).toEqual([...subjects].sort());
    // No second of the clock gave more than 3 tokens between the two, so 10 mails took 4 seconds at least.
    for (const granted of paced.grants.values()) expect(granted).toBeLessThanOrEqual(3);
    expect([...paced.grants.values()].filter((granted) => granted > 0).length).toBeGreaterThanOrEqual(4);
    for (const item of claimed) await queue.done(item!.name);
  });
});

describe("SES's throttling (issue 30)", () => {
  it('puts the throttled mail and the rest of the batch back with a backoff; later every one goes, once', async () => {
    const queue = h.deps.mailQueue as TableMailQueue;
    const subjects = Array.from({ length: 4 }, () => `throttled-${unique()}`);
    let throttles = 1;
    const pace = fakePace();
    const paced = consumer({
      rate: 1,
      pace,
      refuse: () =>
        throttles-- > 0 ? Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'Throttling' }) : null,
    });
    const start = paced.now();
    for (const subject of subjects) await queue.send(mail(subject), new Date(start));
    const mine = (at: number) =>
      queue
        .due(new Date(at), 1000)
        .then((items) => items.filter((item) => subjects.includes(item.message.mail.subject)));
    const runner = startLocalMailQueue({
      queue: {
        ...queue,
        due: async (now) => mine(now.getTime()),
      },
      clock: () => new Date(paced.now()),
      handler: (sqs, context) => paced.handler(sqs, context),
      everyMs: 3_600_000,
      log: () => undefined,
    });
    try {
      paced.setNow(start + 1000);
      expect(await runner.tick()).toBe(0);
      expect(paced.sent).toEqual([]);
      // All four wait, none lost: back in 1 or 2 seconds (the first receive's backoff), not at once.
      expect(await mine(start + 1000)).toEqual([]);
      expect(await mine(start + 1000 + 2_001)).toHaveLength(4);

      paced.setNow(start + 60_000);
      expect(await runner.tick()).toBe(4);
      expect(paced.sent.map((each) => each.subject).sort()).toEqual([...subjects].sort());
      expect(await mine(start + 24 * 3_600_000)).toEqual([]);
    } finally {
      runner.stop();
    }
  });
});

describe('a reminder is read again when its turn comes (issue 30)', () => {
  async function book(start: string) {
    const guest = `guest-${unique()}@example.com`;
    const answer = await h.api.book(
      bookingRequest(event, start, { name: 'Ada Lovelace', email: guest, timezone: 'Europe/Berlin' }),
    );
    expect(answer.status, answer.text).toBe(201);
    return { guest, id: String(answer.body.bookingId), token: String(answer.body.rescheduleToken) };
  }
  const reminders = async (address: string) =>
    (await mailsTo(address)).filter((each) => /^Reminder/.test(each.subject));
  const queueReminder = (id: string, start: string) =>
    reminderHandler(() => h.deps)(
      { kind: 'reminder', bookingId: id, hostId: host.id, start, offsetMinutes: 60 },
      h.context(),
    );

  it('a booking cancelled while its reminder waited in the queue gets none; one still booked does', async () => {
    const cancelled = await book('2026-03-16T14:00:00Z');
    const kept = await book('2026-03-16T15:00:00Z');
    await h.drain();
    h.at('2026-03-16T13:00:01Z');
    // The timers fire: both bookings are confirmed, so both reminders are queued.
    await queueReminder(cancelled.id, '2026-03-16T14:00:00.000Z');
    await queueReminder(kept.id, '2026-03-16T15:00:00.000Z');
    // The guest cancels before the queue gets to the reminder.
    expect((await h.cancelAsGuest(cancelled.id, { token: cancelled.token })).status).toBe(200);
    await h.drain();
    await h.sendMails();
    expect(await reminders(cancelled.guest)).toEqual([]);
    expect((await mailsTo(cancelled.guest)).some((each) => /cancel/i.test(each.subject))).toBe(true);
    expect(await reminders(kept.guest)).toHaveLength(1);
  });

  it('a reminder whose meeting started while it waited is not sent', async () => {
    const late = await book('2026-03-17T14:00:00Z');
    await h.drain();
    h.at('2026-03-17T13:00:01Z');
    await queueReminder(late.id, '2026-03-17T14:00:00.000Z');
    h.at('2026-03-17T14:00:01Z');
    await h.sendMails();
    expect(await reminders(late.guest)).toEqual([]);
  });
});
