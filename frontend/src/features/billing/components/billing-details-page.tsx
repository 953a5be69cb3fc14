import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import type { CurrentUser } from '#shared/api/schemas/auth';
import type { PlanQuotes, PlanQuoteView } from '#shared/api/schemas/billing';
import { invalidPromoMessage, type PlanType } from '#shared/rules/pricing';
import { AuthCheckFailed } from '#frontend/components/auth-check-failed.tsx';
import { PageLoading } from '#frontend/components/page-loading.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import {
  createCheckoutSession,
  planQuotesQueryOptions,
  usePlanQuotes,
} from '#frontend/features/billing/api/billing-api.ts';
import { BillingCard, Notice } from '#frontend/features/billing/components/billing-card.tsx';
import { BillingHistory } from '#frontend/features/billing/components/billing-history.tsx';
import { CurrentPlanCard } from '#frontend/features/billing/components/current-plan-card.tsx';
import { DemoPaymentsBanner } from '#frontend/features/billing/components/demo-payments-banner.tsx';
import { GuestCheckoutPanel } from '#frontend/features/billing/components/guest-checkout.tsx';
import { PlanList } from '#frontend/features/billing/components/plan-list.tsx';
import { PromoCodeBox } from '#frontend/features/billing/components/promo-code-box.tsx';
import {
  BILLING_TEXTS,
  billingIsOff,
  checkoutUrls,
  purchaseFields,
} from '#frontend/features/billing/lib/billing-view.ts';
import { isPromoRefusal, PAYMENT_TEXTS } from '#frontend/features/billing/lib/payment-rules.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { rememberRedirect } from '#frontend/lib/stored-redirect.ts';
import { useSubscriptionStatus } from '#frontend/lib/subscription-status.ts';
import { useCurrentUser } from '#frontend/lib/use-current-user.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/** The embedded form and Stripe's React code load when a plan is chosen (Stripe.js itself when the form opens). */
const PaymentForm = lazy(async () => ({
  default: (await import('#frontend/features/billing/components/payment-form.tsx')).PaymentForm,
}));

const pageClasses = 'mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12';
const titleClasses = 'text-3xl font-bold tracking-tight';

/**
 * /billing-details and /billing (issue 18), not behind the login guard.
 * Signed in: 'Billing Details' with the Current Plan card, the promo code box and Subscription Plans (both hidden
 * while a plan is active) and Billing History. Signed out: the Guest Checkout panel, then the plans and the payment.
 * With billing off on this server: only the notice that payments are not set up and every feature is available.
 * Back from Stripe Checkout with ?checkout=cancelled: the 'Checkout Cancelled' toast.
 */
export function BillingDetailsPage() {
  useDocumentTitle('Billing Details · Meetwise');
  useCheckoutCancelledToast();
  const currentUser = useCurrentUser();

  if (currentUser.isPending) return <PageLoading />;
  if (currentUser.isError) return <AuthCheckFailed />;
  return (
    <div className={pageClasses}>
      <DemoPaymentsBanner />
      {currentUser.data ? <SignedInBilling user={currentUser.data} /> : <GuestBilling />}
    </div>
  );
}

