import * as z from 'zod/mini';

import { emailAddress, singleLine, visibleText } from '#shared/api/schemas/common';
import { loadEnglishMessages } from '#shared/api/zod-english';

loadEnglishMessages();

/**
 * Accounts and sessions (issue 5; their routes are in docs/api.md). The register and
 * login messages are the spec's; the maximums are ours.
 */

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
export const NAME_MAX = 200;

/** The signed-in user as GET /api/me, POST /api/login and the profile calls answer it. */
export const currentUser = z.object({
  email: z.string(),
  name: z.string(),
  username: z.string(),
  photoUrl: z.nullable(z.string()),
  createdAt: z.string(),
  isAdmin: z.boolean(),
  /** Beyond the spec: whether the address is proven (issue 13); false shows the "confirm your e-mail" banner. */
  emailVerified: z.boolean(),
  /** Beyond the spec: a new address waiting for its confirmation link, or null. */
  pendingEmail: z.nullable(z.string()),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const meResponse = z.object({ user: z.nullable(currentUser) });

const password = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`),
    z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
  );

/** POST /api/auth/register. */
export const registerBody = z.strictObject({
  name: z.pipe(
    z.pipe(
      singleLine('Full name'),
      z.transform((value) => visibleText(value)),
    ),
    z
      .string()
      .check(
        z.minLength(2, 'Full name must be at least 2 characters.'),
        z.maxLength(NAME_MAX, `Full name must be at most ${NAME_MAX} characters.`),
      ),
  ),
  email: emailAddress('Please enter a valid email address.'),
  password,
});
export const registerResponse = z.object({ message: z.string(), user: currentUser });

/** POST /api/login: `username` is the username or the e-mail address. */
export const loginBody = z.strictObject({
  username: z
    .string({ error: 'Username or email is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Username or email is required'),
      z.maxLength(254, 'Username or email must be at most 254 characters.'),
    ),
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX, 'Invalid username or password')),
});
export const loginResponse = z.object({ user: currentUser });

/** POST /api/logout and DELETE /api/auth/account take an empty JSON object (writes carry a JSON body: CSRF rule). */
export const emptyBody = z.strictObject({});

/** POST /api/profile/update. */
export const profileUpdateBody = z.strictObject({
  // The profile's name: 1 to 200 characters, with its two messages.
  name: z.pipe(
    z.pipe(
      singleLine('Name'),
      z.transform((value) => visibleText(value)),
    ),
    z
      .string()
      .check(
        z.minLength(1, 'Name is required.'),
        z.maxLength(NAME_MAX, `Name is too long (maximum ${NAME_MAX} characters).`),
      ),
  ),
  email: emailAddress('Please enter a valid email address.'),
});
export const profileUpdateResponse = z.object({ message: z.string(), user: currentUser });

/** POST /api/auth/manual-login (/direct-login): e-mail required, username optional (a link is mailed: docs/security.md). */
export const manualLoginBody = z.strictObject({
  email: emailAddress('Please enter your email'),
  username: z.optional(z.string().check(z.trim(), z.maxLength(254))),
});
export const manualLoginResponse = z.object({ success: z.boolean(), message: z.string() });

/** GET /api/auth/google?type=login|register. */
export const googleAuthQuery = z.object({
  type: z.optional(z.enum(['login', 'register'], { error: 'type must be login or register.' })),
});

/**
 * Our Google callback: what Google sends back (other parameters it adds, such as scope or authuser, are ignored).
 * Checked by the use case: anything wrong redirects to /login with the reason rather than answering JSON.
 */
export const googleCallbackQuery = z.object({
  code: z.optional(z.string().check(z.maxLength(2048))),
  state: z.optional(z.string().check(z.maxLength(200))),
  error: z.optional(z.string().check(z.maxLength(200))),
});

/** GET /api/auth/debug-url: public configuration only. */
export const debugUrlResponse = z.object({
  oauth: z.object({
    googleConfigured: z.boolean(),
    googleAuthUrl: z.nullable(z.string()),
    callbackUrl: z.string(),
    origin: z.string(),
    environment: z.string(),
  }),
});

export const deleteAccountResponse = z.object({ success: z.boolean(), message: z.string() });

/** POST /api/profile/upload-photo answers the stored photo's address. */
export const uploadPhotoResponse = z.object({ message: z.string(), photoUrl: z.string() });

/** GET /api/auth/email-link?token=… (the one-time link a /direct-login request mails). */
export const signInLinkQuery = z.object({
  // Checked by the use case: a wrong or used token redirects to the failure page rather than answering JSON.
  token: z.optional(z.string().check(z.maxLength(200))),
});

/** Answers that redirect the browser (302 to `location`). */
export const redirectResponse = z.object({ location: z.string() });

/** POST /api/auth/email-link: the token of a mailed sign-in link (the link page's button). */
export const signInLinkBody = z.strictObject({
  token: z.string({ error: 'The sign-in link is missing its token.' }).check(z.maxLength(200)),
});
export const signInLinkResponse = z.object({ success: z.literal(true) });

/** POST /api/auth/verify-email: the token of a mailed confirmation link (the /verify-email page's button). */
export const verifyEmailBody = z.strictObject({
  token: z.string({ error: 'The confirmation link is missing its token.' }).check(z.maxLength(200)),
});
export const verifyEmailResponse = z.object({ message: z.string(), email: z.string() });
