import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { Lead } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { PAST_READ_ONLY, readAsOf, useAsOf } from '../../../lib/as-of';
import { useCurrentUser } from '../../../lib/current-user';
import { ReadOnlyContext } from '../../../lib/read-only';
import { cx } from '../../../lib/cx';
import { leadKeys, leadListQuery, leadPoolQuery } from '../api/lead-queries';
import { DEFAULT_FILTERS, hasActiveFilters, poolQueryParams, readPoolState, type LeadFilters } from '../lead-filters';
import { usePoolState } from '../use-pool-state';
import { AddLeadDialog } from './add-lead-dialog';
import { LeadList } from './lead-list';
import { LeadTabs, TAB_PANEL_ID, tabId } from './lead-tabs';
import { PoolDistributionBar } from './pool-distribution-bar';
import { PoolSummary } from './pool-summary';
import { FILTER_PANEL_ID, PoolToolbar } from './pool-toolbar';

// The filter panel and the board (with the drag-and-drop library) load when first shown.
const loadFilterPanel = () => import('./filter-panel');
const loadPipeline = () => import('./pipeline-board');
// So do the empty and error panels: a pool that has leads never needs them.
const PoolEmpty = lazy(() => import('./pool-states').then((m) => ({ default: m.PoolEmpty })));
const PoolError = lazy(() => import('./pool-states').then((m) => ({ default: m.PoolError })));
const FilterPanel = lazy(() => loadFilterPanel().then((m) => ({ default: m.FilterPanel })));
const PipelineBoard = lazy(() => loadPipeline().then((m) => ({ default: m.PipelineBoard })));
// The time-travel scrubber loads when it is opened (or the address already asks for the past).
const loadScrubber = () => import('../../../components/time-travel/time-scrubber');
const TimeScrubber = lazy(() => loadScrubber().then((m) => ({ default: m.TimeScrubber })));
const prefetchScrubber = () => void loadScrubber();
const AsOfBanner = lazy(() => import('../../../components/time-travel/as-of-banner').then((m) => ({ default: m.AsOfBanner })));

const FILTERS_OPEN_KEY = 'leadfloor:pool-filters-open';
const SCRUBBER_ID = 'pool-time-travel';
function useFiltersOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(() => {
    try {
      return localStorage.getItem(FILTERS_OPEN_KEY) === '1';
    } catch {
      return false;
    }
  });
  const toggle = useCallback(() => setOpen((o) => {
    try {
      localStorage.setItem(FILTERS_OPEN_KEY, o ? '0' : '1');
    } catch {
      /* only the preference is lost */
    }
    return !o;
  }), []);
  return [open, toggle];
}

const Loading = ({ label }: { label: string }) => (
  <div className="flex min-h-48 items-center justify-center"><Spinner label={label} className="size-6" /></div>
);

/**
 * The pool's first page for the address being opened, started while the session is still
 * being checked (see preloadLikelyScreens) rather than once the page renders.
 */
export function prefetchLeadPool(queryClient: QueryClient, search: URLSearchParams): void {
  const { tab, sort, view, filters } = readPoolState(search);
  const asOf = readAsOf(search);
  if (view === 'list') void queryClient.prefetchInfiniteQuery(leadPoolQuery({ ...poolQueryParams(tab, sort, filters), ...(asOf ? { asOf } : {}) }));
}

