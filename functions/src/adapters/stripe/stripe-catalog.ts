import { PLAN_NAMES, type PlanType } from '#shared/rules/pricing';
import { hasCode } from '#functions/adapters/stripe/stripe-failures';
import { CURRENCY, renewalOf } from '#functions/adapters/stripe/stripe-purchase-fields';
import type { StripeRest } from '#functions/adapters/stripe/stripe-rest';
import type { PurchaseStart } from '#functions/ports/billing';

/**
 * Products and coupons known to exist, per Stripe account (its publishable key and API host) and id. A warm
 * function asks Stripe at most once per id; a failed check is forgotten so the next purchase asks again.
 */
const ensured = new Map<string, Promise<void>>();

/** The products and first-payment coupons of one Stripe account (`account`: its publishable key and API host). */
export function stripeCatalog(stripe: StripeRest, account: string) {
  /** Makes sure a product or coupon exists, asking Stripe once per id and account (see `ensured`). */
  const ensure = (id: string, retrieve: () => Promise<unknown>, create: () => Promise<unknown>): Promise<string> => {
    const key = `${account}:${id}`;
    let done = ensured.get(key);
    if (!done) {
      done = retrieveOrCreate(retrieve, create);
      ensured.set(key, done);
      done.catch(() => ensured.delete(key));
    }
    return done.then(() => id);
  };

  /** The product a plan's prices belong to (meetwise_monthly, …). */
  const productFor = (planType: PlanType): Promise<string> => {
    const id = `meetwise_${planType}`;
    return ensure(
      id,
      () => stripe.products.retrieve(id),
      () => stripe.products.create({ id, name: `Meetwise ${PLAN_NAMES[planType]}` }),
    );
  };

  /** A once-only coupon taking `amountOff` cents off a first payment (meetwise_first_200, …). */
  const firstPaymentCoupon = (amountOff: number): Promise<string> => {
    const id = `meetwise_first_${amountOff}`;
    return ensure(
      id,
      () => stripe.coupons.retrieve(id),
      () =>
        stripe.coupons.create({
          id,
          amount_off: amountOff,
          currency: CURRENCY,
          duration: 'once',
          name: 'First payment discount',
        }),
    );
  };

  /** The discount of a subscription whose first payment is below its renewals (a promo), else none. */
  const firstPaymentDiscounts = async (input: PurchaseStart): Promise<{ coupon: string }[] | undefined> => {
    const renewal = renewalOf(input);
    if (input.firstAmount > renewal)
      throw new Error(`A first payment above the renewal (${input.firstAmount} > ${renewal}) cannot be a discount.`);
    return input.firstAmount < renewal
      ? [{ coupon: await firstPaymentCoupon(renewal - input.firstAmount) }]
      : undefined;
  };

  return { productFor, firstPaymentDiscounts };
}

/** Checks that an object exists, creating it when Stripe says it does not (a concurrent creation counts as done). */
async function retrieveOrCreate(retrieve: () => Promise<unknown>, create: () => Promise<unknown>): Promise<void> {
  try {
    await retrieve();
  } catch (error) {
    if (!hasCode(error, 'resource_missing')) throw error;
    try {
      await create();
    } catch (creating) {
      if (!hasCode(creating, 'resource_already_exists')) throw creating;
    }
  }
}
