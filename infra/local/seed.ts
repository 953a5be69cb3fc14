import { DEFAULT_SETTINGS, DEMO_EVENT_ID } from '#shared/constants';
import { normalizePromoCode, SEED_PROMO_CODES } from '#shared/rules/pricing';
import { newEvent } from '#functions/domain/event-defaults';
import type { Deps } from '#functions/ports/deps';

/**
 * Demo data for the embedded default. Idempotent: every step writes only what is missing, so running it on each
 * start never duplicates anything. Answers one line per step for the start-up banner.
 */

export const DEMO_HOST = {
  id: 'demo-host',
  name: 'Jordan Avery',
  email: 'jordan@meetwise.test',
  username: 'jordan',
  photoUrl: null,
  password: 'meetwise-demo',
} as const;

/** The demo administrator (role admin): sees the bookings dashboard and the settings. */
export const DEMO_ADMIN = {
  id: 'demo-admin',
  name: 'Avery Admin',
  email: 'admin@meetwise.test',
  username: 'admin',
  photoUrl: null,
  password: 'meetwise-admin',
} as const;

export const DEMO_EVENTS = [
  {
    slug: 'intro-call',
    title: 'Intro Call',
    duration: 30,
    description: 'A first 30-minute conversation to see how we can work together.',
    bufferAfter: 10,
    minimumNoticeAmount: 4,
  },
  {
    slug: 'strategy-session',
    title: 'Strategy Session',
    duration: 60,
    description: 'An hour to work through your plans in depth.',
    bufferBefore: 15,
    bufferAfter: 15,
    minimumNoticeAmount: 1,
    minimumNoticeUnit: 'days' as const,
    maxBookingsPerDay: 3,
  },
] as const;

export const DEMO_EVENT_SLUG = 'demo';

type SeedDeps = Pick<Deps, 'settings' | 'hosts' | 'events' | 'clock' | 'accounts' | 'passwords' | 'billing'>;

/** Creates a demo account unless its e-mail is known; answers whether it wrote. */
async function seedAccount(
  deps: SeedDeps,
  person: typeof DEMO_HOST | typeof DEMO_ADMIN,
  role: 'admin' | null,
  now: Date,
) {
  if (await deps.accounts.findByEmail(person.email)) return false;
  if (await deps.hosts.get(person.id)) {
    throw new Error(
      `The data folder holds ${person.email} from before accounts existed; delete it (DATA_DIR) to seed again.`,
    );
  }
  const { password, ...profile } = person;
  const result = await deps.accounts.create({
    ...profile,
    createdAt: now.toISOString(),
    passwordHash: await deps.passwords.hash(password),
    role,
    googleSubject: null,
    // The demo addresses are ours: proven.
    emailVerified: true,
  });
  return result === 'created';
}

/** A line of the start banner; `developer` lines (what was created or kept) show only with LOG_LEVEL=debug. */
export interface SeedLine {
  text: string;
  developer?: boolean;
}

export async function seedDemoData(deps: SeedDeps, baseUrl: string): Promise<SeedLine[]> {
  const lines: SeedLine[] = [];
  const now = deps.clock.now();

  const wroteSettings = await deps.settings.putIfAbsent({ ...DEFAULT_SETTINGS });
  lines.push({
    text: `Booking settings: ${wroteSettings ? 'created with the defaults' : 'kept as saved'}`,
    developer: true,
  });

  if (await seedAccount(deps, DEMO_HOST, null, now)) {
    await deps.hosts.setCalendar(
      DEMO_HOST.id,
      { provider: 'builtin', connected: true, email: DEMO_HOST.email, lastSynced: null },
      null,
    );
    // A lifetime plan, so the demo's booking pages stay up after the 7-day trial of a long-kept data folder.
    await deps.hosts.setPlan(DEMO_HOST.id, {
      id: 'pi_demo_lifetime',
      planType: 'lifetime',
      status: 'active',
      createdAt: now.toISOString(),
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      customerId: null,
      promoCode: null,
      stateAt: 0,
    });
  }
  lines.push({ text: `Demo host: ${DEMO_HOST.name}, America/New_York, built-in calendar connected, lifetime plan` });
  lines.push({
    text: `  sign in at ${baseUrl}/login as ${DEMO_HOST.email} (or ${DEMO_HOST.username}), password ${DEMO_HOST.password}`,
  });
  await seedAccount(deps, DEMO_ADMIN, 'admin', now);
  lines.push({ text: `Demo admin: ${DEMO_ADMIN.email} (or ${DEMO_ADMIN.username}), password ${DEMO_ADMIN.password}` });

  const wanted = [
    ...DEMO_EVENTS.map((fields) => ({ fields, id: undefined })),
    {
      fields: {
        slug: DEMO_EVENT_SLUG,
        title: 'Demo Meeting',
        description: 'A demonstration of the booking page. It cannot be booked.',
      },
      id: DEMO_EVENT_ID,
    },
  ];
  for (const { fields, id } of wanted) {
    if ((await deps.events.findIdBySlug(fields.slug)) === null) {
      await deps.events.create(newEvent({ userId: DEMO_HOST.id, ...fields }, now), id);
    }
    lines.push({
      text: `Event type: ${baseUrl}/book/${fields.slug}${id === DEMO_EVENT_ID ? ' (the demo event, id 999: never bookable)' : ''}`,
    });
  }
  // The promo codes of a new installation; a code already in the table (perhaps changed by an operator) stays.
  for (const promo of SEED_PROMO_CODES) {
    if (!(await deps.billing.promoCode(normalizePromoCode(promo.code)))) await deps.billing.savePromoCode(promo);
  }
  return lines;
}
