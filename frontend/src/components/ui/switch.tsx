import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useId, type ComponentProps, type ReactNode } from 'react';

import { Label } from '#frontend/components/ui/label.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';

/**
 * An on/off switch on Radix (a button with role switch and aria-checked; Space and Enter toggle it). Its name comes
 * from a <Label htmlFor> pointing at its `id`, or from aria-label / aria-labelledby; SwitchField does the former.
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'peer relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent',
        'transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        // Off: a grey that still stands out from the card (3:1) in both themes; on: the brand colour.
        'bg-slate-400 data-[state=checked]:bg-brand-700 dark:bg-slate-500 dark:data-[state=checked]:bg-brand-500',
        focusRing,
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        className={cn(
          'pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-0',
          'transition-transform motion-reduce:transition-none data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0',
        )}
      />
    </SwitchPrimitive.Root>
  );
}

/** A switch with its visible label (and an optional one-line description read with it), label on the left. */
export function SwitchField({
  label,
  description,
  className,
  id: givenId,
  ...props
}: ComponentProps<typeof SwitchPrimitive.Root> & { label: ReactNode; description?: ReactNode }) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const descriptionId = `${id}-description`;
  return (
    <div className={cn('flex items-center justify-between gap-4', className)}>
      <div className="min-w-0">
        <Label htmlFor={id} className="cursor-pointer">
          {label}
        </Label>
        {description && (
          <p id={descriptionId} className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
            {description}
          </p>
        )}
      </div>
      <Switch id={id} aria-describedby={description ? descriptionId : undefined} {...props} />
    </div>
  );
}
