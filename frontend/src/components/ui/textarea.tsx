import type { ComponentProps } from 'react';

import { fieldClasses } from '#frontend/components/ui/input.tsx';
import { cn } from '#frontend/lib/cn.ts';

export function Textarea({ className, rows = 5, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(fieldClasses, 'min-h-24 resize-y py-2', className)} {...props} />;
}
