import { DEFAULT_SETTINGS } from '#shared/constants';
import type { Deps } from '#functions/ports';

/**
 * Demo data for the embedded default. Idempotent: every step writes only what is missing, so running it on each
 * start never duplicates anything. Later features add their steps here (demo host, event types, admin).
 * Answers one line per step for the start-up banner.
 */
export async function seedDemoData(deps: Pick<Deps, 'settings'>): Promise<string[]> {
  const wroteSettings = await deps.settings.putIfAbsent({ ...DEFAULT_SETTINGS });
  return [`Booking settings: ${wroteSettings ? 'created with the defaults' : 'kept as saved'}`];
}
