import { accentFor, tint } from '#shared/accent';
import type { EventRecord } from '#functions/domain/records';

/**
 * The colours of a mail: the product's (frontend/src/index.css brand and slate) with, for a booking mail, the event's
 * accent for buttons, links and the card's top edge (its `color` darkened until white on it reaches 4.5:1, as on the
 * booking page), and its `themeColor` tinting the page as the booking page does. A mail about no event wears the
 * product's own accent. Every text colour keeps 4.5:1 (WCAG AA) on what it is shown on, whatever the event's colours.
 */
export interface MailPalette {
  /** The page around the card: slate-50, tinted 12% with the event's theme colour. */
  page: string;
  card: string;
  border: string;
  text: string;
  /** Row labels, and the footer on the page. */
  muted: string;
  /** The old value struck through (on the card). */
  faint: string;
  /** Buttons (white text on it) and links (on the card). */
  accent: string;
  /** The product's name above the card (brand-800). */
  brand: string;
}

export function mailPalette(event: Partial<Pick<EventRecord, 'color' | 'themeColor'>> | null): MailPalette {
  return {
    page: tint(event?.themeColor, '#f8fafc', 0.12) ?? '#f8fafc',
    card: '#ffffff',
    border: '#e2e8f0',
    text: '#0f172a',
    muted: '#475569',
    faint: '#64748b',
    accent: accentFor(event?.color),
    brand: '#9a3412',
  };
}

const FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;" +
  'line-height:1.5;';

/** The inline styles of each element of a mail's HTML (mail clients drop style sheets), in `palette`'s colours. */
export function mailStyles(palette: MailPalette) {
  return {
    body: `margin:0;padding:0;background:${palette.page};`,
    page: `max-width:560px;margin:0 auto;padding:24px 16px;${FONT}color:${palette.text};`,
    brand: `margin:0 0 12px;font-size:14px;font-weight:700;letter-spacing:0.02em;color:${palette.brand};`,
    card:
      `background:${palette.card};border:1px solid ${palette.border};border-top:4px solid ${palette.accent};` +
      'border-radius:8px;padding:24px;',
    h1: 'margin:0 0 16px;font-size:20px;line-height:1.3;',
    h2: 'margin:24px 0 8px;font-size:16px;',
    p: 'margin:0 0 12px;',
    table: 'border-collapse:collapse;width:100%;margin:0 0 12px;',
    th: `text-align:left;vertical-align:top;padding:4px 16px 4px 0;color:${palette.muted};font-weight:600;white-space:nowrap;`,
    td: 'vertical-align:top;padding:4px 0;',
    was: `color:${palette.faint};`,
    button:
      `display:inline-block;margin:0 8px 8px 0;padding:10px 18px;background:${palette.accent};color:#ffffff;` +
      'border-radius:6px;text-decoration:none;font-weight:600;',
    link: `color:${palette.accent};`,
    footer: `margin:16px 0 0;font-size:12px;color:${palette.muted};`,
  } as const;
}

export type MailStyles = ReturnType<typeof mailStyles>;
