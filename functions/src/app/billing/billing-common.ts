import type { BillingOwner, PaymentStatus } from '#functions/domain/billing';
import type { AccountRecord } from '#functions/domain/records';
import { ServiceUnavailable, type AppError } from '#functions/errors';
import type { PaymentProvider } from '#functions/ports/billing';

/**
 * Billing (issue 18; the subscription routes in docs/api.md): the server quotes every price, starts payments at
 * Stripe for an account or a guest's e-mail, records what Stripe says (from the browser's return or a webhook,
 * whichever comes first, with the same result), and answers the status and history from the table.
 */

export const BILLING_OFF_MESSAGE =
  'Payments are not set up on this server, so every feature is available without a plan.';

/** The spec's client reads `error`; our clients read `message`: billing errors carry both. */
export function billingError<E extends AppError>(
  Kind: new (message: string, details?: undefined, extra?: Record<string, unknown>) => E,
  message: string,
  extra: Record<string, unknown> = {},
): E {
  return new Kind(message, undefined, { error: message, ...extra });
}

export const billingOff = () => billingError(ServiceUnavailable, BILLING_OFF_MESSAGE, { billingEnabled: false });

export const accountOwner = (account: Pick<AccountRecord, 'id'>): BillingOwner => ({
  kind: 'account',
  accountId: account.id,
});

export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Payment states in which the money was taken, or may still be: a use for them is never given back. */
export const TOOK_MONEY = new Set<PaymentStatus>(['paid', 'processing', 'partially_refunded', 'refunded']);

export function providerOf(deps: { payments: PaymentProvider | null }): PaymentProvider {
  if (!deps.payments) throw billingOff();
  return deps.payments;
}
