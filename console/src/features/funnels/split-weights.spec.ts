import { describe, expect, it } from 'vitest';
import { FunnelSplitWeightsSchema } from '@leadfloor/contracts';
import { evenWeights, nextVariant, stepVariants } from './split-weights';

describe('split test weights', () => {
  it('splits 100 into whole numbers that the server accepts', () => {
    expect(evenWeights(['A', 'B'])).toEqual({ A: 50, B: 50 });
    expect(evenWeights(['A', 'B', 'C'])).toEqual({ A: 34, B: 33, C: 33 });
    expect(evenWeights(['A', 'B', 'C', 'D'])).toEqual({ A: 25, B: 25, C: 25, D: 25 });
    for (const variants of [['A', 'B'], ['A', 'B', 'C'], ['A', 'B', 'C', 'D']] as const) {
      expect(FunnelSplitWeightsSchema.safeParse(evenWeights([...variants])).success).toBe(true);
    }
  });

  it('lists a step\'s variants in letter order, A first even without a draft', () => {
    expect(stepVariants({ drafts: {}, published: {}, splitTest: null })).toEqual(['A']);
    expect(stepVariants({ drafts: { C: {} }, published: { A: 'h' }, splitTest: { weights: { A: 50, B: 50 } } })).toEqual(['A', 'B', 'C']);
  });

  it('names the next free variant, none past D', () => {
    expect(nextVariant(['A'])).toBe('B');
    expect(nextVariant(['A', 'C'])).toBe('B');
    expect(nextVariant(['A', 'B', 'C', 'D'])).toBeNull();
  });
});
