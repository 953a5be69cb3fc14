import type { IncomingMessage, ServerResponse } from 'node:http';

import { startFakeStripe, type FakeStripe } from '#test/fakes/stripe';
import { FAKE_STRIPE_JS } from '#test/fakes/stripe-js';

/**
 * `BILLING=demo npm start` (issue 30): billing tried on one machine, with no Stripe account and no real money. The
 * bundled fake Stripe (test/fakes/stripe.ts, the one the tests use) starts on a free port; the app's Stripe settings
 * point at it (BILLING_DEMO=true, which the configuration refuses anywhere but on this machine, and the CDK app
 * refuses outright); its events are forwarded to the app's webhook as `stripe listen --forward-to` would.
 *
 * The browser reaches it through the app's own address, under /demo-stripe/ (so the page's Content-Security-Policy
 * stays as it is: scripts, calls and forms to 'self'): /demo-stripe/stripe.js is the fake Stripe.js
 * (test/fakes/stripe-js.ts) calling /demo-stripe/v1, and the hosted Checkout page is /demo-stripe/c/pay/{session}.
 * The console shows a "demo payments" banner on the billing screens (GET /api/stripe-config says `demo: true`).
 */

export const DEMO_STRIPE_PATH = '/demo-stripe';
export const DEMO_STRIPE_JS_PATH = `${DEMO_STRIPE_PATH}/stripe.js`;

/** Whether BILLING asks for demo payments; any other value than "demo" (or none) is a mistake to say at once. */
export function demoBillingRequested(env: Record<string, string | undefined>): boolean {
  const billing = env.BILLING?.trim();
  if (!billing) return false;
  if (billing !== 'demo')
    throw new Error(`BILLING=${billing} is not known: BILLING=demo npm start offers demo payments.`);
  const own = ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_ARN'].filter(
    (name) => env[name],
  );
  if (own.length > 0) {
    throw new Error(
      `BILLING=demo brings its own fake Stripe: unset ${own.join(', ')}, or start without BILLING=demo to use your keys.`,
    );
  }
  return true;
}

export interface DemoBilling {
  fake: FakeStripe;
  /** The Stripe settings of the app (set them before the configuration is read). */
  env: Record<string, string>;
  /** Answers a request under /demo-stripe/ (true), or leaves it to the app (false). */
  handle(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
  /** From when the app listens: Stripe's events go to its webhook. */
  forwardEventsTo(siteUrl: string): void;
  stop(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

export async function startDemoBilling(siteUrl: string): Promise<DemoBilling> {
  const fake = await startFakeStripe({ hostedPagesUrl: `${siteUrl.replace(/\/+$/, '')}${DEMO_STRIPE_PATH}` });
  const script = FAKE_STRIPE_JS.replace(
    "var API = 'https://api.stripe.com/v1';",
    `var API = '${DEMO_STRIPE_PATH}/v1';`,
  );
  if (script === FAKE_STRIPE_JS) throw new Error('The fake Stripe.js no longer names its API address as expected.');

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(`${DEMO_STRIPE_PATH}/`)) return false;
    if (url.pathname === DEMO_STRIPE_JS_PATH) {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' });
      response.end(script);
      return true;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    const method = request.method ?? 'GET';
    const answer = await fetch(`${fake.url}${url.pathname.slice(DEMO_STRIPE_PATH.length)}${url.search}`, {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' || chunks.length === 0 ? {} : { body: Buffer.concat(chunks) }),
      redirect: 'manual',
    });
    const answered: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
        answered[name] = value;
    });
    response.writeHead(answer.status, answered);
    response.end(Buffer.from(await answer.arrayBuffer()));
    return true;
  }

  return {
    fake,
    env: {
      STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
      BILLING_DEMO: 'true',
    },
    handle,
    forwardEventsTo: (url) => fake.forwardEventsTo(`${url.replace(/\/+$/, '')}/api/stripe/webhook`),
    stop: () => fake.close(),
  };
}
