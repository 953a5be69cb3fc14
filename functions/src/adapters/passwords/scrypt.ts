import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

import { workLane, type WorkLaneOptions } from '#functions/adapters/passwords/work-lane';
import type { PasswordHashCost } from '#functions/config';
import type { PasswordHasher } from '#functions/ports/accounts';

/**
 * Passwords hashed with scrypt at OWASP's parameters (docs/security.md): N = 2^17, r = 8, p = 1, a 16-byte
 * random salt per password, a 64-byte key. Stored as `scrypt$N$r$p$salt$key` (base64url), so parameters can be
 * raised later without losing the old hashes. Node refuses this N under its default 32 MiB `maxmem`
 * (128 · N · r bytes = 128 MiB are needed), hence the explicit limit.
 */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;

/**
 * The parameters for each PASSWORD_HASH_COST (config/passwords.ts): OWASP's, and, for the test suites' own stacks on
 * one machine only, N = 2^10 (about 1 ms a hash instead of 0.3-0.7 s).
 */
export const SCRYPT_PARAMS: Record<PasswordHashCost, { N: number; r: number; p: number }> = {
  standard: PARAMS,
  low: { N: 2 ** 10, r: 8, p: 1 },
};
const KEY_BYTES = 64;
const SALT_BYTES = 16;

const maxmemFor = (N: number, r: number) => 128 * N * r + 16 * 1024 * 1024;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: maxmemFor(N, r) };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

function parse(hash: string): { N: number; r: number; p: number; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return null;
  const values = { N: Number(n), r: Number(r), p: Number(p) };
  if (![values.N, values.r, values.p].every((value) => Number.isInteger(value) && value > 0)) return null;
  return { ...values, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/**
 * How much scrypt work one process takes on at once (one machine serves every request in one process; a Lambda
 * instance serves one request at a time, so there the bounds never bite). New passwords (registration) get one
 * lane and sign-ins another, so a flood of registrations waits or is refused (503, Retry-After) while sign-ins go
 * on. 1 + 2 running scrypts leave one of libuv's 4 threads for file and DNS work. The queues hold what finishes
 * within a few seconds (≈ 0.3 s a hash on one core).
 */
export const SCRYPT_LANES: { hash: WorkLaneOptions; verify: WorkLaneOptions } = {
  hash: { concurrency: 1, queue: 8, retryAfterSeconds: 5 },
  verify: { concurrency: 2, queue: 32, retryAfterSeconds: 2 },
};

export function scryptPasswords(
  params: { N: number; r: number; p: number } = PARAMS,
  lanes = SCRYPT_LANES,
): PasswordHasher {
  const hashing = workLane(lanes.hash);
  const verifying = workLane(lanes.verify);
  /** Compared against when an account has no password, so the answer takes as long as a real check. */
  let dummy: Promise<string> | undefined;
  const newHash = async (password: string) => {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, params.N, params.r, params.p);
    return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  };
  return {
    hash: (password) => hashing(() => newHash(password)),
    verify: (password, stored) =>
      verifying(async () => {
        const parsed = parse(stored ?? (await (dummy ??= newHash('no password set'))));
        if (!parsed) return false;
        const key = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p);
        return key.length === parsed.key.length && timingSafeEqual(key, parsed.key) && stored !== null;
      }),
  };
}
