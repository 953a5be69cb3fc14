import { Link } from 'react-router-dom';

import { PLAN_PRICES, PRICE_COMPARISON, TRIAL_DAYS } from '#shared/constants';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { CheckIcon } from '#frontend/features/landing/components/landing-icons.tsx';
import { SectionHeading } from '#frontend/features/landing/components/section-heading.tsx';
import { cn } from '#frontend/lib/cn.ts';

interface Plan {
  name: string;
  price: number;
  period: string;
  badges: string[];
  featured: boolean;
  action: string;
}

/** The landing page's prices and badges. */
const PLANS: Plan[] = [
  {
    name: 'Monthly',
    price: PLAN_PRICES.monthly,
    period: '/month',
    badges: [],
    featured: false,
    action: 'Get Started',
  },
  {
    name: 'Annual',
    price: PLAN_PRICES.annual,
    period: '/year',
    badges: ['Most popular', 'Save 20%'],
    featured: true,
    action: 'Get Started',
  },
  {
    name: 'Lifetime',
    price: PLAN_PRICES.lifetime,
    period: 'one-time',
    badges: ['Limited Supply'],
    featured: false,
    action: 'Get Lifetime Access',
  },
];

/** Only what every plan gets today; features still to come are listed on the features cards as "Coming soon". */
const INCLUDED = [
  'Public booking pages in your colours and theme',
  'Time-zone detection for every guest',
  'Working hours, buffers and date exceptions',
  'Double-booking protection',
  'Google Calendar or the built-in calendar',
  'Confirmation and reminder e-mails',
];

const TIMES = ['', 'as', 'twice', 'three times', 'four times', 'five times', 'six times'];

/** The landing page's price claim, from the figures it rests on: "about four times cheaper than …". */
export function priceComparison(
  ours: number = PLAN_PRICES.monthly,
  theirs: number = PRICE_COMPARISON.competitorMonthlyUsd,
): string {
  const ratio = Math.round(theirs / ours);
  return `About ${TIMES[ratio] ?? `${ratio} times`} cheaper than ${PRICE_COMPARISON.competitor}: $${ours} a month against its list price of $${theirs} a month per seat.`;
}

export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-16 border-y border-slate-200 bg-slate-50 px-4 py-16 sm:px-6 sm:py-24 dark:border-slate-800 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="pricing-title"
          title="Simple, affordable pricing"
          intro={`One plan with every feature, paid the way you prefer. Start with a ${TRIAL_DAYS}-day free trial.`}
        />
        <ul className="mx-auto mt-12 grid max-w-5xl gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <li
              key={plan.name}
              className={cn(
                'flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8 dark:bg-slate-900',
                plan.featured
                  ? 'border-brand-600 ring-1 ring-brand-600 dark:border-brand-400 dark:ring-brand-400'
                  : 'border-slate-200 dark:border-slate-800',
              )}
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="mr-auto text-xl font-semibold text-slate-900 dark:text-white">{plan.name}</h3>
                {plan.badges.map((badge) => (
                  <span
                    key={badge}
                    className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-950 dark:text-brand-200"
                  >
                    {badge}
                  </span>
                ))}
              </div>
              <p className="mt-4 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">${plan.price}</span>
                <span className="text-sm font-medium text-slate-600 dark:text-slate-300">{plan.period}</span>
              </p>
              <ul className="mt-6 grid gap-3 text-sm text-slate-700 dark:text-slate-300">
                {INCLUDED.map((item) => (
                  <li key={item} className="flex items-start gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-400" />
                    {item}
                  </li>
                ))}
              </ul>
              <Link
                to="/register"
                className={buttonVariants({
                  variant: plan.featured ? 'primary' : 'outline',
                  size: 'lg',
                  className: 'mt-8 w-full',
                })}
              >
                {plan.action}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm font-medium text-slate-700 dark:text-slate-300">
          {TRIAL_DAYS}-day free trial, no credit card required
        </p>
        <p className="mx-auto mt-2 max-w-2xl text-center text-xs text-slate-600 dark:text-slate-400">
          {priceComparison()} (Source: {PRICE_COMPARISON.source}.)
        </p>
      </div>
    </section>
  );
}
