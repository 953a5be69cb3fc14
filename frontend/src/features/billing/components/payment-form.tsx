import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import type { PlanQuotes, PlanQuoteView } from '#shared/api/schemas/billing';
import { formatCents } from '#shared/rules/pricing';
import { Button } from '#frontend/components/ui/button.tsx';
import { refreshBilling, verifyPayment } from '#frontend/features/billing/api/billing-api.ts';
import { preparePayment, type PreparedPayment } from '#frontend/features/billing/api/payment-setup.ts';
import { Notice } from '#frontend/features/billing/components/billing-card.tsx';
import { BILLING_TEXTS, periodLabel, promoNote, purchaseFields } from '#frontend/features/billing/lib/billing-view.ts';
import {
  afterPaymentPath,
  confirmParams,
  INTENT_RETRIES,
  intentOutcome,
  PAYMENT_ELEMENT_OPTIONS,
  PAYMENT_TEXTS,
  paymentErrorMessage,
  PriceChangedError,
  setupFailure,
  SUCCESS_CALLBACK_DELAY_MS,
  SUCCESS_REDIRECT_DELAY_MS,
  type PaymentFormState,
} from '#frontend/features/billing/lib/payment-rules.ts';
import { useTheme } from '#frontend/lib/theme.ts';

export interface PaymentFormProps {
  quote: PlanQuoteView;
  promo: PlanQuotes['promo'];
  /** The guest's e-mail (the plan will belong to the account that verifies it); null when signed in. */
  guestEmail: string | null;
  onBack: () => void;
  /** The server refused the price (409): the page asks for the plans again and closes the form. */
  onPriceChanged: (message: string) => void;
}

/**
 * The embedded payment form of the billing page (and what its redirect result means)
 * on Stripe's Payment Element. Its own chunk with Stripe's React code, loaded when a plan
 * is chosen. States: initializing (configuration, Stripe.js, the payment), retrying (creating the payment, up to 3
 * times), error ('Payment Error' with 'Try Again' and 'Go Back') and ready (the element, with 'Pay' disabled until
 * it is complete). After Stripe confirms: the result's text; on success the server records the payment at once
 * (verify-payment), the plan and history are asked again, and 2 s later a guest goes to sign in, a host to the
 * dashboard.
 */
