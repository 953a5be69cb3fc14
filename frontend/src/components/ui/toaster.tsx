import { MOBILE_BREAKPOINT_PX, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '#shared/constants';
import { AlertCircleIcon, CheckCircleIcon } from '#frontend/components/ui/icons.tsx';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '#frontend/components/ui/toast.tsx';
import { useToast } from '#frontend/components/ui/use-toast.ts';
import { useMediaQuery } from '#frontend/lib/use-media-query.ts';

const BOOKING_PATH_MARKERS = ['/book/', '/booking/', '/confirmation'] as const;

/**
 * Spec "Shared behaviour on all screens": under 768 px on booking paths only destructive toasts show
 * (the booking form shows its errors inline as well).
 */
export function onlyErrorToasts(pathname: string, isSmallScreen: boolean): boolean {
  return isSmallScreen && BOOKING_PATH_MARKERS.some((marker) => pathname.includes(marker));
}

/** The toasts of the page at `pathname` (given by the site chrome, which runs with and without the router). */
export function Toaster({ pathname }: { pathname: string }) {
  const { toasts } = useToast();
  const isSmallScreen = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const mobileBooking = onlyErrorToasts(pathname, isSmallScreen);
  const visible = mobileBooking ? toasts.filter((t) => t.variant === 'destructive') : toasts;

  return (
    // Radix's default hotkey (F8) moves focus to the region.
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {visible.map(({ id, title, description, action, variant = 'default', ...props }) => {
        const Icon = variant === 'destructive' ? AlertCircleIcon : CheckCircleIcon;
        return (
          <Toast key={id} variant={variant} mobile={mobileBooking} {...props}>
            <Icon
              className={
                variant === 'destructive'
                  ? 'mt-0.5 size-5 shrink-0'
                  : 'mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400'
              }
            />
            <div className="grid min-w-0 flex-1 gap-0.5">
              {title && <ToastTitle>{title}</ToastTitle>}
              {description && <ToastDescription>{description}</ToastDescription>}
            </div>
            {action}
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport />
    </ToastProvider>
  );
}
