import { useQuery } from '@tanstack/react-query';

export const DEMO_PAYMENTS_TEXTS = {
  title: 'Demo payments',
  text: 'This copy of Meetwise runs with a pretend Stripe (BILLING=demo): no card is charged and no money moves. Pay with the test card 4242 4242 4242 4242, any future date and any CVC.',
};

/**
 * The billing screens' banner when the server runs `BILLING=demo npm start` (issue 30): GET /api/stripe-config says
 * `demo: true`, and payments go to the bundled fake Stripe. Nothing shows otherwise (billing off included).
 */
export function DemoPaymentsBanner() {
  const demo = useQuery({
    queryKey: ['stripeConfig', 'demo'],
    queryFn: isDemoBilling,
    retry: false,
    staleTime: Infinity,
  });
  if (!demo.data) return null;
  return (
    <section
      aria-labelledby="demo-payments-title"
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-50"
    >
      <h2 id="demo-payments-title" className="font-semibold">
        {DEMO_PAYMENTS_TEXTS.title}
      </h2>
      <p className="mt-1 text-sm">{DEMO_PAYMENTS_TEXTS.text}</p>
    </section>
  );
}

/**
 * Whether the server runs demo payments: one call, no retries and never a failure (billing off answers an error,
 * which simply means no banner), so the billing screen settles at once. The answer is read whatever its status: a
 * body left unread keeps the response open in the browser, and the page never goes quiet.
 */
async function isDemoBilling(): Promise<boolean> {
  try {
    const response = await fetch('/api/stripe-config', { headers: { accept: 'application/json' } });
    const answer = (await response.json().catch(() => null)) as { demo?: unknown } | null;
    return response.ok && answer?.demo === true;
  } catch {
    return false;
  }
}
