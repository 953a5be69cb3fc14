import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';

import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { localPhotoDir } from '#functions/adapters/photos/local-files';
import { composeDeps, connectAreas } from '#functions/composition';
import { parseConfig, setEnvironment, type Config } from '#functions/config';
import type { Principal } from '#functions/ports/core';
import type { Deps } from '#functions/ports/deps';
import { createAppServer } from '#infra/local/server';

/**
 * Test helpers for integration tests: the configuration pointing at the peers started by the global setup, the
 * same environment the handlers read, the local app server on a free port, and raw readers of the table and the
 * mail store (to prove what was and was not written).
 */
export const TEST_SESSION_SECRET = 'dGVzdC1vbmx5LXNlc3Npb24ta2V5LW5vdC1mb3ItcHJvZHVjdGlvbi11c2U';
export const TEST_ADMIN_EMAIL = 'boss@meetwise.test';
/** Local files of the integration run (uploaded photos): a folder of the system's temp dir, not the repo's .data. */
export const TEST_DATA_DIR = join(tmpdir(), 'meetwise-integration');

/** `extra`: more variables for this test file's handlers (e.g. the fake Google's address). */
export function integrationConfig(extra: Record<string, string> = {}): Config {
  const env = integrationEnvironment(extra);
  setEnvironment(env);
  return parseConfig(env);
}

/** The environment integrationConfig sets (`extra` added), for a test that parses a variant of it. */
export function integrationEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  return {
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    SES_ENDPOINT: inject('sesEndpoint'),
    TABLE_NAME: inject('tableName'),
    AWS_REGION: 'us-east-1',
    CONTACT_EMAIL: 'admin@meetwise.test',
    MAIL_FROM: 'no-reply@meetwise.test',
    LOG_LEVEL: 'error',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // A fixed signing key (nothing written under .data) and one configured administrator.
    SESSION_SECRET: TEST_SESSION_SECRET,
    DATA_DIR: TEST_DATA_DIR,
    ADMIN_EMAILS: TEST_ADMIN_EMAIL,
    // The suite registers and books hundreds of times from 127.0.0.1; the abuse limits' own tests run at 1.
    RATE_LIMIT_MULTIPLIER: '1000',
    // Hundreds of accounts: cheap password hashes (one machine only; accounts.test checks the standard cost).
    PASSWORD_HASH_COST: 'low',
    // Billing on, as in production (the trial rule applies); only the billing tests give Stripe's secrets too.
    STRIPE_PUBLISHABLE_KEY: 'pk_test_integrationSuite000',
    ...extra,
  };
}

/**
 * Real adapters with another caller identity, for routes that need a signed-in or admin principal. The ports between
 * the areas are built again over the overrides (connectAreas), so that every area sees the same clock and adapters.
 */
export function depsAs(
  config: Config,
  principal: Principal | null,
  overrides: Partial<Deps> = {},
): () => Promise<Deps> {
  const deps: Deps = connectAreas({
    ...composeDeps(config),
    sessions: { authenticate: async () => principal },
    ...overrides,
  });
  return async () => deps;
}

/** `afterWrite`: called when a route that writes the table has answered (infra/local/server.ts). */
export async function startAppServer(
  options: { afterWrite?: () => void } = {},
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = createAppServer({
    siteDir: 'frontend/dist',
    photosDir: localPhotoDir(TEST_DATA_DIR),
    afterWrite: options.afterWrite,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server is the site: its handlers (which read their configuration at their first request) build every
  // absolute URL from SITE_URL, and the same-site check compares Origin with it.
  setEnvironment({ SITE_URL: baseUrl });
  return {
    baseUrl,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function tableReader(config: Config) {
  const db = createDocumentClient(createDynamoClient(config));
  return {
    /** Items of a gsi1 partition, e.g. every contact message. */
    async byGsi1(partition: string): Promise<Record<string, unknown>[]> {
      const { Items } = await db.send(
        new QueryCommand({
          TableName: config.tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p',
          ExpressionAttributeValues: { ':p': partition },
        }),
      );
      return Items ?? [];
    },
  };
}

export interface StoredEmail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** Raw mail's parts other than the text and HTML (calendar parts, the .ics), content base64-encoded. */
  attachments?: { content: string; contentType: string; filename?: string }[];
}

export async function sentEmails(sesEndpoint: string): Promise<StoredEmail[]> {
  const response = await fetch(`${sesEndpoint}/store`);
  return ((await response.json()) as { emails: StoredEmail[] }).emails;
}
