import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';

import { XIcon } from '#frontend/components/ui/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';

/**
 * Modal dialog on Radix: focus is trapped and returned to the trigger, Escape closes, the page behind is inert.
 * Every dialog needs a DialogTitle and a DialogDescription (Radix links them to the content for screen readers).
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn('fixed inset-0 z-50 bg-slate-950/60 motion-safe:data-[state=open]:animate-overlay-in', className)}
      {...props}
    />
  );
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Accessible name of the corner close button. */
  closeLabel?: string;
}

/** `className` replaces the default width, spacing and padding (`max-w-lg gap-4 p-6`) rather than adding to it. */
export function DialogContent({
  className = 'max-w-lg gap-4 p-6',
  children,
  closeLabel = 'Close',
  ...props
}: DialogContentProps) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
          'rounded-lg border border-slate-200 bg-white text-slate-900 shadow-xl',
          'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
          'motion-safe:data-[state=open]:animate-dialog-in focus:outline-hidden',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className={cn(
            'absolute top-3 right-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-slate-600',
            'hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
            focusRing,
          )}
        >
          <XIcon className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg leading-tight font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-slate-600 dark:text-slate-300', className)} {...props} />
  );
}
