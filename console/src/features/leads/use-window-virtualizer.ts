import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { layoutRows, visibleRange, type ItemKey, type Placement } from './row-layout';

type Options = {
  /** One key per item, in order (memoise it: a new array lays the list out again). */
  keys: readonly ItemKey[];
  estimateSize: number;
  gap: number;
  /** Anything that changes every item's height at once (the number of cards a row holds): measurements start over. */
  sizeEpoch: number;
  /** Items mounted beyond each edge of the viewport. */
  overscan: number;
  /** Where the list starts on the page (the window scrolls, not the list). */
  scrollMargin: number;
};

export type WindowVirtualizer = {
  /** The items to mount, with their top relative to the list. */
  items: Placement[];
  /** The list's full height. */
  totalSize: number;
  /** The ref of a mounted item's element (which carries `data-index`): it is measured as it renders and resizes. */
  measureElement: (el: HTMLElement | null) => void | (() => void);
};

/**
 * The lead list's virtualizer: only the items (rows of cards) near the window's viewport are
 * mounted, each is measured as it renders (ResizeObserver) so expanding a card moves the rows
 * below. The list grows by keyset pages, so a layout pass is over the leads loaded so far, never
 * the whole pool. Kept small on purpose: the list is on the lead pool's first screen, where
 * every kilobyte counts (QUALITY.md's initial-JS budget).
 */
export function useWindowVirtualizer({ keys, estimateSize, gap, sizeEpoch, overscan, scrollMargin }: Options): WindowVirtualizer {
  // Heights measured in this epoch: a row's width, hence every height, changes with it.
  const sizes = useMemo(() => new Map<ItemKey, number>(), [sizeEpoch]);
  const [measured, setMeasured] = useState(0);
  const layout = useMemo(
    () => layoutRows({ keys, sizes, estimate: estimateSize, gap }),
    // `measured` counts measurements, which write to `sizes` in place.
    [keys, sizes, estimateSize, gap, measured],
  );

  // What the scroll and resize handlers read, as of the last commit.
  const current = useRef({ layout, keys, scrollMargin });
  useLayoutEffect(() => {
    current.current = { layout, keys, scrollMargin };
  });

  const [range, setRange] = useState<[number, number] | null>(null);
  const updateRange = useCallback(() => {
    const top = window.scrollY - current.current.scrollMargin;
    const next = visibleRange(current.current.layout.items, top, top + window.innerHeight, overscan);
    setRange((prev) => (prev?.[0] === next?.[0] && prev?.[1] === next?.[1] ? prev : next));
  }, [overscan]);
  useLayoutEffect(updateRange, [layout, scrollMargin, updateRange]);
  useEffect(() => {
    window.addEventListener('scroll', updateRange, { passive: true });
    window.addEventListener('resize', updateRange);
    return () => {
      window.removeEventListener('scroll', updateRange);
      window.removeEventListener('resize', updateRange);
    };
  }, [updateRange]);

  /** Records an element's height; true when it changed. Keeps the content in view still when an item above it changes. */
  const record = useCallback((el: HTMLElement, height: number): boolean => {
    const { layout: placed, keys: order, scrollMargin: margin } = current.current;
    const index = Number(el.dataset.index);
    const key = order[index];
    if (key === undefined || sizes.get(key) === height) return false;
    const before = sizes.get(key) ?? estimateSize;
    sizes.set(key, height);
    const item = placed.items[index];
    if (item && item.start + margin < window.scrollY) window.scrollBy(0, height - before);
    return true;
  }, [sizes, estimateSize]);

  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => {
    observer.current?.disconnect();
    observer.current = null;
  }, []);
  const measureElement = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    if (record(el, el.getBoundingClientRect().height)) setMeasured((n) => n + 1);
    observer.current ??= new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const target = entry.target as HTMLElement;
        if (target.isConnected) changed = record(target, entry.borderBoxSize[0]?.blockSize ?? target.getBoundingClientRect().height) || changed;
      }
      if (changed) setMeasured((n) => n + 1);
    });
    const watching = observer.current;
    watching.observe(el);
    return () => watching.unobserve(el);
  }, [record]);

  const items = range ? layout.items.slice(range[0], range[1] + 1) : [];
  return { items, totalSize: layout.total, measureElement };
}
