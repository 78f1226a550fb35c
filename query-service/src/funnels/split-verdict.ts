import type { FunnelSplitVerdict, FunnelVariant } from '@leadfloor/contracts';

/** Below this many unique visitors in a variant, a split test says "not enough data". */
export const MIN_VISITORS_PER_VARIANT = 100;
/** A difference counts when a two-sided p-value is below this. */
export const SIGNIFICANCE = 0.05;

export type VariantCounts = { variant: FunnelVariant; visitors: number; conversions: number };

/** The standard normal CDF (Abramowitz and Stegun 7.1.26 for erf, error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Two-sided p-value of the pooled two-proportion z-test of a against b. */
export function twoProportionPValue(a: { visitors: number; conversions: number }, b: { visitors: number; conversions: number }): number {
  const pa = a.conversions / a.visitors;
  const pb = b.conversions / b.visitors;
  const pooled = (a.conversions + b.conversions) / (a.visitors + b.visitors);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors));
  if (se === 0) return 1;
  return 2 * (1 - normalCdf(Math.abs(pa - pb) / se));
}

/**
 * A split test's verdict: the variant converting best against the control (A), or A against
 * the best challenger when A leads, by a two-proportion z-test. "Not enough data" while any
 * variant has fewer than MIN_VISITORS_PER_VARIANT unique visitors.
 */
export function splitVerdict(variants: readonly VariantCounts[]): FunnelSplitVerdict {
  const base = { minVisitors: MIN_VISITORS_PER_VARIANT };
  const control = variants.find((v) => v.variant === 'A');
  const challengers = variants.filter((v) => v.variant !== 'A');
  if (!control || challengers.length === 0 || variants.some((v) => v.visitors < MIN_VISITORS_PER_VARIANT)) {
    return { verdict: 'not_enough_data', winner: null, pValue: null, ...base };
  }
  const rate = (v: VariantCounts) => v.conversions / v.visitors;
  const best = [...challengers].sort((a, b) => rate(b) - rate(a))[0]!;
  const pValue = twoProportionPValue(best, control);
  const leader = rate(best) > rate(control) ? best : control;
  const significant = pValue < SIGNIFICANCE && rate(best) !== rate(control);
  return { verdict: significant ? 'winner' : 'no_clear_winner', winner: significant ? leader.variant : null, pValue: Math.round(pValue * 10_000) / 10_000, ...base };
}
