import { DEFAULT_CALENDAR_SETTINGS } from '#shared/constants';
import { keys } from '#functions/adapters/dynamodb/keys';
import type { CalendarConnection, CalendarSettings, HostRecord } from '#functions/domain/records';

/** How a host is stored: the CALENDAR item's connection and switches, and hosts read from their items. */

export type Item = Record<string, unknown>;

/** The first calendar connection of a new account, as a Put for the account's creating transaction (version 1). */
export function newCalendarItem(hostId: string, connection: CalendarConnection): Item {
  const fields = Object.fromEntries(CONNECTION_FIELDS.map((field) => [field, connection[field] ?? null]));
  return { ...keys.userCalendar(hostId), type: 'CalendarConnection', version: 1, ...fields };
}

/** The connection's own attributes on the CALENDAR item (the switches live there too, under `settings`). */
export const CONNECTION_FIELDS = [
  'provider',
  'connected',
  'email',
  'lastSynced',
  'sealedRefreshToken',
  'calendarId',
  'sealedFeedToken',
  'feedTokenHash',
] as const;
/** REMOVE also drops the version: the next connection starts again from none. */
export const REMOVED_FIELDS = [...CONNECTION_FIELDS, 'version'] as const;

export function toConnection(item: Item): CalendarConnection | null {
  if (typeof item.provider !== 'string') return null;
  return {
    provider: item.provider as CalendarConnection['provider'],
    connected: item.connected === true,
    email: (item.email as string | null) ?? null,
    lastSynced: (item.lastSynced as string | null) ?? null,
    sealedRefreshToken: (item.sealedRefreshToken as string | null) ?? null,
    calendarId: (item.calendarId as string | null) ?? null,
    sealedFeedToken: (item.sealedFeedToken as string | null) ?? null,
    feedTokenHash: (item.feedTokenHash as string | null) ?? null,
    version: typeof item.version === 'number' ? item.version : 0,
  };
}

export function toSettings(item: Item | undefined): CalendarSettings {
  const saved = (item?.settings ?? {}) as Partial<CalendarSettings>;
  return { ...DEFAULT_CALENDAR_SETTINGS, ...saved };
}

/** A host (no plans) from its PROFILE item and its CALENDAR item, if any. */
export function hostOf(profile: Item, calendar: Item | undefined): HostRecord {
  return {
    id: String(profile.id),
    name: String(profile.name),
    email: String(profile.email),
    username: String(profile.username),
    photoUrl: (profile.photoUrl as string | null) ?? null,
    createdAt: String(profile.createdAt),
    calendar: calendar ? toConnection(calendar) : null,
    calendarSettings: toSettings(calendar),
  };
}

/** Hosts (no plans) from their PROFILE and CALENDAR items, in any order; a CALENDAR without PROFILE is left out. */
export function hostsFromItems(items: readonly Item[]): Map<string, HostRecord> {
  const calendars = new Map<string, Item>();
  for (const item of items) if (item.sk === 'CALENDAR') calendars.set(String(item.pk), item);
  const hosts = new Map<string, HostRecord>();
  for (const profile of items) {
    if (profile.sk !== 'PROFILE') continue;
    hosts.set(String(profile.id), hostOf(profile, calendars.get(String(profile.pk))));
  }
  return hosts;
}
