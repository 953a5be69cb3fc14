import { cn, focusRing } from '#frontend/lib/cn.ts';

/** A solid button in the event's accent (`--accent`, already darkened for white text). */
export const accentButton = (className?: string): string =>
  cn(
    'inline-flex h-11 items-center justify-center gap-2 rounded-md bg-[var(--accent)] px-6 text-base font-semibold text-white',
    'shadow-sm transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60',
    focusRing,
    className,
  );