/** Back from Stripe Checkout without paying. The marker leaves the address so a reload does not repeat it. */
function useCheckoutCancelledToast() {
  const [params, setParams] = useSearchParams();
  const cancelled = params.get('checkout') === 'cancelled';
  useEffect(() => {
    if (!cancelled) return;
    toast({
      variant: 'destructive',
      title: BILLING_TEXTS.checkoutCancelledTitle,
      description: BILLING_TEXTS.checkoutCancelledText,
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
  }, [cancelled, setParams]);
}

function SignedInBilling({ user }: { user: CurrentUser }) {
  const [now] = useState(() => new Date());
  const status = useSubscriptionStatus({ enabled: true, staleTime: 0 });
  const promo = usePromoCode();
  const quotes = usePlanQuotes(promo.code);
  // The plans without a code: what the active plan costs.
  const listQuotes = usePlanQuotes('');
  const purchase = usePurchase(promo.code);

  const decided = !quotes.isPending || !status.isPending;
  if (!decided) return <Loading title="Billing Details" />;
  if (billingIsOff(quotes.data, status.data)) return <BillingOff />;

  const active = status.data?.status === 'active';
  // Plans wait for the status (no flash of plans for a subscribed host); a payment under way stays to its end.
  const showPlans = (status.isSuccess && !active) || status.isError || purchase.paying !== null;

  return (
    <>
      <h1 className={titleClasses}>Billing Details</h1>
      <div className="mt-8 grid grid-cols-1 gap-6">
        <CurrentPlanCard
          createdAt={user.createdAt}
          status={status.data}
          statusError={status.isError}
          quotes={listQuotes.data?.plans}
          now={now}
        />
        {showPlans && <Purchase quotes={quotes} promo={promo} purchase={purchase} guestEmail={null} />}
        <BillingHistory />
      </div>
    </>
  );
}

function GuestBilling() {
  const [email, setEmail] = useState<string | null>(null);
  const promo = usePromoCode();
  const quotes = usePlanQuotes(promo.code);
  const purchase = usePurchase(promo.code);

  if (quotes.isPending) return <Loading title="Billing Details" />;
  if (billingIsOff(quotes.data, undefined)) return <BillingOff />;

  return (
    <>
      <h1 className={titleClasses}>Billing Details</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-200">
        Buy a plan without signing in. Already have an account?{' '}
        <Link
          to="/login"
          onClick={() => rememberRedirect('/billing-details')}
          className={cn(
            'rounded-sm font-medium text-brand-700 underline underline-offset-4 dark:text-brand-400',
            focusRing,
          )}
        >
          Log in
        </Link>
      </p>
      <div className="mt-8 grid grid-cols-1 gap-6">
        <GuestCheckoutPanel
          email={email}
          onContinue={setEmail}
          onChange={() => {
            purchase.close();
            setEmail(null);
          }}
        />
        {email !== null && <Purchase quotes={quotes} promo={promo} purchase={purchase} guestEmail={email} />}
      </div>
    </>
  );
}

function Loading({ title }: { title: string }) {
  return (
    <>
      <h1 className={titleClasses}>{title}</h1>
      <PageLoading />
    </>
  );
}

/** Billing off (issue 18): said plainly, with nothing to buy and no trial. */
function BillingOff() {
  return (
    <>
      <h1 className={titleClasses}>Billing Details</h1>
      <Notice tone="info" title={BILLING_TEXTS.billingOff} className="mt-8 text-base">
        <p>{BILLING_TEXTS.billingOffDetail}</p>
      </Notice>
    </>
  );
}

// ---- Promo code and buying ---------------------------------------------------------------------------------------

type PromoCodeState = ReturnType<typeof usePromoCode>;

/** The applied code ('' for none): set only once the server has accepted it, so the plans never show a refusal. */
function usePromoCode() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');

  const apply = async (candidate: string): Promise<string | null> => {
    try {
      const answer = await queryClient.fetchQuery(planQuotesQueryOptions(candidate));
      if (!answer.promo) return invalidPromoMessage(candidate);
      setCode(candidate);
      return null;
    } catch (error) {
      // 400: not a valid code; 409: used up, or already used by this account (the server's message says which).
      if (isApiError(error) && (error.status === 400 || error.status === 409)) {
        return error.message || invalidPromoMessage(candidate);
      }
      return 'Could not check the promo code. Please try again.';
    }
  };

  return { code, apply, remove: () => setCode('') };
}

type PurchaseState = ReturnType<typeof usePurchase>;

/**
 * Which plan's embedded form is open, a Stripe Checkout redirect under way, and what a changed price (409) does:
 * the plans are asked again, the form closes and a toast says why.
 */
function usePurchase(promoCode: string) {
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState<{ planType: PlanType; promoCode: string } | null>(null);
  const [redirecting, setRedirecting] = useState<PlanType | null>(null);

  // Back from Stripe Checkout through the browser's back button (page restored from the cache): buttons usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const priceChanged = (message: string) => {
    setPaying(null);
    void queryClient.invalidateQueries({ queryKey: ['planQuotes'] });
    toast({ variant: 'destructive', title: 'Price updated', description: message || PAYMENT_TEXTS.priceChanged });
  };

  const checkout = async (quote: PlanQuoteView, promo: PlanQuotes['promo'], guestEmail: string | null) => {
    if (redirecting) return;
    setRedirecting(quote.planType);
    try {
      const { url } = await createCheckoutSession({
        ...purchaseFields(quote, promo, guestEmail),
        ...checkoutUrls(window.location.origin),
      });
      window.location.assign(url);
    } catch (error) {
      setRedirecting(null);
      if (isApiError(error) && error.status === 409 && isPromoRefusal(error.body)) {
        toast({ variant: 'destructive', title: 'Promo code not applied', description: error.message });
      } else if (isApiError(error) && error.status === 409) priceChanged(PAYMENT_TEXTS.priceChanged);
      else toast({ variant: 'destructive', title: 'Checkout Error', description: BILLING_TEXTS.checkoutFailed });
    }
  };

  return {
    /** The open form's plan, while the code it was opened with is still the applied one. */
    paying: paying && paying.promoCode === promoCode ? paying.planType : null,
    redirecting,
    choose: (planType: PlanType) => setPaying({ planType, promoCode }),
    close: () => setPaying(null),
    checkout,
    priceChanged,
  };
}

