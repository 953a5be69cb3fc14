import type { ComponentProps } from 'react';

import { cn, focusRing } from '#frontend/lib/cn.ts';

/** Shared look of text fields; `aria-invalid` turns the border red. */
export const fieldClasses =
  'block w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 transition-colors disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm ' +
  'aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ' +
  'dark:placeholder:text-slate-400 dark:aria-invalid:border-red-400 ' +
  focusRing;

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-10', className)} {...props} />;
}
