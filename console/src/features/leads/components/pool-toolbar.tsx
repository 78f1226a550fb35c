import { Columns3, List, RefreshCw } from 'lucide-react';
import type { SortValue } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';
import type { PoolView } from '../lead-filters';
import { SortMenu } from './sort-menu';

type PoolToolbarProps = {
  filtersOpen: boolean;
  onToggleFilters: () => void;
  onPrefetchFilters: () => void;
  refreshing: boolean;
  onRefresh: () => void;
  view: PoolView;
  onViewChange: (view: PoolView) => void;
  onPrefetchPipeline: () => void;
  sort: SortValue;
  onSortChange: (sort: SortValue) => void;
};

export const FILTER_PANEL_ID = 'lead-filters';

/** Spec 2.6's header controls: Show/Hide Filters, Refresh, List/Pipeline and the sort menu. */
export function PoolToolbar(p: PoolToolbarProps) {
  const views = [
    { value: 'list', label: 'List', icon: List, prefetch: undefined },
    { value: 'pipeline', label: 'Pipeline', icon: Columns3, prefetch: p.onPrefetchPipeline },
  ] as const;
  return (
    <>
      <Button
        variant="secondary"
        aria-expanded={p.filtersOpen}
        aria-controls={FILTER_PANEL_ID}
        onPointerEnter={p.onPrefetchFilters}
        onFocus={p.onPrefetchFilters}
        onClick={p.onToggleFilters}
      >
        {p.filtersOpen ? 'Hide Filters' : 'Show Filters'}
      </Button>
      <Button variant="secondary" onClick={p.onRefresh} aria-label="Refresh" title="Refresh">
        <RefreshCw aria-hidden className={cx(p.refreshing && 'animate-spin')} />
        <span className="hidden lg:inline">Refresh</span>
      </Button>
      <div role="group" aria-label="View" className="flex rounded-lg border border-border bg-surface p-0.5 shadow-xs">
        {views.map(({ value, label, icon: Icon, prefetch }) => (
          <button
            key={value}
            type="button"
            aria-pressed={p.view === value}
            onPointerEnter={prefetch}
            onFocus={prefetch}
            onClick={() => p.onViewChange(value)}
            className={cx(
              'inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium transition-colors sm:px-3',
              p.view === value ? 'bg-primary-soft text-primary-soft-foreground' : 'text-muted hover:text-foreground',
            )}
          >
            <Icon aria-hidden className="size-4" />
            <span className="max-sm:sr-only">{label}</span>
          </button>
        ))}
      </div>
      <SortMenu value={p.sort} onChange={p.onSortChange} />
    </>
  );
}
