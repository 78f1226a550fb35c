export type ItemKey = string | number;

/** Where one item of a virtual list sits: its top, relative to the list, and its height. */
export type Placement = { index: number; key: ItemKey; start: number; size: number };

export type RowLayout = { items: Placement[]; total: number };

/**
 * Stacks items top to bottom with `gap` between them. Measured heights come from `sizes` by
 * key; the others take `estimate`.
 */
export function layoutRows({ keys, sizes, estimate, gap }: {
  keys: readonly ItemKey[];
  sizes: ReadonlyMap<ItemKey, number>;
  estimate: number;
  gap: number;
}): RowLayout {
  const items: Placement[] = [];
  let end = 0;
  keys.forEach((key, index) => {
    const start = index === 0 ? 0 : end + gap;
    const size = sizes.get(key) ?? estimate;
    items.push({ index, key, start, size });
    end = start + size;
  });
  return { items, total: end };
}

/** The first item that ends below `y` (items are in order, so a binary search). */
function firstEndingBelow(items: readonly Placement[], y: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const item = items[mid]!;
    if (item.start + item.size > y) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The indices to mount for a viewport from `from` to `to` (list coordinates): every item that
 * crosses it, widened by `overscan` items each way. A viewport above the list mounts its first
 * items and one past its end its last, so they are measured before they scroll in.
 * Binary search: a long list (thousands of rows loaded) costs a scroll event next to nothing.
 */
export function visibleRange(items: readonly Placement[], from: number, to: number, overscan: number): [number, number] | null {
  if (items.length === 0) return null;
  const end = items.length - 1;
  const first = firstEndingBelow(items, from);
  if (first > end) return [Math.max(0, end - overscan), end];
  let last = first;
  while (last < end && items[last + 1]!.start < to) last++;
  return [Math.max(0, first - overscan), Math.min(end, last + overscan)];
}
