import type { Settings } from '#shared/api/schemas/settings';
import type { Config } from './config.ts';

/** The interfaces use cases depend on. Adapters (functions/src/adapters) implement them. */

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new unique, URL-safe id. */
  next(): string;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Who is calling. */
export interface Principal {
  userId: string;
  isAdmin: boolean;
}

export interface SessionVerifier {
  /** The caller's principal, or null when the request carries no valid session. */
  authenticate(request: { cookies: string[]; headers: Record<string, string | undefined> }): Promise<Principal | null>;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

export interface ContactMessageRepository {
  save(message: ContactMessage): Promise<void>;
  remove(id: string): Promise<void>;
  get(id: string): Promise<ContactMessage | null>;
}

export interface SettingsRepository {
  /** The stored settings, or null when none were ever saved. */
  get(): Promise<Settings | null>;
  /** Writes the whole settings object. */
  put(settings: Settings): Promise<void>;
  /** Writes `settings` only if nothing is stored yet; answers whether it wrote. */
  putIfAbsent(settings: Settings): Promise<boolean>;
}

export interface OutgoingMail {
  to: string[];
  replyTo?: string[];
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends one message; answers the provider's message id. */
  send(mail: OutgoingMail): Promise<string>;
}

/** What every route has: configuration, time, ids, logging, and who is calling. */
export interface CoreDeps {
  config: Config;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  sessions: SessionVerifier;
}

/** Everything a use case may ask for; each handler is given only the part it names. */
export interface Deps extends CoreDeps {
  contactMessages: ContactMessageRepository;
  settings: SettingsRepository;
  mailer: Mailer;
}
