import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

import type { TokenCipher } from '#functions/ports/calendar';

/**
 * AES-256-GCM sealing of short secrets. A sealed value is `{scheme}.{key part}.{iv}.{tag}.{ciphertext}`
 * (base64url parts): the key part is empty for a local key and the KMS-encrypted data key in the cloud. The owner's
 * id is the additional authenticated data, so a value copied into another owner's item does not open.
 */

const IV_BYTES = 12;

function encrypt(key: Uint8Array, plaintext: string, context: string) {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

function decrypt(key: Uint8Array, sealed: string, context: string): string {
  const [iv, tag, ciphertext] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext || iv.length !== IV_BYTES) throw new Error('Not a sealed value.');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}

function splitScheme(sealed: string, scheme: string): [string, string] {
  const [found, keyPart, ...rest] = sealed.split('.');
  if (found !== scheme || keyPart === undefined || rest.length !== 3)
    throw new Error(`Not a value sealed with ${scheme}.`);
  return [keyPart, rest.join('.')];
}

/** One machine: a 32-byte key from configuration (CALENDAR_TOKEN_KEY) or generated once under DATA_DIR. */
export function localTokenCipher(key: Uint8Array): TokenCipher {
  if (key.length !== 32) throw new Error('The token key must be 32 bytes.');
  return {
    async seal(plaintext, context) {
      return `l1..${encrypt(key, plaintext, context)}`;
    },
    async open(sealed, context) {
      const [, rest] = splitScheme(sealed, 'l1');
      return decrypt(key, rest, context);
    },
  };
}

/** What the KMS envelope needs of AWS KMS (the adapter in kms.ts; a fake in tests). */
export interface DataKeySource {
  /** A fresh 256-bit data key: in clear for this use, and encrypted under the KMS key for storage. */
  generate(context: Record<string, string>): Promise<{ plaintext: Uint8Array; encrypted: Uint8Array }>;
  /** The clear data key of an encrypted one (KMS checks the encryption context). */
  decrypt(encrypted: Uint8Array, context: Record<string, string>): Promise<Uint8Array>;
}

/**
 * The cloud: envelope encryption. Each sealed value has its own data key from KMS (GenerateDataKey), stored
 * encrypted beside it; opening asks KMS to decrypt that key (with the same encryption context, so KMS logs whose
 * token it was and refuses a mismatch). Opened data keys are kept for the life of the process.
 */
export function envelopeTokenCipher(keys: DataKeySource): TokenCipher {
  const opened = new Map<string, Uint8Array>();
  const contextOf = (owner: string) => ({ purpose: 'meetwise-token', owner });
  return {
    async seal(plaintext, context) {
      const dataKey = await keys.generate(contextOf(context));
      return `k1.${Buffer.from(dataKey.encrypted).toString('base64url')}.${encrypt(dataKey.plaintext, plaintext, context)}`;
    },
    async open(sealed, context) {
      const [keyPart, rest] = splitScheme(sealed, 'k1');
      const cacheKey = `${context}:${keyPart}`;
      let key = opened.get(cacheKey);
      if (!key) {
        key = await keys.decrypt(Buffer.from(keyPart, 'base64url'), contextOf(context));
        if (opened.size >= 1000) opened.clear();
        opened.set(cacheKey, key);
      }
      return decrypt(key, rest, context);
    },
  };
}
