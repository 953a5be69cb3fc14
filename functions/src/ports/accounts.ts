import type { AccountRecord, CalendarConnection } from '#functions/domain/records';

/** Accounts: profiles, passwords, photos, sign-in links, e-mail proofs, Google sign-in, the login throttle. */

export type CreateAccountResult = 'created' | 'emailTaken' | 'usernameTaken' | 'googleTaken';

/** `changed`: the profile changed (or went) since it was read; nothing was written. */
export type UpdateProfileResult = 'updated' | 'emailTaken' | 'changed';

export interface AccountRepository {
  /**
   * Writes the profile with its e-mail and username claims, and the first calendar connection when given, in one
   * transaction; nothing is written on a clash.
   */
  create(account: AccountRecord, initial?: { calendar?: CalendarConnection }): Promise<CreateAccountResult>;
  get(userId: string): Promise<AccountRecord | null>;
  /** By e-mail address, case-insensitively. */
  findByEmail(email: string): Promise<AccountRecord | null>;
  findByUsername(username: string): Promise<AccountRecord | null>;
  /** The account linked to this Google account (`sub`), or null. */
  findByGoogleSubject(subject: string): Promise<AccountRecord | null>;
  /**
   * Changes name and e-mail. A new e-mail moves its claim in the same transaction as the profile; an e-mail another
   * account holds changes nothing.
   */
  updateProfile(
    account: AccountRecord,
    changes: { name: string; email: string; emailVerified?: boolean; pendingEmail?: string | null },
  ): Promise<UpdateProfileResult>;
  /**
   * The owner proved the account's address. An unverified account becomes verified; one that was unverified also
   * loses its password, every session, its pending e-mail change and its calendar connection (the built-in calendar
   * replaces it): whoever set them never proved the address. `googleSubject` is linked in the same write, where no
   * other Google account is linked. Answers 'changed' when the account or its address changed since it was read.
   */
  claimProvenAddress(
    account: AccountRecord,
    proof: { googleSubject?: string },
    now: Date,
  ): Promise<'claimed' | 'changed' | 'googleTaken'>;
  /**
   * Removes the account and everything it owns: event types with their overrides and slugs, bookings as host,
   * calendar connection, sessions, API keys (their lookups too), and last the profile with its e-mail and username
   * claims (so an interrupted deletion can be run again by the still signed-in user, and the e-mail can register
   * again afterwards).
   */
  deleteAccount(account: AccountRecord): Promise<void>;
  /** Makes the account an administrator (a configured admin e-mail, once proven). */
  grantAdmin(userId: string): Promise<void>;
  /** Sets (or clears) the profile photo's URL; answers the previous one. */
  setPhoto(userId: string, photoUrl: string | null): Promise<string | null>;
}

/** Uploaded images, served to browsers at /photos/{key} (CloudFront from S3; the local server from DATA_DIR). */
export interface PhotoStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every image under `{folder}/` (a user's profile photos and event images, at account deletion). */
  deleteFolder(folder: string): Promise<void>;
}

/** One-time sign-in links (/direct-login): stored by the hash of their token, used once, expiring. */
export interface SignInLinks {
  create(tokenHash: string, userId: string, expiresAt: number): Promise<void>;
  /** Deletes the link and answers its user, or null when unknown, used or expired (ms since epoch `now`). */
  consume(tokenHash: string, now: number): Promise<string | null>;
}

/** A mailed link proving an address: a new account's (verify) or a profile's new one (change). */
export interface EmailProof {
  userId: string;
  email: string;
  purpose: 'verify' | 'change';
}

/** E-mail proofs in flight: stored by the hash of their token, used once, expiring. */
export interface EmailProofs {
  create(tokenHash: string, proof: EmailProof, expiresAt: number): Promise<void>;
  /** Uses the proof up if it is `userId`'s; another account's proof is answered as absent and stays. */
  consume(tokenHash: string, userId: string, now: number): Promise<EmailProof | null>;
}

/** What a sign-in or connection started at Google needs when the browser comes back. */
export interface OAuthState {
  purpose: 'sign-in' | 'calendar';
  /** The PKCE code verifier (its S256 challenge went to Google). */
  codeVerifier: string;
  /** The redirect URI sent to Google (the token exchange must repeat it exactly). */
  redirectUri: string;
  /** For 'calendar': the host connecting. */
  userId?: string;
}

/** OAuth `state` values in flight: stored by their hash, used once, expiring. */
export interface OAuthStates {
  create(stateHash: string, state: OAuthState, expiresAt: number): Promise<void>;
  /** Deletes the state and answers it, or null when unknown, used or expired (ms since epoch `now`). */
  consume(stateHash: string, now: number): Promise<OAuthState | null>;
}

/** Who Google says signed in, from the ID token it issued (signature, issuer, audience and expiry checked). */
export interface GoogleIdentity {
  /** Google's stable account id (`sub`). */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

/** Google sign-in (OAuth 2.0 authorization code with PKCE; adapters/google). */
export interface GoogleSignIn {
  /** A new PKCE pair: the verifier stays here, the S256 challenge goes to Google. */
  newPkce(): Promise<{ verifier: string; challenge: string }>;
  /** Google's consent page for this sign-in. */
  authorizationUrl(input: { redirectUri: string; state: string; codeChallenge: string }): string;
  /** Exchanges the code (with the verifier) and verifies the ID token; throws when Google refuses. */
  identify(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<GoogleIdentity>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time comparison; a null hash (no password set) is checked against a dummy so timing does not tell. */
  verify(password: string, hash: string | null): Promise<boolean>;
}

/**
 * Sign-in attempts counted per key (an account, a client address) over a window. An attempt is counted before its
 * password is checked, so parallel attempts cannot all slip under the limit; a successful one is taken back.
 */
export interface LoginThrottle {
  /** Counts one more attempt; answers how many came before it in the window and when the window ends (ms). */
  reserve(key: string, now: Date): Promise<{ failures: number; windowEndsAt: number }>;
  /** Takes back one counted attempt (it succeeded). */
  release(key: string): Promise<void>;
  /** Forgets every attempt of the key. */
  reset(key: string): Promise<void>;
}
