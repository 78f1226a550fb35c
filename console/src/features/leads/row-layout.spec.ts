import { describe, expect, it } from 'vitest';
import { layoutRows, visibleRange } from './row-layout';

describe('layoutRows', () => {
  it('stacks the rows with gaps, measured heights first and the estimate for the rest', () => {
    const layout = layoutRows({ keys: [1, 2, 3], sizes: new Map([[2, 50]]), estimate: 100, gap: 10 });
    expect(layout.items.map((i) => [i.key, i.start, i.size])).toEqual([[1, 0, 100], [2, 110, 50], [3, 170, 100]]);
    expect(layout.total).toBe(270);
  });

  it('moves the rows below one that grows, and only those', () => {
    const sizes = new Map<number, number>();
    const before = layoutRows({ keys: [1, 2, 3], sizes, estimate: 100, gap: 0 });
    sizes.set(2, 300);
    const after = layoutRows({ keys: [1, 2, 3], sizes, estimate: 100, gap: 0 });
    expect(after.items.map((i) => i.start)).toEqual([before.items[0]!.start, before.items[1]!.start, 400]);
  });

  it('is empty for no rows', () => {
    expect(layoutRows({ keys: [], sizes: new Map(), estimate: 100, gap: 16 })).toEqual({ items: [], total: 0 });
  });
});

describe('visibleRange', () => {
  const items = layoutRows({ keys: Array.from({ length: 100 }, (_, i) => i), sizes: new Map(), estimate: 100, gap: 0 }).items;

  it('mounts the rows crossing the viewport, widened by the overscan', () => {
    expect(visibleRange(items, 1_050, 1_950, 3)).toEqual([7, 22]);
  });

  it('never goes past either end', () => {
    expect(visibleRange(items, 0, 500, 3)).toEqual([0, 7]);
    expect(visibleRange(items, 9_600, 10_400, 3)).toEqual([93, 99]);
  });

  it('mounts the first rows when the list is still below the viewport, and the last once scrolled past', () => {
    expect(visibleRange(items, -900, -100, 3)).toEqual([0, 3]);
    expect(visibleRange(items, 12_000, 12_900, 3)).toEqual([96, 99]);
  });

  it('mounts the rows around a viewport that falls in a gap between two of them', () => {
    const gapped = layoutRows({ keys: [0, 1, 2, 3], sizes: new Map(), estimate: 100, gap: 50 }).items;
    expect(visibleRange(gapped, 110, 140, 1)).toEqual([0, 2]);
  });

  it('mounts nothing for an empty list', () => {
    expect(visibleRange([], 0, 900, 3)).toBeNull();
  });
});
