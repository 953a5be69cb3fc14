import type { Settings } from '#shared/api/schemas/settings';
import type { ContactMessage } from '#functions/domain/records';

/** The site's own records: contact messages and the administrator's settings. */

export interface ContactMessageRepository {
  save(message: ContactMessage): Promise<void>;
  remove(id: string): Promise<void>;
  get(id: string): Promise<ContactMessage | null>;
}

export interface SettingsRepository {
  /** The fields ever saved (possibly only some), or null when none were. */
  get(): Promise<Partial<Settings> | null>;
  /**
   * Changes only the given fields, atomically (concurrent changes of other fields are kept); answers the stored
   * settings after the change, with `defaults` for fields never saved.
   */
  update(changes: Partial<Settings>, defaults: Settings): Promise<Settings>;
  /** Writes `settings` only if nothing is stored yet; answers whether it wrote. */
  putIfAbsent(settings: Settings): Promise<boolean>;
}
