import type { z } from 'zod/mini';

import type { RouteAddress } from '#shared/api/route-paths';

/**
 * What a row of the route table is (shared/api/routes.ts, shared/api/billing-routes.ts): who may call it, its
 * schemas, and what its Lambda may touch.
 */

/** public: anyone; signed-in: a valid session; admin: a valid session of an administrator. */
export type AuthLevel = 'public' | 'signed-in' | 'admin';

/** What a route's Lambda may touch; the CDK stack grants exactly this (least privilege). */
export interface RouteNeeds {
  table?: 'read' | 'readwrite';
  mail?: boolean;
  /** Writes and deletes uploaded photos (the photo bucket in the cloud). */
  photos?: boolean;
  /**
   * Calls Google as our OAuth client: the only functions given GOOGLE_CLIENT_SECRET, and the key that seals and
   * opens hosts' Google refresh tokens.
   */
  google?: boolean;
  /**
   * Talks to Stripe: the only functions that call Stripe's API and may read the Stripe secret key and
   * webhook secret (Secrets Manager in the cloud). The cloud stack puts these functions in their own nested stack.
   */
  billing?: boolean;
  /**
   * Webhooks (issue 29): `enqueue` sends to the webhook delivery queue (its URL, sqs:SendMessage); `seal` seals new
   * signing secrets with the token key (kms:GenerateDataKey only); `deliver` is the delivery job's (both of those,
   * and opening secrets: kms:Decrypt).
   */
  webhooks?: 'enqueue' | 'seal' | 'deliver';
  /** Queues booking mail (issue 30): the mail queue's URL (MAIL_QUEUE_URL) and sqs:SendMessage on it, nothing else. */
  mailQueue?: 'send';
}

export interface RouteDefinition extends RouteAddress {
  name: string;
  auth: AuthLevel;
  summary: string;
  params?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  response: z.core.$ZodType;
  /** Status of a successful answer (default 200); 302 answers redirect to the response's `location`. */
  successStatus?: number;
  /** A successful answer that is a document, not JSON: the response schema is its text. */
  contentType?: string;
  /**
   * An upload route: what a body over the platform's 10 MB request limit is told (413), in the spec's words for
   * that upload, before the function ever runs.
   */
  tooLargeMessage?: string;
  needs: RouteNeeds;
  /**
   * A provider's signed callback (Stripe's webhook): the handler reads the raw body itself and the signature is the
   * authentication, so no session is read and the same-site rule does not apply (the caller is not a browser).
   */
  webhook?: 'stripe';
  /**
   * An API key (`Authorization: Bearer mw_…`, issue 29) may call this route as its host. Every other route answers
   * 403 to a key: account, profile, billing, settings, team membership and the keys themselves are for a session.
   */
  apiKey?: true;
}

/** A row without its address (method and path), which shared/api/route-addresses.ts holds. */
export type RouteRow = Omit<RouteDefinition, keyof RouteAddress>;

/**
 * A row of the table: its address (shared/api/route-addresses.ts) and the rest. Each row is an exported constant built
 * by a call marked `@__PURE__` whose arguments are plain values, so that a bundler drops every row a function does
 * not import, and with it the row's schemas.
 */
export const defineRoute = <const A extends RouteAddress, const T extends RouteRow>(address: A, row: T): A & T => ({
  ...address,
  ...row,
});
