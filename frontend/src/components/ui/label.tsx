import type { ComponentProps } from 'react';

import { cn } from '#frontend/lib/cn.ts';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('block text-sm font-medium text-slate-800 dark:text-slate-200', className)} {...props} />;
}
