import { describe, expect, it } from 'vitest';
import { MIN_VISITORS_PER_VARIANT, normalCdf, splitVerdict, twoProportionPValue } from './split-verdict';

describe('split test verdict', () => {
  it('computes the normal CDF and a two-proportion p-value as the textbook does', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    // 200/1000 against 250/1000, pooled: z = 2.677, two-sided p = 0.0074.
    expect(twoProportionPValue({ visitors: 1000, conversions: 200 }, { visitors: 1000, conversions: 250 })).toBeCloseTo(0.0074, 4);
  });
  it('says "not enough data" while a variant has too few visitors', () => {
    const v = splitVerdict([{ variant: 'A', visitors: 5000, conversions: 100 }, { variant: 'B', visitors: MIN_VISITORS_PER_VARIANT - 1, conversions: 90 }]);
    expect(v).toMatchObject({ verdict: 'not_enough_data', winner: null, pValue: null });
  });
  it('names the winner of a clear difference, whichever side it is on', () => {
    expect(splitVerdict([{ variant: 'A', visitors: 1000, conversions: 200 }, { variant: 'B', visitors: 1000, conversions: 250 }]))
      .toMatchObject({ verdict: 'winner', winner: 'B' });
    expect(splitVerdict([{ variant: 'A', visitors: 1000, conversions: 250 }, { variant: 'B', visitors: 1000, conversions: 200 }]))
      .toMatchObject({ verdict: 'winner', winner: 'A' });
  });
  it('names no winner when the difference could be chance', () => {
    expect(splitVerdict([{ variant: 'A', visitors: 1000, conversions: 200 }, { variant: 'B', visitors: 1000, conversions: 210 }]))
      .toMatchObject({ verdict: 'no_clear_winner', winner: null });
  });
});
