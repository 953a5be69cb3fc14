import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

import { startFakeGoogle, type FakeGoogle } from '#test/fakes/google';
import { startFakeStripe, type FakeStripe } from '#test/fakes/stripe';
import { startApp, type RunningApp } from '#test/support/app-process';

/**
 * The fake Google and the fake Stripe (test/fakes/) and one app configured for both, as `npm start` runs it with
 * GOOGLE_* and STRIPE_* pointing at them (Stripe's webhooks forwarded to it, as `stripe listen` would): shared by the
 * browser files that need them (Google sign-in, Google Calendar, billing) instead of one app each. The e2e project
 * runs its files one after the other in one worker that keeps its modules (vitest.config.ts), so they are started
 * once, by the first file that asks; the fakes live in that worker, so the files drive and read them directly. The
 * app is noted in the run's folder and stopped with the run (test/support/e2e-global-setup.ts).
 */
export interface Fakes {
  google: FakeGoogle;
  stripe: FakeStripe;
}

let fakes: Promise<Fakes> | undefined;
let app: Promise<RunningApp> | undefined;

export function sharedFakes(): Promise<Fakes> {
  return (fakes ??= Promise.all([startFakeGoogle(), startFakeStripe()]).then(([google, stripe]) => ({
    google,
    stripe,
  })));
}

/** The app against the fakes (started at the first call); its `stop()` does nothing, the run stops it. */
export function fakesApp(): Promise<RunningApp> {
  return (app ??= startFakesApp());
}

async function startFakesApp(): Promise<RunningApp> {
  const { google, stripe } = await sharedFakes();
  const started = await startApp({
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ROOT_URL: google.url,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
  });
  writeFileSync(
    join(inject('e2eRunDir'), `app-${started.pid}.json`),
    JSON.stringify({ pid: started.pid, dataDir: started.dataDir }),
  );
  stripe.forwardEventsTo(`${started.baseUrl}/api/stripe/webhook`);
  return { ...started, stop: async () => {} };
}
