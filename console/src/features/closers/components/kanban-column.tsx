import { useDroppable } from '@dnd-kit/core';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ApplicationStatus, ApplicationSummary } from '@leadfloor/contracts';
import { PanelError } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../lib/cx';
import { APPLICATION_STAGE_LABELS } from '../closer-labels';
import type { ColumnPages } from '../kanban-cache';
import { KanbanCard } from './kanban-card';

const EMPTY: Record<ApplicationStatus, string> = {
  pending: 'No new applications waiting.',
  reviewing: 'Nothing in review. Drag an application here to start reviewing it.',
  accepted: 'No one accepted yet.',
  rejected: 'No one rejected or withdrawn.',
};

type KanbanColumnProps = {
  status: ApplicationStatus;
  /** This column's pages (the board reads all four, for their counts). */
  query: UseInfiniteQueryResult<ColumnPages>;
  count: number | undefined;
  now: Date;
  onMove: (application: ApplicationSummary, to: ApplicationStatus) => void;
};

/** One status of a job's applications, longest waiting first, a page at a time; a drop target. */
export function KanbanColumn({ status, query, count, now, onMove }: KanbanColumnProps) {
  const label = APPLICATION_STAGE_LABELS[status];
  const { setNodeRef, isOver } = useDroppable({ id: `status-${status}`, data: { status } });
  const cards = query.data?.pages.flatMap((p) => p.applications) ?? [];
  return (
    <section ref={setNodeRef} aria-label={`${label} column`}
      className={cx('flex w-72 shrink-0 flex-col rounded-xl border bg-surface-muted/60 p-2 transition-colors lg:w-auto lg:min-w-0',
        isOver ? 'border-primary bg-primary-soft/60' : 'border-border')}>
      <header className="flex items-center justify-between gap-2 px-1.5 pt-1 pb-2">
        <h2 className="text-sm font-semibold text-foreground">{label}</h2>
        <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-muted tabular-nums">{count ?? '…'}</span>
      </header>
      <div className="max-h-[min(calc(100dvh-18rem),44rem)] min-h-[200px] overflow-y-auto px-0.5 pb-0.5">
        {query.isPending ? (
          <div className="flex h-[200px] items-center justify-center"><Spinner label={`Loading ${label} applications`} /></div>
        ) : query.error && !query.data ? (
          <PanelError error={query.error} what={`${label} applications`} onRetry={() => void query.refetch()} />
        ) : cards.length === 0 ? (
          <p className="flex h-[200px] items-center justify-center px-4 text-center text-sm text-muted">{EMPTY[status]}</p>
        ) : (
          <ul aria-label={`${label} applications`} className="flex flex-col gap-2">
            {cards.map((a) => <KanbanCard key={a.id} application={a} now={now} onMove={(to) => onMove(a, to)} />)}
          </ul>
        )}
        {query.hasNextPage && (
          <div className="flex justify-center pt-2">
            <Button variant="ghost" size="sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
