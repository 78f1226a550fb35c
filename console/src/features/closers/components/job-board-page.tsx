import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { BriefcaseBusiness, Plus } from 'lucide-react';
import type { JobSummary } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatCount } from '../../../lib/format-number';
import { useNow } from '../../../lib/use-now';
import { jobBoardQuery } from '../api/job-queries';
import { DEFAULT_JOB_FILTERS, hasActiveJobFilters, jobBoardParams, readJobFilters, writeJobFilters, type JobFilters } from '../job-filters';
import { ClosersTabs } from './closers-tabs';
import { JobCard } from './job-card';
import { JobFilterBar } from './job-filter-bar';

/**
 * /closers: the job board. Open jobs filtered and ordered on the server (newest, or by what a
 * close pays), a keyset page at a time; the filters live in the address bar.
 */
export function JobBoardPage() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => readJobFilters(search), [search]);
  // Built on the address as it is now: two filters committed in one tick (a search and a floor typed
  // quickly) both land; the router's own `current` would still be the one before the first.
  const update = useCallback(
    (change: (f: JobFilters) => JobFilters) =>
      setSearch(writeJobFilters(change(readJobFilters(new URLSearchParams(window.location.search)))), { replace: true }),
    [setSearch],
  );
  const jobs = useInfiniteQuery({ ...jobBoardQuery(jobBoardParams(filters)), placeholderData: keepPreviousData });
  const now = useNow();
  const list = useMemo(() => {
    const seen = new Set<number>();
    // Keyset pages can overlap when a job is published between two reads: a job shows once.
    return (jobs.data?.pages ?? []).flatMap((p) => p.jobs).filter((j: JobSummary) => !seen.has(j.id) && Boolean(seen.add(j.id)));
  }, [jobs.data]);
  const total = jobs.data?.pages[0]?.total;
  const filtered = hasActiveJobFilters(filters);

  return (
    <>
      <PageHeader
        heading="Closers Hub"
        subheading="Sales jobs looking for closers: what you would sell, and what each close pays"
        actions={<Link to="/closers/jobs/new" className={buttonClasses()}><Plus aria-hidden />Post a job</Link>}
      />
      <ClosersTabs />
      <JobFilterBar filters={filters} onChange={update} />
      {jobs.isPending ? (
        <Card className="p-5"><PanelLoading label="Loading jobs" rows={4} /></Card>
      ) : jobs.error && !jobs.data ? (
        <Card className="p-5"><PanelError error={jobs.error} what="Jobs" onRetry={() => void jobs.refetch()} /></Card>
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center pb-6">
          <PanelEmpty icon={<BriefcaseBusiness aria-hidden className="size-5" />}>
            {filtered ? 'No open jobs match these filters.' : 'No open jobs yet. Post one, and closers on the floor can apply.'}
          </PanelEmpty>
          {filtered
            ? <Button variant="secondary" size="sm" onClick={() => update((f) => ({ ...DEFAULT_JOB_FILTERS, sort: f.sort }))}>Clear filters</Button>
            : <Link to="/closers/jobs/new" className={buttonClasses('secondary', 'sm')}>Post a job</Link>}
        </Card>
      ) : (
        <>
          <p aria-live="polite" className="mb-3 text-sm text-muted">
            {total === 1 ? '1 open job' : `${formatCount(total ?? list.length)} open jobs`}{filtered ? ' match' : ''}
          </p>
          <ul aria-label="Jobs" className={`grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3 ${jobs.isPlaceholderData ? 'opacity-60' : ''}`}>
            {list.map((job) => <JobCard key={job.id} job={job} now={now} />)}
          </ul>
          {jobs.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" disabled={jobs.isFetchingNextPage} onClick={() => void jobs.fetchNextPage()}>
                {jobs.isFetchingNextPage ? 'Loading...' : 'Load more jobs'}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}
