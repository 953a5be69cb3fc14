import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';

import { STRIPE_API_VERSION } from '#functions/config';

/**
 * Every request pins STRIPE_API_VERSION, and the SDK's types describe its own version only: the two must be the
 * same, so upgrading the `stripe` package without looking at the new version's changes fails here first.
 */
describe('Stripe API version', () => {
  it('is the installed SDK’s own', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
    expect(STRIPE_API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\.[a-z]+$/);
  });
});
