export type ItemKey = string | number;

/** Where one item of a virtual list sits: its lane (column) and its top, relative to the list. */
export type Placement = { index: number; key: ItemKey; lane: number; start: number; size: number };

/** The lane an item got, and the index it had then. */
export type LaneMemory = ReadonlyMap<ItemKey, { index: number; lane: number }>;

export type MasonryLayout = { items: Placement[]; total: number; lanesByKey: Map<ItemKey, { index: number; lane: number }> };

/**
 * Places items top to bottom in `lanes` columns, each into the lane that ends first (ties: the
 * leftmost). Measured heights come from `sizes` by key; others take `estimate`. An item keeps the
 * lane `previous` gave it while its index is unchanged, so measuring or expanding a card never
 * sends the cards after it hopping between columns; a new order (sort, filter) lays out afresh.
 */
export function layoutMasonry({ keys, sizes, estimate, lanes, gap, previous }: {
  keys: readonly ItemKey[];
  sizes: ReadonlyMap<ItemKey, number>;
  estimate: number;
  lanes: number;
  gap: number;
  previous?: LaneMemory;
}): MasonryLayout {
  const ends = new Array<number>(lanes).fill(0);
  const used = new Array<boolean>(lanes).fill(false);
  const items: Placement[] = [];
  const lanesByKey = new Map<ItemKey, { index: number; lane: number }>();
  keys.forEach((key, index) => {
    const kept = previous?.get(key);
    const keep = kept !== undefined && kept.index === index && kept.lane < lanes;
    let lane = keep ? kept.lane : 0;
    if (!keep) for (let l = 1; l < lanes; l++) if (ends[l]! < ends[lane]!) lane = l;
    const start = ends[lane]! + (used[lane] ? gap : 0);
    const size = sizes.get(key) ?? estimate;
    ends[lane] = start + size;
    used[lane] = true;
    lanesByKey.set(key, { index, lane });
    items.push({ index, key, lane, start, size });
  });
  return { items, total: Math.max(0, ...ends), lanesByKey };
}

/**
 * The indices to mount for a viewport from `from` to `to` (list coordinates): every item that
 * crosses it, widened by `overscan` items each way. A viewport above the list mounts its first
 * items and one past its end its last, so they are measured before they scroll in.
 */
export function visibleRange(items: readonly Placement[], from: number, to: number, overscan: number): [number, number] | null {
  if (items.length === 0) return null;
  let first = -1;
  let last = -1;
  for (const item of items) {
    if (item.start < to && item.start + item.size > from) {
      if (first === -1) first = item.index;
      last = item.index;
    }
  }
  const end = items.length - 1;
  if (first === -1) return to <= 0 ? [0, Math.min(end, overscan)] : [Math.max(0, end - overscan), end];
  return [Math.max(0, first - overscan), Math.min(end, last + overscan)];
}
