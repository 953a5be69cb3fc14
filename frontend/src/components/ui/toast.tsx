import * as ToastPrimitives from '@radix-ui/react-toast';
import type { ComponentProps } from 'react';

import { XIcon } from '#frontend/components/ui/icons.tsx';
import type { ToastVariant } from '#frontend/components/ui/use-toast.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';

/** Toast primitives on Radix Toast (swipe to dismiss, F8 hotkey, screen-reader announcements). */
export const ToastProvider = ToastPrimitives.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      className={cn(
        // Top on small screens, bottom right from sm up, at most 420 px wide from md up. The empty list must not
        // swallow clicks on what lies beneath it, so only the toasts themselves take pointer events.
        'pointer-events-none fixed top-0 z-[100] flex max-h-dvh w-full flex-col-reverse gap-2 p-4 outline-hidden',
        'sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const variantClasses: Record<ToastVariant, string> = {
  default:
    'border-slate-200 border-l-4 border-l-green-600 bg-white text-slate-900 ' +
    'dark:border-slate-700 dark:border-l-green-500 dark:bg-slate-900 dark:text-slate-100',
  destructive: 'border-red-800 bg-red-700 text-white dark:border-red-900 dark:bg-red-800',
};

/** On small booking screens only errors show, as a prominent banner-like card. */
const mobileClasses =
  'rounded-xl border-2 border-red-700 bg-red-50 text-red-900 shadow-xl ' +
  'dark:border-red-400 dark:bg-red-950 dark:text-red-100';

export interface ToastProps extends ComponentProps<typeof ToastPrimitives.Root> {
  variant?: ToastVariant;
  mobile?: boolean;
}

export function Toast({ className, variant = 'default', mobile = false, ...props }: ToastProps) {
  return (
    <ToastPrimitives.Root
      // Errors interrupt the screen reader; confirmations wait their turn.
      type={variant === 'destructive' ? 'foreground' : 'background'}
      data-variant={variant}
      data-mobile={mobile || undefined}
      className={cn(
        'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-md border p-4 pr-10 shadow-lg',
        'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
        'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none',
        'data-[swipe=end]:animate-toast-swipe-out',
        'motion-safe:data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
        mobile ? mobileClasses : variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitives.Description>) {
  return <ToastPrimitives.Description className={cn('mt-0.5 text-sm opacity-95', className)} {...props} />;
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      className={cn(
        'inline-flex h-8 shrink-0 cursor-pointer items-center rounded-md border border-current px-3 text-sm font-medium',
        focusRing,
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      aria-label="Close notification"
      className={cn(
        'absolute top-2 right-2 inline-flex size-7 cursor-pointer items-center justify-center rounded-md opacity-80 hover:opacity-100',
        focusRing,
        className,
      )}
      {...props}
    >
      <XIcon className="size-4" />
    </ToastPrimitives.Close>
  );
}
