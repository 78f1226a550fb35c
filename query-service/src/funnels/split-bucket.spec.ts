import { describe, expect, it } from 'vitest';
import { variantFor, type Variant } from './split-bucket';

// Deterministic ids, so the run is the same every time; the hash spreads them like random ones.
const visitors = Array.from({ length: 100_000 }, (_, i) => `visitor-${i}`);
const shares = (weights: Partial<Record<Variant, number>>) => {
  const counts: Record<string, number> = {};
  for (const v of visitors) {
    const variant = variantFor(weights, 12, 3, v);
    counts[variant] = (counts[variant] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).map(([k, n]) => [k, (n / visitors.length) * 100]));
};

describe('split test buckets', () => {
  it.each([
    { A: 50, B: 50 },
    { A: 90, B: 10 },
    { A: 34, B: 33, C: 33 },
    { A: 25, B: 25, C: 25, D: 25 },
  ])('splits 100,000 visitors by the weights %o within 1 %', (weights) => {
    const got = shares(weights);
    for (const [variant, weight] of Object.entries(weights)) expect(Math.abs((got[variant] ?? 0) - weight)).toBeLessThan(1);
    expect(Object.keys(got).sort()).toEqual(Object.keys(weights).sort());
  });
  it('keeps each visitor on one variant, visit after visit', () => {
    for (const v of visitors.slice(0, 1_000)) {
      const first = variantFor({ A: 50, B: 50 }, 12, 3, v);
      for (let i = 0; i < 3; i++) expect(variantFor({ A: 50, B: 50 }, 12, 3, v)).toBe(first);
    }
  });
  it('splits each step on its own: the same visitor may see B on one step and A on another', () => {
    const differ = visitors.slice(0, 1_000).filter((v) => variantFor({ A: 50, B: 50 }, 12, 3, v) !== variantFor({ A: 50, B: 50 }, 12, 4, v));
    expect(differ.length).toBeGreaterThan(300);
  });
});
