import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import type { PlanType } from '#shared/rules/pricing';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { AlertCircleIcon, CheckCircleIcon } from '#frontend/components/ui/icons.tsx';
import { refreshBilling, verifyPayment } from '#frontend/features/billing/api/billing-api.ts';
import { planName } from '#frontend/features/billing/lib/billing-view.ts';
import {
  afterVerify,
  FAILED_VIEW,
  FALLBACK_DELAY_MS,
  fallbackSucceeded,
  SUCCESS_TEXTS,
  successStart,
  VERIFY_DELAY_MS,
  verifyFailedView,
  type ErrorView,
} from '#frontend/features/billing/lib/success-rules.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { getSubscriptionStatus, subscriptionStatusKey } from '#frontend/lib/subscription-status.ts';
import { currentUserKey, fetchCurrentUser, useCurrentUser } from '#frontend/lib/use-current-user.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

type View = { kind: 'loading' } | { kind: 'success'; planType: PlanType | null } | { kind: 'error'; error: ErrorView };

const NOTHING_TO_CONFIRM: ErrorView = {
  ...FAILED_VIEW,
  detail: 'There was no payment to confirm on this page, and no active plan was found for you.',
};

/**
 * /billing-success, the payment-result page, a public page (a guest
 * returns here too). Loading ('Processing your payment...'), then success ('Payment Successful!' with 'Go to
 * Dashboard' and 'View Billing Details') or the error ('Payment failed' / 'Your payment could not be processed.'
 * with 'Return to Billing'). With a Checkout session or payment intent in the address it waits 1.5 s and asks the
 * server to verify it: success only when the answer is 'paid'; 'processing' asks again every 3 s (up to 10 times);
 * anything else, or a failed call, is the error. redirect_status=failed is the error at once. With nothing in the
 * address, after 3 s: success only for a signed-in host whose plan is active.
 */
export function BillingSuccessPage() {
  useDocumentTitle('Payment · Meetwise');
  const [params] = useSearchParams();
  const [start] = useState(() => successStart(params));
  const [view, setView] = useState<View>(() =>
    start.kind === 'failed' ? { kind: 'error', error: FAILED_VIEW } : { kind: 'loading' },
  );
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (start.kind !== 'verify') return;
    let cancelled = false;
    let timer: number | undefined;
    let polls = 0;
    const ask = async () => {
      try {
        const result = await verifyPayment(start.body);
        if (cancelled) return;
        const next = afterVerify(result, polls);
        if (next.kind === 'poll') {
          polls += 1;
          timer = window.setTimeout(() => void ask(), next.delayMs);
        } else if (next.kind === 'success') {
          setView({ kind: 'success', planType: result.planType });
          void refreshBilling(queryClient);
        } else {
          setView({ kind: 'error', error: next.view });
        }
      } catch (error) {
        if (cancelled) return;
        setView({ kind: 'error', error: verifyFailedView(isApiError(error) ? error.message : undefined) });
      }
    };
    timer = window.setTimeout(() => void ask(), VERIFY_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [start, queryClient]);

  useEffect(() => {
    if (start.kind !== 'fallback') return;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void (async () => {
        let next: View = { kind: 'error', error: NOTHING_TO_CONFIRM };
        try {
          const user = await queryClient.fetchQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser });
          if (user) {
            const status = await queryClient.fetchQuery({
              queryKey: subscriptionStatusKey,
              queryFn: ({ signal }) => getSubscriptionStatus(signal),
              staleTime: 0,
            });
            if (fallbackSucceeded(true, status.status)) {
              next = { kind: 'success', planType: status.planType };
              void refreshBilling(queryClient);
            }
          }
        } catch {
          // Unknown: not a success.
        }
        if (!cancelled) setView(next);
      })();
    }, FALLBACK_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [start, queryClient]);

  // Each new state is announced and takes the focus (its heading), so keyboard users start from it.
  useEffect(() => {
    if (view.kind !== 'loading') headingRef.current?.focus();
  }, [view.kind]);

  const signedIn = !!currentUser.data;

  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:py-20">
      <div
        className="w-full rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900"
        aria-live="polite"
      >
        {view.kind === 'loading' && (
          <div role="status" className="flex flex-col items-center gap-4">
            <span
              aria-hidden="true"
              className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-700 motion-reduce:animate-none dark:border-slate-700 dark:border-t-brand-400"
            />
            <h1 className="text-2xl font-bold tracking-tight">{SUCCESS_TEXTS.loading}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              This takes a few seconds. Please keep this page open.
            </p>
          </div>
        )}
        {view.kind === 'success' && (
          <div className="flex flex-col items-center gap-4">
            <CheckCircleIcon aria-hidden="true" className="size-12 text-green-700 dark:text-green-400" />
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-hidden">
              {SUCCESS_TEXTS.success}
            </h1>
            <p className="text-slate-700 dark:text-slate-200">
              {view.planType ? `Your ${planName(view.planType)} is active.` : 'Your plan is active.'} Thank you!
            </p>
            {!signedIn && (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                The plan belongs to the Meetwise account that verifies the e-mail address you paid with: sign in or
                register with that address to use it.
              </p>
            )}
            <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
              <Link to="/events" className={buttonVariants()}>
                Go to Dashboard
              </Link>
              <Link to="/billing" className={buttonVariants({ variant: 'outline' })}>
                View Billing Details
              </Link>
            </div>
          </div>
        )}
        {view.kind === 'error' && (
          <div role="alert" className="flex flex-col items-center gap-4">
            <AlertCircleIcon aria-hidden="true" className="size-12 text-red-700 dark:text-red-400" />
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-hidden">
              {view.error.title}
            </h1>
            <p className="text-slate-700 dark:text-slate-200">{view.error.message}</p>
            {view.error.detail && <p className="text-sm text-slate-600 dark:text-slate-300">{view.error.detail}</p>}
            <Link to="/billing-details" className={buttonVariants({ className: 'mt-2 w-full sm:w-auto' })}>
              Return to Billing
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
