import { describe, expect, it } from 'vitest';
import { layoutMasonry, visibleRange } from './masonry-layout';

const at = (layout: ReturnType<typeof layoutMasonry>) => layout.items.map((i) => [i.key, i.lane, i.start]);

describe('layoutMasonry', () => {
  it('stacks one lane with gaps, measured heights first and the estimate for the rest', () => {
    const layout = layoutMasonry({ keys: [1, 2, 3], sizes: new Map([[2, 50]]), estimate: 100, lanes: 1, gap: 10 });
    expect(at(layout)).toEqual([[1, 0, 0], [2, 0, 110], [3, 0, 170]]);
    expect(layout.total).toBe(270);
  });

  it('puts each item into the lane that ends first, the leftmost on a tie', () => {
    const sizes = new Map([[1, 300], [2, 100], [3, 100], [4, 100]]);
    const layout = layoutMasonry({ keys: [1, 2, 3, 4], sizes, estimate: 100, lanes: 2, gap: 10 });
    expect(at(layout)).toEqual([[1, 0, 0], [2, 1, 0], [3, 1, 110], [4, 1, 220]]);
    expect(layout.total).toBe(320);
  });

  it('keeps a card in its lane when a card before it grows, while its place in the list holds', () => {
    const first = layoutMasonry({ keys: [1, 2, 3], sizes: new Map(), estimate: 100, lanes: 2, gap: 0 });
    expect(first.items.map((i) => i.lane)).toEqual([0, 1, 0]);
    // Card 1 expands: card 3 stays under it; laid out afresh, it would jump to the shorter lane.
    const grown = layoutMasonry({ keys: [1, 2, 3], sizes: new Map([[1, 500]]), estimate: 100, lanes: 2, gap: 0, previous: first.lanesByKey });
    expect(grown.items.map((i) => [i.lane, i.start])).toEqual([[0, 0], [1, 0], [0, 500]]);
    const fresh = layoutMasonry({ keys: [1, 2, 3], sizes: new Map([[1, 500]]), estimate: 100, lanes: 2, gap: 0 });
    expect(fresh.items.map((i) => i.lane)).toEqual([0, 1, 1]);
  });

  it('lays out afresh an item whose index changed (a new sort) or whose lane no longer exists', () => {
    const wide = layoutMasonry({ keys: [1, 2], sizes: new Map(), estimate: 100, lanes: 2, gap: 0 });
    const resorted = layoutMasonry({ keys: [2, 1], sizes: new Map(), estimate: 100, lanes: 2, gap: 0, previous: wide.lanesByKey });
    expect(resorted.items.map((i) => [i.key, i.lane])).toEqual([[2, 0], [1, 1]]);
    const narrow = layoutMasonry({ keys: [1, 2], sizes: new Map(), estimate: 100, lanes: 1, gap: 0, previous: wide.lanesByKey });
    expect(narrow.items.map((i) => [i.lane, i.start])).toEqual([[0, 0], [0, 100]]);
  });

  it('is empty for no items', () => {
    expect(layoutMasonry({ keys: [], sizes: new Map(), estimate: 100, lanes: 2, gap: 16 })).toMatchObject({ items: [], total: 0 });
  });
});

describe('visibleRange', () => {
  const items = layoutMasonry({ keys: Array.from({ length: 100 }, (_, i) => i), sizes: new Map(), estimate: 100, lanes: 1, gap: 0 }).items;

  it('mounts the items crossing the viewport, widened by the overscan', () => {
    expect(visibleRange(items, 1_050, 1_950, 3)).toEqual([7, 22]);
  });

  it('never goes past either end', () => {
    expect(visibleRange(items, 0, 500, 3)).toEqual([0, 7]);
    expect(visibleRange(items, 9_600, 10_400, 3)).toEqual([93, 99]);
  });

  it('mounts the first items when the list is still below the viewport, and the last once scrolled past', () => {
    expect(visibleRange(items, -900, -100, 3)).toEqual([0, 3]);
    expect(visibleRange(items, 12_000, 12_900, 3)).toEqual([96, 99]);
  });

  it('mounts nothing for an empty list', () => {
    expect(visibleRange([], 0, 900, 3)).toBeNull();
  });
});