/** Spec 2.6's Lead Pool: tabs, filters, counts, and the pool as a list or a pipeline. */
export function LeadPoolPage() {
  const [{ tab, sort, view, filters }, update] = usePoolState();
  const [filtersOpen, toggleFilters] = useFiltersOpen();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  // Time travel (?asOf=): the same screen over the pool as it was then, with no writes offered.
  const [asOf, setAsOf] = useAsOf();
  const [scrubbing, setScrubbing] = useState(false);
  const params = useMemo(() => ({ ...poolQueryParams(tab, sort, filters), ...(asOf ? { asOf } : {}) }), [tab, sort, filters, asOf]);

  // Spec 7: no retry. A first read that failed (the one started early, say) stays failed until
  // the Retry button, rather than being read again as the page mounts.
  const pool = useInfiniteQuery({ ...leadPoolQuery(params), enabled: view === 'list', retryOnMount: false });
  // The board's columns fetch their own pages; the header's counts come from one tiny read.
  const counts = useQuery({ ...leadListQuery({ ...params, limit: 1 }), enabled: view === 'pipeline', retryOnMount: false });
  const active = view === 'list' ? pool : counts;
  const first = view === 'list' ? pool.data?.pages[0] : counts.data;
  const failed = Boolean(active.error) && !first;
  const leads = useMemo(() => {
    const seen = new Set<number>();
    // Keyset pages can overlap when leads change between page reads; a lead shows once.
    return (pool.data?.pages ?? []).flatMap((p) => p.leads).filter((l: Lead) => !seen.has(l.id) && Boolean(seen.add(l.id)));
  }, [pool.data]);

  const changeFilters = (change: (f: LeadFilters) => LeadFilters) => update((s) => ({ ...s, filters: change(s.filters) }));
  const resetFilters = () => changeFilters(() => DEFAULT_FILTERS);
  const filtered = hasActiveFilters(filters);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: leadKeys.lists() });
  const addLead = <AddLeadDialog label="Add Lead" />;

  return (
    <ReadOnlyContext.Provider value={asOf ? PAST_READ_ONLY : null}>
      <PageHeader
        heading="Lead Pool"
        subheading="Browse, filter and claim leads from the shared pool"
        actions={
          <>
            <PoolToolbar
              filtersOpen={filtersOpen}
              onToggleFilters={toggleFilters}
              onPrefetchFilters={() => void loadFilterPanel()}
              refreshing={active.isFetching && !active.isPending}
              onRefresh={refresh}
              view={view}
              onViewChange={(v) => update((s) => ({ ...s, view: v }))}
              onPrefetchPipeline={() => void loadPipeline()}
              sort={sort}
              onSortChange={(next) => update((s) => ({ ...s, sort: next }))}
            />
            {/* In the past the banner carries the way back; the scrubber stays open. */}
            {!asOf && (
              <Button variant="secondary" aria-expanded={scrubbing} aria-controls={SCRUBBER_ID} onPointerEnter={prefetchScrubber} onFocus={prefetchScrubber}
                onClick={() => setScrubbing((s) => !s)}>
                <History aria-hidden />
                Time travel
              </Button>
            )}
            {addLead}
          </>
        }
      />
      <div className="flex flex-col gap-4">
        {asOf && <Suspense fallback={null}><AsOfBanner asOf={asOf} onBackToLive={() => setAsOf(null)} /></Suspense>}
        <div id={SCRUBBER_ID} hidden={!scrubbing && !asOf}>
          {(scrubbing || asOf) && (
            <Suspense fallback={<div className="flex justify-center py-4"><Spinner label="Loading time travel" /></div>}>
              <TimeScrubber asOf={asOf} onChange={setAsOf} />
            </Suspense>
          )}
        </div>
        <PoolDistributionBar role={user?.role} />
        <LeadTabs value={tab} onChange={(next) => update((s) => ({ ...s, tab: next }))} />
        <div id={FILTER_PANEL_ID} hidden={!filtersOpen}>
          {filtersOpen && (
            <Suspense fallback={<Loading label="Loading filters" />}>
              <FilterPanel filters={filters} onChange={changeFilters} />
            </Suspense>
          )}
        </div>
        <PoolSummary
          filters={filters}
          onFiltersChange={changeFilters}
          onClearAll={resetFilters}
          total={first?.total}
          typeCounts={first?.typeCounts}
          loading={active.isFetching}
          failed={failed}
        />
        <div
          id={TAB_PANEL_ID}
          role="tabpanel"
          aria-labelledby={tabId(tab)}
          className={cx('transition-opacity', active.isPlaceholderData && 'opacity-60')}
        >
          {failed ? (
            <Suspense fallback={<Loading label="Loading" />}>
              <PoolError onRetry={() => void active.refetch()} />
            </Suspense>
          ) : view === 'pipeline' ? (
            <Suspense fallback={<Loading label="Loading the pipeline" />}>
              <PipelineBoard params={params} stageFilter={filters.stageFilter} meId={user?.id} />
            </Suspense>
          ) : pool.isPending ? (
            <Loading label="Loading leads" />
          ) : leads.length === 0 ? (
            <Suspense fallback={<Loading label="Loading leads" />}>
              <PoolEmpty filtered={filtered} onResetFilters={resetFilters} addLead={addLead} />
            </Suspense>
          ) : (
            <LeadList
              leads={leads}
              total={first?.total ?? leads.length}
              meId={user?.id}
              hasNextPage={pool.hasNextPage}
              isFetchingNextPage={pool.isFetchingNextPage}
              onLoadMore={pool.fetchNextPage}
              busy={pool.isPlaceholderData}
            />
          )}
        </div>
      </div>
    </ReadOnlyContext.Provider>
  );
}
