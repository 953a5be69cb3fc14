import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { routePaths } from '#shared/api/route-paths';
import type { StripeConfig, SubscriptionStatus } from '#shared/api/schemas/billing';
import type { PurchaseFields } from '#frontend/features/billing/lib/billing-view.ts';
import {
  CONFIG_RETRIES,
  CONFIG_RETRY_DELAY_MS,
  configRetryable,
  isPublishableKey,
  PAYMENT_TEXTS,
  PaymentSetupError,
} from '#frontend/features/billing/lib/payment-rules.ts';
import { apiRequest } from '#frontend/lib/api.ts';
import { subscriptionStatusKey } from '#frontend/lib/subscription-status.ts';

/**
 * The billing calls (docs/api.md; shared/api/schemas/billing.ts): the server's plan quotes, the host's history,
 * cancelling, starting a payment (embedded form or Stripe Checkout), verifying one, and Stripe's public
 * configuration.
 */

/** GET /api/subscription/plans?promoCode= (public): the plans with the server's figures, a promo code applied. */
export const planQuotesKey = (promoCode: string) => ['planQuotes', promoCode] as const;

export const getPlanQuotes = (promoCode: string, signal?: AbortSignal) =>
  apiRequest('getPlanQuotes', { query: promoCode ? { promoCode } : {}, signal });

export const planQuotesQueryOptions = (promoCode: string) =>
  queryOptions({
    queryKey: planQuotesKey(promoCode),
    queryFn: ({ signal }) => getPlanQuotes(promoCode, signal),
    // Prices are data on the server: asked again on a later visit, not on every render.
    staleTime: 60_000,
  });

export const usePlanQuotes = (promoCode: string) => useQuery(planQuotesQueryOptions(promoCode));

/** GET /api/subscription/history: the host's plans with their payments, asked afresh on each visit. */
export const subscriptionHistoryKey = ['subscriptionHistory'] as const;

export const useSubscriptionHistory = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: subscriptionHistoryKey,
    queryFn: ({ signal }) => apiRequest('getSubscriptionHistory', { signal }),
    enabled,
    staleTime: 0,
  });

/** After a payment or a cancellation: the plan and the history are asked again wherever they show. */
export function refreshBilling(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionStatusKey }),
    queryClient.invalidateQueries({ queryKey: subscriptionHistoryKey }),
  ]).then(() => undefined);
}

/** POST /api/subscription/{id}/cancel (no body): cancels at the end of the period; the answer is the new status. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cancelSubscription'],
    mutationFn: (id: string) => apiRequest('cancelSubscription', { params: { id } }),
    onSuccess: (answer) => {
      const { message: _message, ...status } = answer;
      queryClient.setQueryData<SubscriptionStatus>(subscriptionStatusKey, status);
      void queryClient.invalidateQueries({ queryKey: subscriptionHistoryKey });
    },
  });
}

/** POST /api/subscription/create-payment-intent: the embedded form's payment. */
export const createPaymentIntent = (body: PurchaseFields) => apiRequest('createPaymentIntent', { body });

/** POST /api/subscription/checkout: a Stripe Checkout session's address. */
export const createCheckoutSession = (body: PurchaseFields & { successUrl: string; cancelUrl: string }) =>
  apiRequest('createCheckoutSession', { body });

/** POST /api/subscription/verify-payment (public): how a payment ended, recorded by the server at once. */
export const verifyPayment = (
  body: { sessionId?: string; paymentIntentId?: string; redirectStatus?: string },
  signal?: AbortSignal,
) => apiRequest('verifyPayment', { body, signal });

// ---- Stripe's public configuration --------------------------------------------------------------------------------

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One GET /api/stripe-config, past every cache (no-cache headers, no-store). */
async function fetchConfigOnce(fetchImpl: typeof fetch): Promise<StripeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(routePaths.getStripeConfig.path, {
      credentials: 'include',
      cache: 'no-store',
      headers: { Accept: 'application/json', 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    });
  } catch {
    throw new PaymentSetupError('network', 'Network error while fetching the Stripe config');
  }
  if (!response.ok) throw new PaymentSetupError('config', PAYMENT_TEXTS.configStatus(response.status), response.status);
  const body = (await response.json().catch(() => null)) as Partial<StripeConfig> | null;
  if (!body || !isPublishableKey(body.publishableKey)) throw new PaymentSetupError('config', PAYMENT_TEXTS.invalidKey);
  return body as StripeConfig;
}

/**
 * Stripe's publishable key, the API version the server pins and the mode: tried once and again up to 3 times
 * 1 s apart when there was no answer or a server error; a refusal or an unusable key is not asked again.
 */
export async function fetchStripeConfig({
  fetchImpl = (input, init) => fetch(input, init),
  delay = wait,
}: { fetchImpl?: typeof fetch; delay?: (ms: number) => Promise<void> } = {}): Promise<StripeConfig> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await fetchConfigOnce(fetchImpl);
    } catch (error) {
      if (retry >= CONFIG_RETRIES || !configRetryable(error)) throw error;
      await delay(CONFIG_RETRY_DELAY_MS);
    }
  }
}
