import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';

import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { keys } from '#functions/adapters/dynamodb/keys';
import { SESSION_COOKIE } from '#functions/adapters/sessions/signed-cookie';
import type { Config } from '#functions/config';
import type { AccountRepository } from '#functions/ports/accounts';
import { jsonHeaders } from '#test/support/api-event';

/**
 * Calls to the local app server as a browser of this site makes them (JSON, the session cookie), and the accounts
 * those calls need: for integration tests that go through HTTP.
 */
export function apiClient(baseUrl: () => string) {
  async function call(
    method: string,
    path: string,
    options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ) {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined ? jsonHeaders : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by the tests themselves
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as any };
  }

  /** Signs in with a password: the session cookie (`name=value`). */
  async function signIn(username: string, password: string): Promise<string> {
    const login = await fetch(`${baseUrl()}/api/login`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ username, password }),
    });
    expect(login.status).toBe(200);
    return login.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!
      .split(';')[0]!;
  }

  /** Registers a new account (its address unproven) and signs in: its id, e-mail and session cookie. */
  async function newHost(accounts: AccountRepository, email = `host.${randomBytes(4).toString('hex')}@example.com`) {
    const password = 'correct-horse-battery';
    expect((await call('POST', '/api/auth/register', { body: { name: 'Grace Hopper', email, password } })).status).toBe(
      201,
    );
    const cookie = await signIn(email, password);
    const account = await accounts.findByEmail(email);
    return { id: account!.id, email, cookie };
  }

  return { call, signIn, newHost };
}

/** Moves an account's creation 8 days back: its 7-day trial has ended. */
export async function endTrial(config: Config, userId: string): Promise<void> {
  const db = createDocumentClient(createDynamoClient(config));
  await db.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET createdAt = :c',
      ExpressionAttributeValues: { ':c': new Date(Date.now() - 8 * 86_400_000).toISOString() },
    }),
  );
}
