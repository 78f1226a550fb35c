// The arithmetic behind the call analytics charts: plain SVG, no chart library (the page's
// JavaScript stays small), so the scaling lives here where it can be tested.

/** The smallest of 1, 2, 2.5, 5 × 10^k at or above `value`: an axis top that reads well. Nothing (0) gets 1. */
export function niceCeiling(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value - 1e-9) ?? 10;
  return step * power;
}

/** `intervals` + 1 evenly spaced ticks from 0 to `top`. */
export function axisTicks(top: number, intervals = 4): number[] {
  return Array.from({ length: intervals + 1 }, (_, i) => Math.round(((top * i) / intervals) * 1000) / 1000);
}

/** A linear map from `domain` onto `range` (an SVG y range runs downwards: [bottom, top]). */
export function linearScale([d0, d1]: [number, number], [r0, r1]: [number, number]): (value: number) => number {
  const span = d1 - d0;
  return (value) => (span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0));
}

/** Where `count` bands (bars, points) sit across `width`: each band's start, its width and its centre. */
export function bands(count: number, width: number, gap = 0.25): { start: number; width: number; center: number }[] {
  if (count <= 0) return [];
  const step = width / count;
  const inner = step * (1 - gap);
  return Array.from({ length: count }, (_, i) => ({ start: i * step + (step - inner) / 2, width: inner, center: i * step + step / 2 }));
}

const round = (n: number) => Math.round(n * 10) / 10;

/** An SVG path through the points; a missing point (a week with no figure) breaks the line there. */
export function linePath(points: ({ x: number; y: number } | null)[]): string {
  let path = '';
  let drawing = false;
  for (const p of points) {
    if (!p) {
      drawing = false;
      continue;
    }
    path += `${path ? ' ' : ''}${drawing ? 'L' : 'M'}${round(p.x)} ${round(p.y)}`;
    drawing = true;
  }
  return path;
}

/**
 * A y axis from zero: a fixed top (percent, a 0–10 score) or one that fits `maxValue` with
 * whole-number ticks (counts), at least 0–5 so a quiet week does not fill the chart.
 */
export function yAxis(maxValue: number, fixedTop?: number): { top: number; ticks: number[] } {
  const top = fixedTop ?? niceCeiling(Math.max(maxValue, 5));
  return { top, ticks: axisTicks(top, top % 4 === 0 ? 4 : 5) };
}
