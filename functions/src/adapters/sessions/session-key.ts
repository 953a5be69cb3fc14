import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Config } from '#functions/config';

/**
 * The key that signs session tokens: SESSION_SECRET when set (the cloud sets it from a generated secret);
 * otherwise, on one machine, a key generated once under DATA_DIR.
 */
export function sessionKey(config: Pick<Config, 'sessionSecret' | 'dataDir'>): Uint8Array {
  if (config.sessionSecret) return new Uint8Array(Buffer.from(config.sessionSecret, 'base64url'));
  return localKey(config.dataDir, 'session-secret');
}

/**
 * The session key and, during a rotation's grace period, the one before it (SESSION_SECRET_PREVIOUS): sessions are
 * signed and guest links derived with `current` only; `previous` is only accepted, until the next deploy drops it
 * (docs/operations.md "Rotating secrets").
 */
export function sessionKeys(config: Pick<Config, 'sessionSecret' | 'sessionSecretPrevious' | 'dataDir'>): {
  current: Uint8Array;
  previous?: Uint8Array;
} {
  const current = sessionKey(config);
  if (!config.sessionSecretPrevious) return { current };
  return { current, previous: new Uint8Array(Buffer.from(config.sessionSecretPrevious, 'base64url')) };
}

/**
 * A key for one machine: 32 random bytes generated once into DATA_DIR/{fileName} (owner-only) and reused, so a
 * restart keeps sessions and sealed tokens valid.
 */
export function localKey(dataDir: string, fileName: string): Uint8Array {
  const file = join(dataDir, fileName);
  try {
    return new Uint8Array(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url'));
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process wrote it first: use theirs.
      return new Uint8Array(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url'));
    }
    return new Uint8Array(Buffer.from(secret, 'base64url'));
  }
}
