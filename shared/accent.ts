import { DEFAULT_EVENT_COLOR } from '#shared/constants';

/**
 * An event's colours made readable (WCAG 2 contrast), for the booking page and the booking mails alike: the accent
 * `color` darkened until white text on it (and it as text on white) reaches 4.5:1, and the `themeColor` as a light
 * tint of a background. Pure; colours are #RRGGBB (or #RGB).
 */

export type Rgb = [number, number, number];

export function parseHex(color: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

/** `rgb` as #rrggbb; its channels are 0–255 (as parseHex gives them, and darkening or mixing such keeps them). */
export const toHex = (rgb: Rgb): string => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

const channel = (value: number): number => {
  const s = value / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance. */
export const luminance = ([r, g, b]: Rgb): number => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(parseHex(a) ?? [0, 0, 0]), luminance(parseHex(b) ?? [0, 0, 0])];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The event's accent `color` (DEFAULT_EVENT_COLOR when missing or malformed), darkened towards black in steps until
 * white on it reaches 4.5:1 (WCAG AA), so any host colour still gives readable buttons and links.
 */
export function accentFor(color: string | null | undefined): string {
  let rgb = parseHex(color ?? '') ?? parseHex(DEFAULT_EVENT_COLOR)!;
  for (let step = 0; step < 20 && 1.05 / (luminance(rgb) + 0.05) < 4.5; step++) {
    rgb = rgb.map((v) => v * 0.92) as Rgb;
  }
  return toHex(rgb);
}

/** `color` mixed into `base` at `weight` (0–1), as CSS `color-mix(in srgb, color weight, base)`; null when malformed. */
export function tint(color: string | null | undefined, base: string, weight: number): string | null {
  const top = parseHex(color ?? '');
  const bottom = parseHex(base);
  if (!top || !bottom) return null;
  return toHex(top.map((v, i) => v * weight + bottom[i]! * (1 - weight)) as Rgb);
}
