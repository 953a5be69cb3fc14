import { startFakeGoogle, type FakeGoogle } from '#test/fakes/google';
import { startFakeStripe, type FakeStripe } from '#test/fakes/stripe';
import type { RunningApp } from '#test/support/app-process';
import { startNotedApp } from '#test/support/worker-app';

/**
 * The fake Google and the fake Stripe (test/fakes/) and one app configured for both, as `npm start` runs it with
 * GOOGLE_* and STRIPE_* pointing at them (Stripe's webhooks forwarded to it, as `stripe listen` would): shared by the
 * browser files that need them (Google sign-in, Google Calendar, billing) instead of one app each. Each e2e worker
 * runs its files one after the other and keeps its modules (vitest.config.ts), so they are started once per worker,
 * by its first file that asks; the fakes live in that worker, so the files drive and read them directly. The app is
 * noted in the run's folder and stopped with the run (test/support/worker-app.ts).
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
  const started = await startNotedApp({
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ROOT_URL: google.url,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
  });
  stripe.forwardEventsTo(`${started.baseUrl}/api/stripe/webhook`);
  return started;
}
