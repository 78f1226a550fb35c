import { describe, expect, it } from 'vitest';
import { clampScore, scoreBand } from './score-band';

describe('lead score (spec 5, 9)', () => {
  it('bands scores as Hot, Warm, Cool and Cold at 75, 50 and 25', () => {
    expect([100, 75, 74, 50, 49, 25, 24, 0].map((s) => scoreBand(s).label)).toEqual(['Hot', 'Hot', 'Warm', 'Warm', 'Cool', 'Cool', 'Cold', 'Cold']);
  });

  it('clamps to whole numbers from 0 to 100', () => {
    expect(clampScore(-5)).toBe(0);
    expect(clampScore(105)).toBe(100);
    expect(clampScore(42.6)).toBe(43);
    expect(clampScore(Number.NaN)).toBe(0);
  });
});
