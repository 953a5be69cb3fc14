/** Joins class names, skipping falsy ones. (No tailwind-merge here: components avoid conflicting overrides.) */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}

/** The visible keyboard focus ring shared by every interactive primitive. */
export const focusRing =
  'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 ' +
  'focus-visible:ring-offset-white dark:focus-visible:ring-brand-400 dark:focus-visible:ring-offset-slate-950';
