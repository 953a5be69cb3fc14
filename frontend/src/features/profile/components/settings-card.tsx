import type { ReactNode } from 'react';

import { cn } from '#frontend/lib/cn.ts';

/** A titled section of the profile settings page; `tone="danger"` for the Danger Zone. */
export function SettingsCard({
  id,
  title,
  intro,
  tone = 'default',
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border bg-white p-6 shadow-sm sm:p-8 dark:bg-slate-900',
        tone === 'danger' ? 'border-red-300 dark:border-red-800' : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <h2 id={headingId} className={cn('text-lg font-semibold', tone === 'danger' && 'text-red-800 dark:text-red-400')}>
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{intro}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
