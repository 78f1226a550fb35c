import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Lead } from '@leadfloor/contracts';
import { Spinner } from '../../../components/ui/spinner';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useNow } from '../../../lib/use-now';
import { useWindowVirtualizer } from '../use-window-virtualizer';
import { LeadCard } from './lead-card';

type LeadListProps = {
  leads: Lead[];
  /** All leads matching the filters (the feed's size for screen readers). */
  total: number;
  meId: number | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  busy: boolean;
};

const ESTIMATED_CARD_HEIGHT = 150;
const GAP = 16;

/** Where a lane starts and how wide it is (two lanes share the gap between them). */
const laneBox = (lane: number, lanes: number) => ({
  left: lanes > 1 ? `calc(${(lane * 100) / lanes}% + ${(lane * GAP) / 2}px)` : 0,
  width: lanes > 1 ? `calc(${100 / lanes}% - ${GAP / 2}px)` : '100%',
});

type RowProps = {
  lead: Lead; index: number; total: number; start: number; lane: number; lanes: number; meId: number | undefined; now: Date;
  expanded: boolean; onToggle: (id: number) => void; measure: (el: HTMLElement | null) => void | (() => void);
};

/**
 * One placed card. Memoised on plain values, so scrolling re-renders only the rows that
 * arrive, never the ones already on screen.
 */
const Row = memo(function Row({ lead, index, total, start, lane, lanes, meId, now, expanded, onToggle, measure }: RowProps) {
  return (
    <LeadCard
      ref={measure}
      data-index={index}
      style={{
        position: 'absolute',
        top: 0,
        ...laneBox(lane, lanes),
        transform: `translateY(${start}px)`,
      }}
      aria-posinset={index + 1}
      aria-setsize={total}
      lead={lead}
      meId={meId}
      now={now}
      expanded={expanded}
      onToggle={() => onToggle(lead.id)}
    />
  );
});

/**
 * The pool as a virtualized feed: only the cards near the viewport are mounted (a dozen or
 * two, whatever the pool's size), cards are measured as they render and expand, and the next
 * keyset page loads as the end comes into view. Two columns (masonry lanes) on wide screens.
 */
export function LeadList({ leads, total, meId, hasNextPage, isFetchingNextPage, onLoadMore, busy }: LeadListProps) {
  const wide = useMediaQuery('(min-width: 1280px)');
  const lanes = wide ? 2 : 1;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const listRef = useRef<HTMLDivElement>(null);
  // The list scrolls with the page; the virtualizer needs to know where the list starts on it.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const measure = () => setScrollMargin(el.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const keys = useMemo(() => [...leads.map((l) => l.id), ...(hasNextPage ? ['more'] : [])], [leads, hasNextPage]);
  const virtualizer = useWindowVirtualizer({ keys, estimateSize: ESTIMATED_CARD_HEIGHT, overscan: 3, lanes, gap: GAP, scrollMargin });
  const { items } = virtualizer;
  const lastIndex = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= leads.length - 1 - lanes * 2) onLoadMore();
  }, [lastIndex, leads.length, hasNextPage, isFetchingNextPage, onLoadMore, lanes]);

  const now = useNow();
  const toggle = useCallback((id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    }), []);

  return (
    <div
      ref={listRef}
      role="feed"
      aria-label="Leads"
      aria-busy={busy || isFetchingNextPage}
      className="relative w-full"
      style={{ height: virtualizer.totalSize }}
    >
      {items.map((item) => {
        const lead = leads[item.index];
        const top = item.start;
        if (!lead) {
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              style={{ position: 'absolute', top: 0, ...laneBox(item.lane, lanes), transform: `translateY(${top}px)` }}
              className="flex justify-center py-6"
            >
              <Spinner label="Loading more leads" />
            </div>
          );
        }
        return (
          <Row
            key={item.key}
            lead={lead}
            index={item.index}
            total={total}
            start={top}
            lane={item.lane}
            lanes={lanes}
            meId={meId}
            now={now}
            expanded={expanded.has(lead.id)}
            onToggle={toggle}
            measure={virtualizer.measureElement}
          />
        );
      })}
    </div>
  );
}
