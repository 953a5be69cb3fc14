import type { ReactNode, Ref } from 'react';

import { cn } from '#frontend/lib/cn.ts';

/**
 * A titled section of the billing pages (the profile page's card look). `headingRef` lets a page move the focus to
 * the heading (tabIndex -1) after a change that removes the focused control.
 */
export function BillingCard({
  id,
  title,
  intro,
  headingRef,
  actions,
  className,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Beside the title (wraps under it on a narrow screen). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-hidden">
          {title}
        </h2>
        {actions}
      </div>
      {intro && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{intro}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A small pill beside a name: the plan's state, a plan's saving. */
export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'success' | 'warning' | 'brand';
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tone === 'success' && 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
        tone === 'warning' && 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
        tone === 'brand' && 'bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-200',
        tone === 'neutral' && 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
      )}
    >
      {children}
    </span>
  );
}

/** A message box inside a card: a warning (past due), a notice (billing off), an error. */
export function Notice({
  tone,
  role,
  title,
  children,
  className,
}: {
  tone: 'info' | 'warning' | 'error' | 'success';
  role?: 'alert' | 'status';
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={role}
      className={cn(
        'rounded-lg border p-4 text-sm',
        tone === 'info' &&
          'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100',
        tone === 'warning' &&
          'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-50',
        tone === 'error' &&
          'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
        tone === 'success' &&
          'border-green-300 bg-green-50 text-green-950 dark:border-green-800 dark:bg-green-950/60 dark:text-green-50',
        className,
      )}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
    </div>
  );
}
