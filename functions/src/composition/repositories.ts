import { dynamoAccounts } from '#functions/adapters/dynamodb/accounts';
import { dynamoBilling } from '#functions/adapters/dynamodb/billing/dynamo-billing';
import { dynamoBookingLedger } from '#functions/adapters/dynamodb/bookings/ledger';
import { dynamoContactMessages } from '#functions/adapters/dynamodb/contact-messages';
import { dynamoEvents } from '#functions/adapters/dynamodb/events';
import { dynamoHosts } from '#functions/adapters/dynamodb/hosts/repository';
import { dynamoLocationFallbacks } from '#functions/adapters/dynamodb/location-fallbacks';
import { dynamoMailSuppressions } from '#functions/adapters/dynamodb/mail-suppressions';
import { dynamoSettings } from '#functions/adapters/dynamodb/settings';
import { dynamoTeams } from '#functions/adapters/dynamodb/teams';
import { dynamoWebhooks } from '#functions/adapters/dynamodb/webhooks';
import { recentHostNames } from '#functions/adapters/memory/recent-host-names';
import { config, documentClient, once } from '#functions/composition/core';
import type { Deps } from '#functions/ports/deps';

/** The table's repositories that several areas' routes read, each built once per process over the one client. */

/** The bookings lists' memory of host names: a rename shows in them within a minute. */
export const RECENT_HOST_NAMES = { ttlMs: 60_000, maxEntries: 5_000 } as const;

/** The account repository alone, for routes that read the caller's account but never sign anyone in. */
export const accountRepository = /* @__PURE__ */ once(() => dynamoAccounts(documentClient(), config().tableName));

/** Plans, payments, customers and promo codes in the table (no Stripe SDK: see composition/billing.ts). */
export const billingStore = /* @__PURE__ */ once(() => dynamoBilling(documentClient(), config().tableName));

export const settingsRepository = /* @__PURE__ */ once(() => dynamoSettings(documentClient(), config().tableName));

export const contactMessageRepository = /* @__PURE__ */ once(() =>
  dynamoContactMessages(documentClient(), config().tableName),
);

export const eventRepository = /* @__PURE__ */ once(() => dynamoEvents(documentClient(), config().tableName));

export const hostRepository = /* @__PURE__ */ once(() => dynamoHosts(documentClient(), config().tableName));

/** The host repository of the bookings lists: host names remembered for a minute (RECENT_HOST_NAMES). */
export const listHostRepository = /* @__PURE__ */ once((): Deps['hosts'] => {
  const hosts = hostRepository();
  return { ...hosts, namesOf: recentHostNames((ids) => hosts.namesOf(ids), RECENT_HOST_NAMES) };
});

export const bookingLedger = /* @__PURE__ */ once(() => dynamoBookingLedger(documentClient(), config().tableName));

/** Teams, their members and invitations (issue 28). */
export const teamRepository = /* @__PURE__ */ once(() => dynamoTeams(documentClient(), config().tableName));

/** Notes that mail a host whose Google Meet event types became video calls (issue 30), through the stream. */
export const locationFallbacks = /* @__PURE__ */ once(() =>
  dynamoLocationFallbacks(documentClient(), config().tableName),
);

/** The suppression list alone (the SES feedback job). */
export const mailSuppressions = /* @__PURE__ */ once(() =>
  dynamoMailSuppressions(documentClient(), config().tableName),
);

/** Webhook endpoints and their delivery logs (issue 29). */
export const webhookRepository = /* @__PURE__ */ once(() => dynamoWebhooks(documentClient(), config().tableName));
