import { useEffect, useRef } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Lead } from '@leadfloor/contracts';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../lib/cx';
import { formatCount } from '../../../lib/format-number';
import { useReadOnly } from '../../../lib/read-only';
import { leadPoolQuery, type LeadListParams } from '../api/lead-queries';
import { STAGE_LABELS } from '../lead-labels';
import { PipelineCard } from './pipeline-card';

type PipelineColumnProps = {
  stage: Lead['stage'];
  /** The pool's parameters with this column's stage; null when the stage filter excludes it. */
  params: LeadListParams | null;
  meId: number | undefined;
};

const holderHint = (lead: Lead, meId: number | undefined) =>
  lead.claimedBy === null ? 'Claim this lead to move it' : lead.claimedBy === meId ? '' : `Only ${lead.claimedByName ?? 'its holder'} can move this lead`;

/**
 * One stage of the board (spec 2.6): count, drop hint, and its leads as a virtualized,
 * page-by-page list, so a column of 50,000 leads scrolls as lightly as one of five.
 */
export function PipelineColumn({ stage, params, meId }: PipelineColumnProps) {
  const label = STAGE_LABELS[stage];
  const readOnly = useReadOnly();
  const query = useInfiniteQuery({ ...leadPoolQuery(params ?? {}), enabled: params !== null });
  const leads = query.data?.pages.flatMap((p) => p.leads) ?? [];
  const total = params === null ? 0 : query.data?.pages[0]?.total;
  const { setNodeRef, isOver } = useDroppable({ id: `stage-${stage}`, data: { stage } });
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 96,
    gap: 8,
    // Five columns share the '≤ 60 mounted' budget: each keeps its visible cards plus two.
    overscan: 2,
    getItemKey: (i) => leads[i]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= leads.length - 3) void fetchNextPage();
  }, [lastIndex, leads.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section
      ref={setNodeRef}
      aria-label={`${label} stage`}
      className={cx(
        'flex w-72 shrink-0 flex-col rounded-xl border bg-surface-muted/60 p-2 transition-colors xl:w-auto xl:min-w-0',
        isOver ? 'border-primary bg-primary-soft/60' : 'border-border',
      )}
    >
      <header className="px-1.5 pt-1 pb-2">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold text-foreground">{label}</h2>
          <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-muted tabular-nums">
            {total === undefined ? '…' : formatCount(total)}
          </span>
        </div>
        <p className="mt-0.5 text-xs text-muted">Drop leads here to move to {label}</p>
      </header>
      <div ref={scroller} className="max-h-[min(calc(100dvh-20rem),44rem)] min-h-[200px] overflow-y-auto px-0.5 pb-0.5">
        {query.isPending && params !== null ? (
          <div className="flex h-[200px] items-center justify-center"><Spinner label={`Loading ${label} leads`} /></div>
        ) : leads.length === 0 ? (
          <p className="flex h-[200px] items-center justify-center px-4 text-center text-sm text-muted">No leads in {label} stage</p>
        ) : (
          <div role="list" aria-label={`${label} leads`} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const lead = leads[item.index]!;
              return (
                <div
                  key={item.key}
                  role="listitem"
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className="absolute top-0 left-0 w-full"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <PipelineCard lead={lead} movable={readOnly === null && lead.claimedBy !== null && lead.claimedBy === meId} holderHint={readOnly ?? holderHint(lead, meId)} />
                </div>
              );
            })}
          </div>
        )}
        {isFetchingNextPage && <div className="flex justify-center py-2"><Spinner label="Loading more leads" className="size-4" /></div>}
      </div>
    </section>
  );
}
