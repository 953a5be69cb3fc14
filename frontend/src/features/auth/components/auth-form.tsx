import { lazy, Suspense, useState, type ReactNode } from 'react';

import { GoogleLogo } from '#frontend/components/google-logo.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import type { GoogleAuthType } from '#frontend/features/auth/components/use-google-sign-in.ts';

/**
 * The pieces shared by /login, /register and /register-email: the card, the OR divider, the Google button (the
 * fields are components/form-field.tsx, which the profile form uses too).
 */

export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <section
        aria-labelledby="auth-title"
        className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <h1 id="auth-title" className="text-2xl font-bold tracking-tight">
          {title}
        </h1>
        {intro && <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{intro}</p>}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3" role="separator" aria-label="or">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      <span
        aria-hidden="true"
        className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
      >
        Or
      </span>
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}

export function GoogleButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button variant="outline" size="lg" className="w-full" onClick={onClick}>
      <GoogleLogo className="size-5" />
      {children}
    </Button>
  );
}

/** The fallback dialog's code (and Radix's) loads only when it first opens. */
const GoogleFallbackDialog = lazy(async () => ({
  default: (await import('#frontend/features/auth/components/google-fallback-dialog.tsx')).GoogleFallbackDialog,
}));

export function GoogleFallback(props: { type: GoogleAuthType; open: boolean; onOpenChange: (open: boolean) => void }) {
  // Once opened it stays mounted, so closing can return focus and animate.
  const [needed, setNeeded] = useState(props.open);
  if (props.open && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <GoogleFallbackDialog {...props} />
    </Suspense>
  ) : null;
}
