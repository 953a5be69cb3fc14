import {
  addDays,
  bookingRequest,
  expectStatus,
  isWeekday,
  timeSlotsRequest,
  type Api,
  type Slot,
} from '#test/bench/api';

/**
 * Load for realism: about 200 bookings of the demo host, booked one after the other through POST /api/bookings
 * from the slots GET /api/time-slots offers, so the month view and the day view read real data.
 *
 * Each weekday from tomorrow gets one strategy session (60 min, 15 min buffers; its hour moves from day to day) and
 * intro calls (30 min + 10 min after) every two hours from 09:00; intro calls that the strategy session overlaps
 * are refused (409) and skipped. That is about five bookings a day and leaves free slots between them: a busy host,
 * not a full one (200 bookings in one month of 09:00–18:00 weekdays would leave no slot free), so about seven
 * weeks, inside the 60-day advance window.
 */
export async function seedBookings(
  api: Api,
  options: { introId: number; strategyId: number; hostZone: string; today: string; target?: number; lastDay?: number },
) {
  const target = options.target ?? 200;
  const lastDate = addDays(options.today, options.lastDay ?? 58);
  let created = 0;
  const refused = new Map<number, number>();
  let requests = 0;
  let firstBooked: string | undefined;
  let lastBooked: string | undefined;
  let guest = 0;
  const slotsOf = async (eventId: number, date: string) => {
    requests++;
    const { timeSlots } = await expectStatus<{ timeSlots: Slot[] }>(
      api,
      timeSlotsRequest(eventId, date, options.hostZone),
      200,
    );
    return timeSlots.filter((slot) => slot.available && slot.start.startsWith(date));
  };

  for (
    let date = addDays(options.today, 1), day = 0;
    date <= lastDate && created < target;
    date = addDays(date, 1), day++
  ) {
    if (!isWeekday(date)) continue;
    const strategy = await slotsOf(options.strategyId, date);
    const intro = await slotsOf(options.introId, date);
    const picks: [number, Slot][] = [
      ...(strategy.length > 0
        ? [[options.strategyId, strategy[(day * 3 + 1) % strategy.length]!] as [number, Slot]]
        : []),
      ...intro.filter((_, index) => index % 4 === 0).map((slot) => [options.introId, slot] as [number, Slot]),
    ];
    for (const [eventId, slot] of picks) {
      if (created >= target) break;
      requests++;
      const answer = await api(bookingRequest(eventId, slot, options.hostZone, ++guest));
      if (answer.status === 201) {
        created++;
        firstBooked ??= date;
        lastBooked = date;
      } else if (answer.status === 409 || answer.status === 422) {
        refused.set(answer.status, (refused.get(answer.status) ?? 0) + 1);
      } else {
        throw new Error(`POST /api/bookings answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
    }
  }
  return { created, refused, requests, firstBooked, lastBooked };
}
