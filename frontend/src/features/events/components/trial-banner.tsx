import { useId } from 'react';
import { Link } from 'react-router-dom';

import type { FreeTrial } from '#shared/rules/trial';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { cn } from '#frontend/lib/cn.ts';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * The dashboard's free-trial banner, for a host without an active subscription:
 * the days remaining and the end date with 'View Billing Options', or once the count reaches zero the expiry
 * date with 'Upgrade Now'. Both lead to the billing page.
 */
export function TrialBanner({ trial }: { trial: FreeTrial }) {
  const titleId = useId();
  const endDate = longDate.format(trial.endsAt);
  const days = trial.daysRemaining;
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5',
        trial.expired
          ? 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-50'
          : 'border-brand-200 bg-brand-50 text-brand-950 dark:border-brand-800 dark:bg-brand-950/60 dark:text-brand-50',
      )}
    >
      <div>
        <h2 id={titleId} className="font-semibold">
          {trial.expired ? 'Free Trial - Expired' : `Free Trial - ${days} ${days === 1 ? 'day' : 'days'} remaining`}
        </h2>
        {trial.expired ? (
          <p className="mt-1 text-sm">
            Your free trial expired on {endDate}. Upgrade to a paid plan to reactivate your events.
          </p>
        ) : (
          <p className="mt-1 text-sm">Your free trial ends on {endDate}.</p>
        )}
      </div>
      <Link
        to="/billing-details"
        className={buttonVariants({ variant: trial.expired ? 'primary' : 'outline', className: 'shrink-0' })}
      >
        {trial.expired ? 'Upgrade Now' : 'View Billing Options'}
      </Link>
    </section>
  );
}