function Purchase({
  quotes,
  promo,
  purchase,
  guestEmail,
}: {
  quotes: ReturnType<typeof usePlanQuotes>;
  promo: PromoCodeState;
  purchase: PurchaseState;
  guestEmail: string | null;
}) {
  const plansHeading = useRef<HTMLHeadingElement>(null);

  if (quotes.isPending) {
    return (
      <BillingCard id="plans" title="Subscription Plans">
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Loading plans...
        </p>
      </BillingCard>
    );
  }
  if (quotes.isError) {
    return (
      <BillingCard id="plans" title="Subscription Plans">
        <Notice tone="error" role="alert" title="Could not load the plans">
          <p>{quotes.error.message || 'Please try again.'}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void quotes.refetch()}>
              Try again
            </Button>
            {promo.code && (
              <Button size="sm" variant="outline" onClick={promo.remove}>
                Remove promo code
              </Button>
            )}
          </div>
        </Notice>
      </BillingCard>
    );
  }

  const data = quotes.data;
  const chosen = purchase.paying ? data.plans.find((plan) => plan.planType === purchase.paying) : undefined;
  const backToPlans = () => {
    purchase.close();
    requestAnimationFrame(() => plansHeading.current?.focus());
  };

  return (
    <>
      {!chosen && <PromoCodeBox quotes={data} onApply={promo.apply} onRemove={promo.remove} />}
      <BillingCard
        id="plans"
        title="Subscription Plans"
        headingRef={plansHeading}
        intro="Prices in US dollars. Each payment adds a processing fee of 2.9% + $0.30."
      >
        {chosen ? (
          <Suspense fallback={<PaymentFormLoading />}>
            <PaymentForm
              key={`${chosen.planType}:${data.promo?.code ?? ''}`}
              quote={chosen}
              promo={data.promo}
              guestEmail={guestEmail}
              onBack={backToPlans}
              onPriceChanged={purchase.priceChanged}
            />
          </Suspense>
        ) : (
          <PlanList
            plans={data.plans}
            busyPlan={purchase.redirecting}
            onChoose={(plan) => purchase.choose(plan.planType)}
            onCheckout={(plan) => void purchase.checkout(plan, data.promo, guestEmail)}
          />
        )}
      </BillingCard>
    </>
  );
}

function PaymentFormLoading() {
  return (
    <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
      Setting up secure payment...
    </p>
  );
}
