import { DEFAULT_EVENT_COLOR } from '#shared/constants';

/**
 * The event's accent `color`, made safe for white text: darkened towards black in steps until white on it
 * reaches 4.5:1 (WCAG AA), so any host colour still gives readable buttons.
 */
function parseHex(color: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

const channel = (value: number): number => {
  const s = value / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: [number, number, number]): number =>
  0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const contrastWithWhite = (rgb: [number, number, number]): number => 1.05 / (luminance(rgb) + 0.05);

const toHex = (rgb: [number, number, number]): string =>
  `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

export function accentFor(color: string | undefined): string {
  let rgb = parseHex(color ?? '') ?? parseHex(DEFAULT_EVENT_COLOR)!;
  for (let step = 0; step < 20 && contrastWithWhite(rgb) < 4.5; step++) {
    rgb = rgb.map((v) => v * 0.92) as [number, number, number];
  }
  return toHex(rgb);
}
