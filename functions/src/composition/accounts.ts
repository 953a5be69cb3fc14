import { dynamoAccounts } from '#functions/adapters/dynamodb/accounts';
import type { createDocumentClient } from '#functions/adapters/dynamodb/client';
import { dynamoEmailProofs } from '#functions/adapters/dynamodb/email-proofs';
import { dynamoLoginThrottle } from '#functions/adapters/dynamodb/login-throttle';
import { dynamoOAuthStates } from '#functions/adapters/dynamodb/oauth-states';
import { dynamoSignInLinks } from '#functions/adapters/dynamodb/sign-in-links';
import { googleSignIn } from '#functions/adapters/google/sign-in';
import { SCRYPT_PARAMS, scryptPasswords } from '#functions/adapters/passwords/scrypt';
import { localPhotoStore } from '#functions/adapters/photos/local-files';
import { s3PhotoStore } from '#functions/adapters/photos/s3';
import { guestPlansOver } from '#functions/composition/area-ports';
import { config, documentClient, logger, once, rateLimiter, sessions } from '#functions/composition/core';
import { billingStore } from '#functions/composition/repositories';
import type { Config } from '#functions/config';
import { LOGIN_LIMITS } from '#functions/domain/accounts';

/** Accounts: signing up and in (passwords, links, Google), proving an address, and photos. */

/** Photos in S3 in the cloud, in files on one machine. */
export const photoStoreFor = (configuration: Config) =>
  configuration.photoBucket
    ? s3PhotoStore(configuration.photoBucket, configuration.region)
    : localPhotoStore(configuration.dataDir);

/** The photo store, for the three routes that write or delete photos (the others never load the S3 client). */
export const photoStore = /* @__PURE__ */ once(() => photoStoreFor(config()));

/** A proven address's GuestPlanClaims: the plans a guest bought for it become the account's (issue 18). */
export const guestPlans = /* @__PURE__ */ once(() => guestPlansOver({ billing: billingStore(), logger: logger() }));

/**
 * What the account routes need: accounts, password hashing, sessions, throttling, sign-in links, and billing's
 * GuestPlanClaims (an address proven claims the plans a guest bought for it).
 */
export const accountDeps = /* @__PURE__ */ once(() => ({
  guestPlans: guestPlans(),
  rateLimiter: rateLimiter(),
  accounts: dynamoAccounts(documentClient(), config().tableName),
  passwords: scryptPasswords(SCRYPT_PARAMS[config().passwordHashCost]),
  sessionIssuer: sessions(),
  loginThrottle: dynamoLoginThrottle(documentClient(), config().tableName, LOGIN_LIMITS.windowMs),
  signInLinks: dynamoSignInLinks(documentClient(), config().tableName),
  emailProofs: dynamoEmailProofs(documentClient(), config().tableName),
}));

/**
 * Google sign-in (null when no client id is configured) and the OAuth states in flight: the two Google routes, with
 * billing's GuestPlanClaims (Google proves the account's address).
 */
export const googleSignInDeps = /* @__PURE__ */ once(() => ({
  guestPlans: guestPlans(),
  ...googleSignInFor(config(), documentClient()),
}));

export function googleSignInFor(configuration: Config, db: ReturnType<typeof createDocumentClient>) {
  return {
    oauthStates: dynamoOAuthStates(db, configuration.tableName),
    googleSignIn: configuration.google ? googleSignIn(configuration.google) : null,
  };
}
