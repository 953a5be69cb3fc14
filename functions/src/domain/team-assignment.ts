import type { AssignmentReason, TeamEventHost } from '#functions/domain/records';

/**
 * Who of a round-robin pool attends a booking (issue 28): one pure rule, read by the booking write and shown on the
 * booking with its reason.
 *
 * Among the pool members free at the chosen time, the one with the fewest round-robin bookings of this event type in
 * the current calendar month for their weight: the lowest (bookings this month + this one) ÷ weight. A member who
 * already has their weighted share of the month's bookings (counting this one) waits while another free member is
 * behind theirs, so every member's count stays within one booking of its weighted ideal when all are free. Ties go
 * to the member booked least recently (never booked counts as the oldest), then to a stable order (user id).
 *
 * Reasons: 'only member free' (one candidate), 'fewest bookings this month' (the count for the weight decided),
 * 'booked least recently' (the tie-break decided), 'kept on reschedule' (a guest's reschedule keeps its member when
 * they are free at the new time).
 */

/** A pool member's round-robin record this month: bookings of this event type and the last one's time. */
export interface PoolCount {
  count: number;
  /** ISO instant of their last round-robin booking of this event type this month; null when none. */
  lastBookedAt: string | null;
}

export interface Assignment {
  userId: string;
  reason: AssignmentReason;
}

/** A member's weight as used by the rule: a positive number (default 100). */
export function weightOf(host: Pick<TeamEventHost, 'weight'>): number {
  return Number.isFinite(host.weight) && host.weight > 0 ? host.weight : 100;
}

/**
 * The pool members free at the time in the order the rule prefers them (the first is assigned; the booking write
 * tries the next one when a race takes the first).
 * `pool`: every pool (non-fixed) host of the event, free or not (the weighted share is the whole pool's);
 * `free`: the user ids of those free at the time; `counts`: this month's records by user id (absent: none).
 */
export function rankPoolMembers(
  pool: readonly Pick<TeamEventHost, 'userId' | 'weight'>[],
  free: ReadonlySet<string>,
  counts: ReadonlyMap<string, PoolCount>,
): Assignment[] {
  const totalWeight = pool.reduce((sum, host) => sum + weightOf(host), 0);
  const totalCount = pool.reduce((sum, host) => sum + (counts.get(host.userId)?.count ?? 0), 0);
  const candidates = pool
    .filter((host) => free.has(host.userId))
    .map((host) => {
      const weight = weightOf(host);
      const count = counts.get(host.userId)?.count ?? 0;
      return {
        userId: host.userId,
        // Below their weighted share of the month's bookings counting this one (cross-multiplied: exact).
        behind: count * totalWeight < (totalCount + 1) * weight,
        count,
        weight,
        last: counts.get(host.userId)?.lastBookedAt ?? '',
      };
    });
  type Candidate = (typeof candidates)[number];
  // (count + 1) ÷ weight, compared cross-multiplied so that no rounding decides.
  const byShare = (a: Candidate, b: Candidate) => (a.count + 1) * b.weight - (b.count + 1) * a.weight;
  const byRecency = (a: Candidate, b: Candidate) => (a.last < b.last ? -1 : a.last > b.last ? 1 : 0);
  const byId = (a: Candidate, b: Candidate) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
  const order = (a: Candidate, b: Candidate) =>
    Number(b.behind) - Number(a.behind) || byShare(a, b) || byRecency(a, b) || byId(a, b);
  const ranked = [...candidates].sort(order);
  return ranked.map((candidate, index) => {
    const rest = ranked.slice(index + 1);
    let reason: AssignmentReason;
    if (rest.length === 0) reason = 'only member free';
    else {
      const next = rest[0]!;
      const countDecided = next.behind !== candidate.behind || byShare(candidate, next) !== 0;
      reason = countDecided ? 'fewest bookings this month' : 'booked least recently';
    }
    return { userId: candidate.userId, reason };
  });
}

/**
 * The member the rule assigns, or null when no pool member is free. A reschedule keeps the member of the booking it
 * replaces (`kept`) while they are in the pool and free at the new time ('kept on reschedule'); else the rule decides.
 */
export function assignPoolMember(
  pool: readonly Pick<TeamEventHost, 'userId' | 'weight'>[],
  free: ReadonlySet<string>,
  counts: ReadonlyMap<string, PoolCount>,
  kept: string | null = null,
): Assignment | null {
  if (kept && free.has(kept) && pool.some((host) => host.userId === kept)) {
    return { userId: kept, reason: 'kept on reschedule' };
  }
  return rankPoolMembers(pool, free, counts)[0] ?? null;
}

/** The event's fixed hosts (always attend) and its pool (one attends); a collective event's hosts are all fixed. */
export function splitHosts(event: {
  schedulingType?: 'collective' | 'round-robin' | null;
  hosts?: readonly TeamEventHost[] | null;
}): { fixed: TeamEventHost[]; pool: TeamEventHost[] } {
  const hosts = event.hosts ?? [];
  if (event.schedulingType !== 'round-robin') return { fixed: [...hosts], pool: [] };
  return { fixed: hosts.filter((host) => host.fixed), pool: hosts.filter((host) => !host.fixed) };
}

/** The calendar month (UTC, yyyy-MM) whose round-robin counters a booking made at `now` counts in. */
export function counterMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}
