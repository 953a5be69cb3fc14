import { useRef, useState, type RefObject } from 'react';

import type { PlanQuoteView, SubscriptionStatus } from '#shared/api/schemas/billing';
import { Button } from '#frontend/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#frontend/components/ui/dialog.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useCancelSubscription } from '#frontend/features/billing/api/billing-api.ts';
import { Badge, BillingCard, Notice } from '#frontend/features/billing/components/billing-card.tsx';
import {
  BILLING_TEXTS,
  canCancel,
  isPastDue,
  planCostText,
  planName,
  renewalText,
  statusLabel,
  trialLine,
} from '#frontend/features/billing/lib/billing-view.ts';

/**
 * The Current Plan card of the billing page (the trial, the subscription): an active plan
 * with what it costs, its next billing date (or the date a cancelled plan ends), a warning while Stripe retries a
 * failed renewal, and 'Cancel Subscription' (asked first) for a plan that renews; otherwise the free trial, 'Active
 * until {date}' or 'Expired on {date}'. With billing off the page shows its notice instead of this card.
 */
export function CurrentPlanCard({
  createdAt,
  status,
  statusError,
  quotes,
  now,
}: {
  createdAt: string;
  /** undefined while loading. */
  status: SubscriptionStatus | undefined;
  statusError: boolean;
  /** The server's plans without a promo, for what the active plan costs (undefined while loading). */
  quotes: readonly PlanQuoteView[] | undefined;
  now: Date;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <BillingCard id="current-plan" title="Current Plan" headingRef={headingRef}>
      {statusError ? (
        <Notice tone="error" role="alert">
          Could not load your current plan. Please reload the page to try again.
        </Notice>
      ) : !status ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Loading your plan...
        </p>
      ) : status.status === 'active' ? (
        <ActivePlan status={status} quotes={quotes} headingRef={headingRef} />
      ) : (
        <TrialPlan createdAt={createdAt} status={status} now={now} />
      )}
    </BillingCard>
  );
}

function ActivePlan({
  status,
  quotes,
  headingRef,
}: {
  status: SubscriptionStatus;
  quotes: readonly PlanQuoteView[] | undefined;
  headingRef: RefObject<HTMLHeadingElement>;
}) {
  const quote = quotes?.find((plan) => plan.planType === status.planType);
  const renewal = renewalText(status, quote);
  return (
    <div className="grid gap-4">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-xl font-semibold text-slate-900 dark:text-white">{planName(status.planType)}</p>
          <Badge tone={status.cancelAtPeriodEnd ? 'warning' : 'success'}>
            {status.cancelAtPeriodEnd ? 'Ends soon' : 'Active'}
          </Badge>
        </div>
        {quote && <p className="mt-1 text-slate-700 dark:text-slate-200">{planCostText(quote)}</p>}
        {renewal && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{renewal}</p>}
      </div>
      {isPastDue(status) && (
        <Notice tone="warning" title="Your last payment did not go through">
          Stripe is retrying the renewal of your plan, which stays active meanwhile. Please make sure your card can be
          charged so your event types stay active.
        </Notice>
      )}
      {canCancel(status) && status.id && <CancelSubscription id={status.id} headingRef={headingRef} />}
    </div>
  );
}

function TrialPlan({ createdAt, status, now }: { createdAt: string; status: SubscriptionStatus; now: Date }) {
  const trial = trialLine(createdAt, now);
  // A plan that ended (cancelled period over, unpaid, refunded): named, so the host knows why the trial shows.
  const ended = status.planType && status.status !== 'none' ? status : null;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-xl font-semibold text-slate-900 dark:text-white">Free Trial</p>
        <Badge tone={trial.expired ? 'warning' : 'success'}>{trial.expired ? 'Expired' : 'Active'}</Badge>
      </div>
      <p className="text-slate-700 dark:text-slate-200">{trial.text}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {trial.expired
          ? 'Choose a plan below to activate your event types again.'
          : 'Choose a plan below to keep your event types active after the trial.'}
      </p>
      {ended && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Your {planName(ended.planType)} is no longer active ({statusLabel(ended.status).toLowerCase()}).
        </p>
      )}
    </div>
  );
}

/** 'Cancel Subscription', asked first in a dialog; the plan stays active until the end of its period. */
function CancelSubscription({ id, headingRef }: { id: string; headingRef: RefObject<HTMLHeadingElement> }) {
  const [open, setOpen] = useState(false);
  const cancellation = useCancelSubscription();
  const cancelled = useRef(false);

  const confirm = () => {
    if (cancellation.isPending) return;
    cancellation.mutate(id, {
      onSuccess: () => {
        cancelled.current = true;
        setOpen(false);
        toast({ title: BILLING_TEXTS.cancelDone, description: BILLING_TEXTS.cancelConfirm });
      },
      onError: () => {
        setOpen(false);
        toast({ variant: 'destructive', title: 'Error', description: BILLING_TEXTS.cancelFailed });
      },
    });
  };

  return (
    <div>
      <Dialog open={open} onOpenChange={(next) => !cancellation.isPending && setOpen(next)}>
        <DialogTrigger asChild>
          <Button variant="outline" className="w-full sm:w-auto">
            Cancel Subscription
          </Button>
        </DialogTrigger>
        <DialogContent
          onCloseAutoFocus={(event) => {
            // After a cancellation the button is gone: the card's heading takes the focus.
            if (!cancelled.current) return;
            event.preventDefault();
            headingRef.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Cancel Subscription</DialogTitle>
            <DialogDescription>{BILLING_TEXTS.cancelConfirm}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={cancellation.isPending}>
                Keep Subscription
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirm} disabled={cancellation.isPending}>
              {cancellation.isPending ? 'Canceling...' : 'Cancel Subscription'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
