import { useEffect, useMemo, useReducer } from 'react';

import { BOOKING_PAGE_SCOPE } from '#frontend/components/booking/booking-theme.tsx';

type ScopeCustomCss = (css: string, scope: string) => string;

/**
 * shared/custom-css.ts, which makes an event's custom CSS safe to put in the page: only a page whose event has custom
 * CSS needs its code, so it loads with such an event (fetchPublicEvent; booking-main.tsx before it hydrates a
 * published page), off every other booking page's first load.
 */
let scopeCustomCss: ScopeCustomCss | undefined;

export async function loadCustomCss(css: string): Promise<void> {
  if (css && !scopeCustomCss) scopeCustomCss = (await import('#shared/custom-css')).scopeCustomCss;
}

/** Gives the code at once: the server renderer imports it (its render is synchronous). */
export function provideCustomCss(scope: ScopeCustomCss): void {
  scopeCustomCss = scope;
}

/**
 * The event's custom CSS scoped to the booking page's container (BookingTheme's `scopedCss`). Its code is normally
 * here already (see above); if not, '' until it has loaded.
 */
export function useScopedCustomCss(css: string): string {
  const ready = !css || scopeCustomCss !== undefined;
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!ready) void loadCustomCss(css).then(loaded);
  }, [css, ready]);
  return useMemo(() => (ready && css ? scopeCustomCss!(css, BOOKING_PAGE_SCOPE) : ''), [css, ready]);
}
