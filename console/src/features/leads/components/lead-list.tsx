import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Lead } from '@leadfloor/contracts';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../lib/cx';
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

const ESTIMATED_ROW_HEIGHT = 150;
const GAP = 16;

type FeedCardProps = {
  lead: Lead; index: number; total: number; meId: number | undefined; now: Date;
  expanded: boolean; onToggle: (id: number) => void;
};

/**
 * One card. Memoised on plain values, so scrolling re-renders only the rows that arrive,
 * never the ones already on screen.
 */
const FeedCard = memo(function FeedCard({ lead, index, total, meId, now, expanded, onToggle }: FeedCardProps) {
  return (
    <LeadCard
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

/** A row's key: the leads it holds, so a new sort or filter measures its rows afresh. */
const rowKey = (leads: Lead[], row: number, columns: number) =>
  leads.slice(row * columns, row * columns + columns).map((l) => l.id).join('-');

/**
 * The pool as a virtualized feed: only the rows near the viewport are mounted (a dozen or
 * two, whatever the pool's size), rows are measured as they render and expand, and the next
 * keyset page loads as the end comes into view. Two columns on wide screens, filled row by
 * row, so reading left to right then down follows the sort; a row is as tall as its taller card.
 */
export function LeadList({ leads, total, meId, hasNextPage, isFetchingNextPage, onLoadMore, busy }: LeadListProps) {
  const wide = useMediaQuery('(min-width: 1280px)');
  const columns = wide ? 2 : 1;
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

  const rows = Math.ceil(leads.length / columns);
  const keys = useMemo(
    () => [...Array.from({ length: rows }, (_, row) => rowKey(leads, row, columns)), ...(hasNextPage ? ['more'] : [])],
    [leads, rows, columns, hasNextPage],
  );
  // About three cards beyond each edge of the screen, whatever a row holds.
  const overscan = Math.ceil(3 / columns);
  const virtualizer = useWindowVirtualizer({ keys, estimateSize: ESTIMATED_ROW_HEIGHT, overscan, gap: GAP, sizeEpoch: columns, scrollMargin });
  const { items } = virtualizer;
  const lastIndex = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows - 3) onLoadMore();
  }, [lastIndex, rows, hasNextPage, isFetchingNextPage, onLoadMore]);

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
        const place = { position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` } as const;
        if (item.index >= rows) {
          return (
            <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} style={place} className="flex justify-center py-6">
              <Spinner label="Loading more leads" />
            </div>
          );
        }
        const first = item.index * columns;
        const row = leads.slice(first, first + columns);
        // Cards of a row match heights, unless one is expanded: its neighbour keeps its own.
        const opened = row.some((lead) => expanded.has(lead.id));
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            style={{ ...place, gap: GAP }}
            className={cx('grid', wide && 'grid-cols-2', opened && 'items-start')}
          >
            {row.map((lead, i) => (
              <FeedCard
                key={lead.id}
                lead={lead}
                index={first + i}
                total={total}
                meId={meId}
                now={now}
                expanded={expanded.has(lead.id)}
                onToggle={toggle}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
}
