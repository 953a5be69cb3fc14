import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { ChevronLeft } from '#frontend/components/ui/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';

/** The teams screens' frame: a way back, the title and the cards. */
export function TeamsFrame({
  back,
  title,
  intro,
  children,
}: {
  back: { to: string; label: string };
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-14">
      <Link
        to={back.to}
        className={cn(
          'inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-700 hover:text-brand-700',
          'dark:text-slate-200 dark:hover:text-brand-300',
          focusRing,
        )}
      >
        <ChevronLeft className="size-4" />
        {back.label}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight break-words">{title}</h1>
      {intro && <p className="mt-2 text-slate-700 dark:text-slate-200">{intro}</p>}
      <div className="mt-8 grid gap-6">{children}</div>
    </div>
  );
}

/** One card of a teams screen, named by its heading. */
export function TeamCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A small label: a role, a status, "Team". */
export function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center rounded-full border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-700 dark:border-slate-600 dark:text-slate-200">
      {children}
    </span>
  );
}

/** A team's logo, or its first letter on a neutral square; decorative (the name is beside it). */
export function TeamLogo({
  url,
  name,
  size = 'size-10',
}: {
  url: string | null | undefined;
  name: string;
  size?: string;
}) {
  return url ? (
    <img src={url} alt="" className={cn(size, 'shrink-0 rounded-md object-contain')} />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        size,
        'flex shrink-0 items-center justify-center rounded-md bg-slate-100 font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200',
      )}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

export const selectClasses =
  'block h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm ' +
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ' +
  focusRing;
