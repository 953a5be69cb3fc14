import type { CSSProperties, ReactNode } from 'react';

import { accentFor } from '#frontend/lib/accent.ts';
import { cn } from '#frontend/lib/cn.ts';

/**
 * What an event's design changes on its booking page (the event's color, bookingTheme, themeColor,
 * customCss; secondaryColor is EventSummary's band). The public page and the editor's preview both render through
 * BookingTheme, so the host sees exactly what guests get.
 */
export interface BookingDesign {
  color: string;
  bookingTheme: 'light' | 'dark';
  themeColor: string | null;
  customCss: string;
}

/** The container custom CSS is scoped to. */
export const BOOKING_PAGE_SCOPE = '[data-booking-page]';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
export const designColor = (value: string | null | undefined): string | null =>
  value && HEX_COLOR.test(value) ? value : null;

/**
 * The themed container: the event's light or dark theme wins over the site's (`light` opts out of the dark site
 * theme, index.css), `--accent` is the event colour made readable under white text, the theme colour tints the
 * background, and the host's CSS applies inside it only: `scopedCss` is `design.customCss` through
 * shared/custom-css.ts's scopeCustomCss(css, BOOKING_PAGE_SCOPE) (the caller's, so the booking page loads that code
 * only for an event that has custom CSS).
 */
export function BookingTheme({
  design,
  scopedCss: css,
  className,
  children,
}: {
  design: Omit<BookingDesign, 'customCss'>;
  scopedCss: string;
  className?: string;
  children: ReactNode;
}) {
  const dark = design.bookingTheme === 'dark';
  const tint = designColor(design.themeColor);
  const style = {
    '--accent': accentFor(design.color),
    colorScheme: dark ? 'dark' : 'light',
    ...(tint && { '--tint': tint }),
  } as CSSProperties;
  return (
    <div
      // The background by the `dark:` variant rather than by `dark` here: a framed page's own theme (issue 29) wins.
      className={cn(
        dark ? 'dark' : 'light',
        'text-slate-900 dark:text-slate-100',
        tint
          ? 'bg-[color-mix(in_srgb,var(--tint)_12%,#f8fafc)] dark:bg-[color-mix(in_srgb,var(--tint)_12%,#020617)]'
          : 'bg-slate-50 dark:bg-slate-950',
        className,
      )}
      style={style}
      data-booking-theme={design.bookingTheme}
      data-booking-page=""
    >
      {/* As raw text, not a React text child: React's server renderer would escape it (`a > b` became `a &gt; b`).
          scopeCustomCss leaves no `<`, so the CSS cannot close its element; the escape below makes sure of it. */}
      {css && <style dangerouslySetInnerHTML={{ __html: css.replace(/</g, '\\3c ') }} />}
      {children}
    </div>
  );
}