export function PaymentForm({ quote, promo, guestEmail, onBack, onPriceChanged }: PaymentFormProps) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [run, setRun] = useState(0);
  const [state, setState] = useState<PaymentFormState>({ phase: 'initializing' });
  const [prepared, setPrepared] = useState<PreparedPayment | null>(null);
  // The body is the quote's when the form opened (the page keys the form by plan and promo code).
  const [body] = useState(() => purchaseFields(quote, promo, guestEmail));
  // One set-up per run, also when StrictMode runs the effect twice: no second payment is created.
  const started = useRef<{ run: number; promise: Promise<PreparedPayment> } | null>(null);
  const latestOnPriceChanged = useRef(onPriceChanged);

  useEffect(() => {
    latestOnPriceChanged.current = onPriceChanged;
  });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    let live = true;
    if (started.current?.run !== run) {
      started.current = {
        run,
        promise: preparePayment(body, { onRetry: (retry) => setState({ phase: 'retrying', retry }) }),
      };
    }
    started.current.promise.then(
      (ready) => {
        if (!live) return;
        setPrepared(ready);
        setState({ phase: 'ready' });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof PriceChangedError) {
          latestOnPriceChanged.current(error.message);
          return;
        }
        console.error('Payment set-up failed', error);
        setState({ phase: 'error', ...setupFailure(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [run, body]);

  const tryAgain = () => {
    setPrepared(null);
    setState({ phase: 'initializing' });
    setRun((current) => current + 1);
  };

  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-5 sm:p-6 dark:border-slate-700">
      <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-hidden">
        Pay for the {quote.name}
      </h3>
      <OrderSummary quote={quote} promo={promo} />

      <div className="mt-5">
        {state.phase === 'initializing' && <Progress text="Setting up secure payment..." />}
        {state.phase === 'retrying' && (
          <Progress
            text={`Still connecting to the payment service. Retrying (${state.retry} of ${INTENT_RETRIES})...`}
          />
        )}
        {state.phase === 'error' && (
          <Notice tone="error" role="alert" title="Payment Error">
            <p>{state.message}</p>
            {state.detail && <p className="mt-1 text-xs opacity-80">Details: {state.detail}</p>}
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <Button onClick={tryAgain}>Try Again</Button>
              <Button variant="outline" onClick={onBack}>
                Go Back
              </Button>
            </div>
          </Notice>
        )}
        {state.phase === 'ready' && prepared && (
          <ReadyForm
            key={run}
            prepared={prepared}
            guestEmail={guestEmail}
            onBack={onBack}
            onLoadError={() => setState({ phase: 'error', message: PAYMENT_TEXTS.loadFailed })}
          />
        )}
      </div>
    </section>
  );
}

function Progress({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-sm text-slate-700 dark:text-slate-200">
      <span
        aria-hidden="true"
        className="size-5 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700 motion-reduce:animate-none dark:border-slate-700 dark:border-t-brand-400"
      />
      {text}
    </p>
  );
}

/** The plan's figures as quoted by the server, with the promo code that gives its price. */
function OrderSummary({ quote, promo }: { quote: PlanQuoteView; promo: PlanQuotes['promo'] }) {
  const note = promoNote(quote);
  return (
    <>
      <dl className="mt-3 grid gap-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600 dark:text-slate-300">
            {quote.name} ({periodLabel(quote.interval)})
          </dt>
          <dd className="tabular-nums">{formatCents(quote.priceCents)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600 dark:text-slate-300">{BILLING_TEXTS.feeLabel}</dt>
          <dd className="tabular-nums">{formatCents(quote.feeCents)}</dd>
        </div>
        <div className="flex justify-between gap-3 font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatCents(quote.totalCents)}</dd>
        </div>
      </dl>
      {promo && note && (
        <p className="mt-2 text-sm text-brand-800 dark:text-brand-300">
          Promo code {promo.code}: {note}
        </p>
      )}
    </>
  );
}

function ReadyForm({
  prepared,
  guestEmail,
  onBack,
  onLoadError,
}: {
  prepared: PreparedPayment;
  guestEmail: string | null;
  onBack: () => void;
  onLoadError: () => void;
}) {
  const theme = useTheme();
  const options: StripeElementsOptions = {
    clientSecret: prepared.clientSecret,
    appearance: {
      theme: theme === 'dark' ? 'night' : 'stripe',
      variables: { colorPrimary: theme === 'dark' ? '#fb923c' : '#c2410c' },
    },
  };
  return (
    <Elements stripe={prepared.stripe} options={options}>
      {prepared.mode === 'test' && (
        <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-950 dark:bg-amber-950/60 dark:text-amber-50">
          Test mode: no real money is charged. Stripe's test cards (such as 4242 4242 4242 4242) work here.
        </p>
      )}
      <ConfirmForm amount={prepared.amount} guestEmail={guestEmail} onBack={onBack} onLoadError={onLoadError} />
    </Elements>
  );
}

type ResultMessage = { tone: 'success' | 'info' | 'error'; message: string };

function ConfirmForm({
  amount,
  guestEmail,
  onBack,
  onLoadError,
}: {
  amount: number;
  guestEmail: string | null;
  onBack: () => void;
  onLoadError: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [complete, setComplete] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<ResultMessage | null>(null);
  /** succeeded: on to the callback; processing: the payment is under way, nothing more to pay here. */
  const [finished, setFinished] = useState<'succeeded' | 'processing' | null>(null);
  const [leaving, setLeaving] = useState(false);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  /** The success callback 1.5 s after 'succeeded', then on to sign-in or the dashboard 2 s later. */
  const onSucceeded = (paymentIntentId: string) => {
    timers.current.push(
      window.setTimeout(() => {
        void (async () => {
          try {
            // Recorded at once, whatever the webhook does (it may come later, or never on one machine).
            await verifyPayment({ paymentIntentId, redirectStatus: 'succeeded' });
          } catch (error) {
            console.warn('Payment verification failed; the webhook will record the payment', error);
          }
          await refreshBilling(queryClient);
          setLeaving(true);
          timers.current.push(
            window.setTimeout(() => navigate(afterPaymentPath(guestEmail === null)), SUCCESS_REDIRECT_DELAY_MS),
          );
        })();
      }, SUCCESS_CALLBACK_DELAY_MS),
    );
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || finished) return;
    if (!stripe || !elements) {
      setResult({ tone: 'error', message: PAYMENT_TEXTS.notReady });
      return;
    }
    setSubmitting(true);
    setResult(null);
    try {
      const answer = await stripe.confirmPayment({
        elements,
        confirmParams: confirmParams(window.location.origin),
        redirect: 'if_required',
      });
      if (answer.error) {
        setResult({ tone: 'error', message: paymentErrorMessage(answer.error) });
        return;
      }
      const outcome = intentOutcome(answer.paymentIntent.status);
      setResult({ tone: outcome.tone, message: outcome.message });
      if (outcome.kind === 'succeeded') {
        setFinished('succeeded');
        onSucceeded(answer.paymentIntent.id);
      } else if (outcome.kind === 'processing') {
        // Paying again would charge twice: the plan follows when Stripe settles the payment (webhook).
        setFinished('processing');
        void refreshBilling(queryClient);
      }
    } catch (error) {
      console.error('Payment confirmation failed', error);
      setResult({ tone: 'error', message: PAYMENT_TEXTS.fallback });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <PaymentElement
        options={PAYMENT_ELEMENT_OPTIONS}
        onChange={(change) => setComplete(change.complete)}
        onLoadError={onLoadError}
      />
      <div aria-live="polite" aria-atomic="true">
        {result && result.tone !== 'error' && (
          <Notice tone={result.tone === 'success' ? 'success' : 'info'} className="mt-4">
            <p>{result.message}</p>
            {leaving && (
              <p className="mt-1">
                {guestEmail
                  ? `Your plan will belong to the Meetwise account that verifies ${guestEmail}. Taking you to sign in...`
                  : 'Taking you to your event types...'}
              </p>
            )}
          </Notice>
        )}
      </div>
      {result?.tone === 'error' && (
        <Notice tone="error" role="alert" className="mt-4">
          {result.message}
        </Notice>
      )}
      {finished === 'processing' && (
        <div className="mt-5 flex justify-end">
          <Button variant="outline" onClick={onBack}>
            Go Back
          </Button>
        </div>
      )}
      {finished === null && (
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onBack} disabled={submitting}>
            Go Back
          </Button>
          <Button type="submit" disabled={!complete || submitting}>
            {submitting ? 'Processing...' : `Pay ${formatCents(amount)}`}
          </Button>
        </div>
      )}
    </form>
  );
}
