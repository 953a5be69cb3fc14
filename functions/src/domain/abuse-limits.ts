/**
 * Abuse limits on anonymous writes (issue 13; docs/security.md), counted per client address in DynamoDB so they
 * hold on one machine and across Lambda instances alike. Each bound is far above what a person does by hand and
 * far below what a script does (2,000 bookings in 31 s from one address filled five hosts' months):
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RateRule {
  /** Names the count: two rules never share one. */
  name: string;
  /** What is counted, in the refusal's words: "Too many {noun} from your network." */
  noun: string;
  /** Requests allowed in one window. */
  limit: number;
  windowMs: number;
  /** Whose requests, in the refusal's words; "from your network" unless the count is not the client's. */
  source?: string;
}

export const ABUSE_LIMITS = {
  /**
   * Bookings from one address across all hosts: an office behind one NAT booking for its people stays well under
   * 30 an hour; a script is stopped after 30.
   */
  bookingsPerAddress: { name: 'bookings', noun: 'bookings', limit: 30, windowMs: HOUR },
  /**
   * Bookings from one address with one host in a day: a guest books one meeting, perhaps moves it twice; 6 leaves
   * room for colleagues of one office, and no address can fill a host's day.
   */
  bookingsPerAddressAndHost: { name: 'host-bookings', noun: 'bookings with this host', limit: 6, windowMs: DAY },
  /** New accounts from one address: a household or office signs up a few people, not dozens an hour. */
  registrationsPerAddress: { name: 'registrations', noun: 'new accounts', limit: 5, windowMs: HOUR },
  /** Contact messages from one address: a person writes once or twice; every one is mailed to the admin. */
  contactMessagesPerAddress: { name: 'contact', noun: 'messages', limit: 5, windowMs: HOUR },
  /**
   * Sign-in links asked for from one address, whatever the e-mail: a person asks once or twice; 20 in 15 minutes
   * lets an office share one address, and stops a script mailing strangers through us.
   */
  signInLinksPerAddress: { name: 'signin-links', noun: 'sign-in links', limit: 20, windowMs: 15 * MINUTE },
  /** Sign-in links for one e-mail from one address: nobody floods an inbox from one place (3, like a person retrying). */
  signInLinksPerAddressAndEmail: {
    name: 'signin-links-to',
    noun: 'sign-in links for this e-mail address',
    limit: 3,
    windowMs: 15 * MINUTE,
  },
  /**
   * Sign-in links for one e-mail from anywhere: an inbox gets at most 10 in 15 minutes, and one address alone (3)
   * cannot use them up, so only many addresses together can keep the owner's link from being sent.
   */
  signInLinksPerEmail: {
    name: 'signin-links-to-any',
    noun: 'sign-in links for this e-mail address',
    source: 'in a short time',
    limit: 10,
    windowMs: 15 * MINUTE,
  },
  /** Confirmation mails (verification, a new address) of one account: the banner's "Resend link" three times. */
  confirmationMailsPerAccount: {
    name: 'confirm-mails',
    noun: 'confirmation e-mails',
    source: 'for your account',
    limit: 3,
    windowMs: 15 * MINUTE,
  },
  /** Confirmation mails asked for from one address, across accounts. */
  confirmationMailsPerAddress: {
    name: 'confirm-mails-from',
    noun: 'confirmation e-mails',
    limit: 10,
    windowMs: 15 * MINUTE,
  },
  /**
   * Payments started (payment intents, Checkout sessions) from one address: a person tries a plan, a card or two;
   * each start creates objects at Stripe, so a script cannot make thousands through us.
   */
  paymentStartsPerAddress: { name: 'payment-starts', noun: 'payment attempts', limit: 20, windowMs: HOUR },
  /**
   * Team invitations (issue 28) each mail their address: one account inviting a whole office stays under 50 a day;
   * a team's owner cannot turn the invitation mail on strangers.
   */
  invitationsPerAccount: {
    name: 'team-invitations',
    noun: 'invitations',
    source: 'from your account',
    limit: 50,
    windowMs: DAY,
  },
  /** Invitations (sending again included) to one e-mail address, from any team: nobody's inbox is flooded. */
  invitationsPerEmail: {
    name: 'team-invitations-to',
    noun: 'invitations to this e-mail address',
    source: 'today',
    limit: 5,
    windowMs: DAY,
  },
  /** Payment checks (the return from paying) from one address: each asks Stripe, so they are bounded too. */
  paymentChecksPerAddress: { name: 'payment-checks', noun: 'payment checks', limit: 60, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;

/**
 * The abuse limits a guest's booking counts against: per client address, and per address with one host. A reschedule
 * or a cancellation made with the booking's own link is not counted (issue 30): it replaces or ends a booking, it
 * cannot fill a day; a reschedule is bounded by MAX_RESCHEDULES instead.
 */
export function bookingLimits(
  clientAddress: string,
  hostId: string,
  rescheduling: boolean,
): { rule: RateRule; subject: string }[] {
  if (rescheduling) return [];
  return [
    { rule: ABUSE_LIMITS.bookingsPerAddress, subject: clientAddress },
    { rule: ABUSE_LIMITS.bookingsPerAddressAndHost, subject: `${clientAddress}:${hostId}` },
  ];
}

/**
 * The client as the per-address limits count it (issue 31): an IPv4 address as it is; an IPv6 address by its /64
 * (`2001:db8:1:2::/64`), since one /64 is one subscriber's network and every address in it is theirs to use; an
 * IPv4-mapped IPv6 address (`::ffff:203.0.113.7`) as its IPv4 address. Anything that is not an address (none was
 * given: 'unknown') stays as it is.
 */
export function limitAddress(address: string): string {
  const text = address.trim();
  if (!text.includes(':')) return text;
  const groups = ipv6Groups(text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, ''));
  if (!groups) return text;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** An IPv6 address's eight 16-bit groups (`::` expanded, a trailing dotted IPv4 as two groups), or null if it is none. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string): number[] | null => {
    if (half === '') return [];
    const parts = half.split(':');
    const groups: number[] = [];
    for (const [index, part] of parts.entries()) {
      const v4 = index === parts.length - 1 ? IPV4.exec(part) : null;
      if (v4) {
        const bytes = v4.slice(1).map(Number);
        if (bytes.some((byte) => byte > 255)) return null;
        groups.push((bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!);
      } else if (HEX_GROUP.test(part)) groups.push(parseInt(part, 16));
      else return null;
    }
    return groups;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return null;
  // An embedded IPv4 address ends the address: none before `::`.
  if (halves.length === 2 && halves[0]!.includes('.')) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

/** A booking may be rescheduled at most this many times, counting along its chain of reschedules (issue 30). */
export const MAX_RESCHEDULES = 5;
export const RESCHEDULE_LIMIT_REACHED = 'This booking has been rescheduled too many times. Please contact the host.';

/** How many reschedules led to a booking (one stored before the count existed: 1 if it was made by one). */
export const reschedulesOf = (booking: { rescheduleCount?: number; rescheduledFrom?: unknown }): number =>
  booking.rescheduleCount ?? (booking.rescheduledFrom ? 1 : 0);

/** Whether a booking may be rescheduled once more. */
export const mayReschedule = (booking: { rescheduleCount?: number; rescheduledFrom?: unknown }): boolean =>
  reschedulesOf(booking) < MAX_RESCHEDULES;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Whether the request counted after `counted.failures` earlier ones in the window is still within the rule. */
export function overLimit(
  rule: RateRule,
  counted: { failures: number; windowEndsAt: number },
  now: number,
): RateDecision {
  if (counted.failures < rule.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((counted.windowEndsAt - now) / 1000)) };
}

/** "Please try again in 12 minutes." — the wait in the largest whole unit a person reads easily. */
export function retryAfterText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** The refusal a limited request gets (429, the spec's `{ message }` shape). */
export const limitMessage = (rule: RateRule, retryAfterSeconds: number): string =>
  `Too many ${rule.noun} ${rule.source ?? 'from your network'}. Please try again in ${retryAfterText(retryAfterSeconds)}.`;
