import type { ComponentProps } from 'react';
import { cn } from '#frontend/lib/cn.ts';
import { fieldClasses } from '#frontend/components/ui/input.tsx';

export function Textarea({ className, rows = 5, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(fieldClasses, 'min-h-24 resize-y py-2', className)} {...props} />;
}
