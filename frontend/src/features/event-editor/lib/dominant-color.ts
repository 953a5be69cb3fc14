import { LOGO_COLOR_FALLBACK } from '#shared/constants';

/**
 * The guest logo's dominant colour (picked when the logo is uploaded), from its RGBA pixels. Pixels that cannot
 * serve as an accent are skipped: mostly transparent ones, near-white and near-black ones, and greys. The rest
 * are counted in coarse colour buckets (16 levels per channel); the answer is the average colour of the fullest
 * bucket as #RRGGBB, or null when no pixel is usable.
 */
export function dominantColor(rgba: ArrayLike<number>): string | null {
  const buckets = new Map<number, { count: number; r: number; g: number; b: number }>();
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    const r = rgba[i]!;
    const g = rgba[i + 1]!;
    const b = rgba[i + 2]!;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    if (rgba[i + 3]! < 128 || min > 230 || max < 25 || max - min < 24) continue;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
    bucket.count++;
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
    buckets.set(key, bucket);
  }
  let best: { count: number; r: number; g: number; b: number } | undefined;
  for (const bucket of buckets.values()) if (!best || bucket.count > best.count) best = bucket;
  if (!best) return null;
  const hex = (sum: number) =>
    Math.round(sum / best.count)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(best.r)}${hex(best.g)}${hex(best.b)}`.toUpperCase();
}

/** The accent a logo suggests: its dominant colour, else the spec's fallback #3B82F6. */
export const logoAccentColor = (rgba: ArrayLike<number>): string => dominantColor(rgba) ?? LOGO_COLOR_FALLBACK;
