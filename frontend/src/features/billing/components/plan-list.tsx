import { useId } from 'react';

import type { PlanQuoteView } from '#shared/api/schemas/billing';
import { formatCents, type PlanType } from '#shared/rules/pricing';
import { Button } from '#frontend/components/ui/button.tsx';
import { Badge } from '#frontend/features/billing/components/billing-card.tsx';
import { BILLING_TEXTS, periodLabel, promoNote } from '#frontend/features/billing/lib/billing-view.ts';

/**
 * The three plans with the server's figures only (getPlanQuotes in docs/api.md): the price (the promo's, with the list
 * price struck through, when a code applies), 'Save 20%' on annual, the processing fee and the total lines, and
 * with a promo the note that it applies to the first payment. Each plan opens the embedded payment form, or goes to
 * Stripe Checkout with its second button.
 */
export function PlanList({
  plans,
  busyPlan,
  onChoose,
  onCheckout,
}: {
  plans: readonly PlanQuoteView[];
  /** A Checkout redirect under way for this plan: every plan's buttons wait. */
  busyPlan: PlanType | null;
  onChoose: (plan: PlanQuoteView) => void;
  onCheckout: (plan: PlanQuoteView) => void;
}) {
  return (
    <ul className="grid gap-4 lg:grid-cols-3">
      {plans.map((plan) => (
        <li key={plan.planType}>
          <PlanCard
            plan={plan}
            busy={busyPlan !== null}
            redirecting={busyPlan === plan.planType}
            onChoose={() => onChoose(plan)}
            onCheckout={() => onCheckout(plan)}
          />
        </li>
      ))}
    </ul>
  );
}

function PlanCard({
  plan,
  busy,
  redirecting,
  onChoose,
  onCheckout,
}: {
  plan: PlanQuoteView;
  busy: boolean;
  redirecting: boolean;
  onChoose: () => void;
  onCheckout: () => void;
}) {
  const titleId = useId();
  const note = promoNote(plan);
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-lg border border-slate-200 p-5 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-base font-semibold text-slate-900 dark:text-white">
          {plan.name}
        </h3>
        {plan.planType === 'annual' && <Badge tone="success">{BILLING_TEXTS.saveBadge}</Badge>}
        {plan.promoApplies && plan.discountPercent > 0 && <Badge tone="brand">{plan.discountPercent}% off</Badge>}
      </div>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {formatCents(plan.priceCents)}
        </span>
        <span className="text-sm text-slate-600 dark:text-slate-300">{periodLabel(plan.interval)}</span>
        {plan.promoApplies && plan.listCents !== plan.priceCents && (
          <span className="text-sm text-slate-500 dark:text-slate-400">
            <span className="sr-only">Regular price </span>
            <s>{formatCents(plan.listCents)}</s>
          </span>
        )}
      </p>
      {note && <p className="mt-2 text-sm text-brand-800 dark:text-brand-300">{note}</p>}
      <dl className="mt-4 grid gap-1 border-t border-slate-200 pt-3 text-sm dark:border-slate-700">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600 dark:text-slate-300">{BILLING_TEXTS.feeLabel}</dt>
          <dd className="text-slate-900 tabular-nums dark:text-white">{formatCents(plan.feeCents)}</dd>
        </div>
        <div className="flex justify-between gap-3 font-semibold">
          <dt className="text-slate-900 dark:text-white">Total</dt>
          <dd className="text-slate-900 tabular-nums dark:text-white">{formatCents(plan.totalCents)}</dd>
        </div>
      </dl>
      <div className="mt-auto grid gap-2 pt-5">
        <Button onClick={onChoose} disabled={busy}>
          Choose {plan.name}
        </Button>
        <Button variant="outline" onClick={onCheckout} disabled={busy}>
          {redirecting ? 'Redirecting to Stripe...' : 'Pay on Stripe Checkout'}
          <span className="sr-only"> for the {plan.name}</span>
        </Button>
      </div>
    </article>
  );
}
