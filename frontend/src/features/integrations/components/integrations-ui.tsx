import { useRef, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';

import { ChevronLeft } from '#frontend/components/ui/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';

const SCREENS = [
  { to: '/integrations/webhooks', label: 'Webhooks' },
  { to: '/integrations/api-keys', label: 'API keys' },
] as const;

/**
 * The Integrations screens' frame: a way back to the console, the two screens as a small navigation (the current
 * one marked), the screen's title and intro, and its cards.
 */
export function IntegrationsFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-14">
      <Link
        to="/events"
        className={cn(
          'inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-700 hover:text-brand-700',
          'dark:text-slate-200 dark:hover:text-brand-300',
          focusRing,
        )}
      >
        <ChevronLeft className="size-4" />
        Back to Events
      </Link>
      <nav aria-label="Integrations" className="mt-6">
        <ul className="flex w-full rounded-lg bg-slate-100 p-1 sm:inline-flex sm:w-auto dark:bg-slate-800">
          {SCREENS.map((screen) => (
            <li key={screen.to} className="flex min-w-0 flex-1 sm:flex-none">
              <NavLink
                to={screen.to}
                className={cn(
                  'w-full rounded-md px-2 py-1.5 text-center text-sm font-medium transition-colors sm:px-4',
                  'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                  'aria-[current=page]:bg-white aria-[current=page]:text-slate-900 aria-[current=page]:shadow-sm',
                  'dark:aria-[current=page]:bg-slate-950 dark:aria-[current=page]:text-white',
                  focusRing,
                )}
              >
                {screen.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-2 grid gap-2 text-slate-700 dark:text-slate-200">{intro}</div>
      <div className="mt-8 grid gap-6">{children}</div>
    </div>
  );
}

/** One card of an Integrations screen, named by its heading; `action` sits beside the heading. */
export function IntegrationsCard({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id={id}
          tabIndex={-1}
          className={cn('rounded-sm text-lg font-semibold text-slate-900 dark:text-white', focusRing)}
        >
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export type BadgeTone = 'success' | 'danger' | 'neutral';

const BADGE_TONES: Record<BadgeTone, string> = {
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  danger: 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  neutral: 'border-slate-300 bg-white text-slate-700 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200',
};

/** A small label: an endpoint's state, a delivery's HTTP status. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        BADGE_TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

/** A list's empty state. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-200">
      {children}
    </p>
  );
}

/** A refusal shown inside a dialog or form (role alert). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {children}
    </p>
  );
}

/**
 * Where focus goes back when a dialog closes. The screens open their dialogs from a row's button without a Radix
 * trigger, so they remember that button (`from`) and give it focus again on closing (`onCloseAutoFocus`); when it is
 * gone (its row was deleted), `fallback` says where focus goes instead.
 */
export function useFocusReturn() {
  const saved = useRef<HTMLElement | null>(null);
  return {
    from: (element: HTMLElement | null) => {
      saved.current = element;
    },
    onCloseAutoFocus: (event: Event, fallback?: () => HTMLElement | null) => {
      event.preventDefault();
      const target = saved.current?.isConnected ? saved.current : (fallback?.() ?? null);
      saved.current = null;
      target?.focus();
    },
  };
}
