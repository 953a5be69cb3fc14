import { availableDatesForMonth, timeSlotsForDate } from '#shared/availability/engine';

/**
 * The engine's CPU time for the budget's case: one month of available dates for a host with 200 bookings and
 * 100 other busy intervals (a bench budget). Deterministic data (seeded), median of 50 runs after warm-up.
 */

const MINUTE = 60_000;

function fixture() {
  const availabilityRanges = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    active: dayOfWeek !== 0 && dayOfWeek !== 6,
    startTime: '09:00',
    endTime: '18:00',
  }));
  const event = {
    duration: 30,
    timeZone: 'America/New_York',
    availabilityRanges,
    bufferBefore: 10,
    bufferAfter: 10,
    minimumNoticeAmount: 4,
    minimumNoticeUnit: 'hours' as const,
    advanceBookingDays: 60,
    maxBookingsPerDay: 12,
  };
  const now = Date.parse('2026-03-01T12:00:00-05:00');
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const bookingStarts: number[] = [];
  const busy: { start: number; end: number }[] = [];
  for (let i = 0; i < 200; i++) {
    const start = now + Math.floor(random() * 35 * 24 * 4) * 15 * MINUTE;
    bookingStarts.push(start);
    busy.push({ start: start - 10 * MINUTE, end: start + 40 * MINUTE });
  }
  for (let i = 0; i < 100; i++) {
    const start = now + Math.floor(random() * 35 * 24 * 60) * MINUTE;
    busy.push({ start, end: start + Math.floor(15 + random() * 120) * MINUTE });
  }
  const overrides = [
    { date: '2026-03-17', available: false },
    { date: '2026-03-20', available: true, startTime: '10:00', endTime: '14:00' },
  ];
  return { event, overrides, busy, bookingStarts, now };
}

const cpuMs = (run: () => unknown) => {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

export function benchAvailability() {
  const input = fixture();
  const month = () => availableDatesForMonth(input, { year: 2026, month: 3, guestTimeZone: 'Europe/London' });
  const day = () => timeSlotsForDate(input, { date: '2026-03-18', guestTimeZone: 'Europe/London' });
  const coldMs = cpuMs(month);
  for (let i = 0; i < 20; i++) month();
  const monthMs = median(Array.from({ length: 50 }, () => cpuMs(month)));
  const dayMs = median(Array.from({ length: 50 }, () => cpuMs(day)));
  return { coldMs, monthMs, dayMs };
}
