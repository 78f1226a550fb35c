import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { BriefcaseBusiness, Kanban, Plus } from 'lucide-react';
import { JobStatusSchema, type EmployerJob } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { useCurrentUser } from '../../../lib/current-user';
import { cx } from '../../../lib/cx';
import { formatDate } from '../../../lib/format-date';
import type { EmployerScope } from '../api/closer-keys';
import { employerJobsQuery } from '../api/job-queries';
import { APPLICATION_STAGE_LABELS, JOB_STATUS_LABELS, JOB_STATUS_TONES } from '../closer-labels';
import { ClosersTabs } from './closers-tabs';

function JobRow({ job, showOwner }: { job: EmployerJob; showOwner: boolean }) {
  const c = job.applicationCounts;
  const waiting = c.pending + c.reviewing;
  return (
    <li aria-label={job.title} className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:gap-6">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/closers/jobs/${job.id}`} className="font-semibold break-words text-foreground hover:underline">{job.title}</Link>
          <Badge tone={JOB_STATUS_TONES[job.status]}>{JOB_STATUS_LABELS[job.status]}</Badge>
        </div>
        <p className="mt-0.5 text-sm text-muted">
          {job.companyName}{showOwner ? ` · ${job.ownerName}` : ''} · {job.publishedAt ? `published ${formatDate(job.publishedAt)}` : `drafted ${formatDate(job.createdAt)}`}
        </p>
      </div>
      <ul aria-label="Applications by status" className="flex flex-wrap gap-1.5 text-xs">
        {(['pending', 'reviewing', 'accepted', 'rejected'] as const).map((s) => (
          <li key={s} className={cx('rounded-full px-2 py-0.5', c[s] > 0 ? 'bg-surface-muted text-foreground' : 'text-muted')}>
            {APPLICATION_STAGE_LABELS[s]} <span className="font-semibold tabular-nums">{c[s]}</span>
          </li>
        ))}
      </ul>
      <Link to={`/closers/manage-applications/${job.id}`} className={`${buttonClasses(waiting > 0 ? 'primary' : 'secondary', 'sm')} md:w-32`}>
        <Kanban aria-hidden />{waiting > 0 ? `Review ${waiting}` : 'Open board'}
      </Link>
    </li>
  );
}

/**
 * /closers/manage-applications: the jobs I posted (a manager may look at every job on the
 * floor), each with its applications per status and a way into its kanban.
 */
export function ManageApplicationsPage() {
  const { user } = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const manager = user?.role === 'manager';
  const scope: EmployerScope = manager && search.get('scope') === 'all' ? 'all' : 'mine';
  const status = JobStatusSchema.safeParse(search.get('status')).data;
  const jobs = useInfiniteQuery({ ...employerJobsQuery(scope, status), placeholderData: keepPreviousData });
  const list = useMemo(() => {
    const seen = new Set<number>();
    return (jobs.data?.pages ?? []).flatMap((p) => p.jobs).filter((j) => !seen.has(j.id) && Boolean(seen.add(j.id)));
  }, [jobs.data]);
  const set = (key: 'scope' | 'status', value: string | undefined) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    }, { replace: true });

  return (
    <>
      <PageHeader heading="Manage Applications" subheading={scope === 'all' ? 'Every job on the floor, with its applications' : 'The jobs you posted, with their applications'}
        actions={<Link to="/closers/jobs/new" className={buttonClasses()}><Plus aria-hidden />Post a job</Link>} />
      <ClosersTabs />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        {manager && (
          <div role="group" aria-label="Whose jobs" className="inline-flex rounded-lg border border-border p-0.5">
            {(['mine', 'all'] as const).map((s) => (
              <button key={s} type="button" aria-pressed={scope === s} onClick={() => set('scope', s === 'all' ? 'all' : undefined)}
                className={cx('rounded-md px-3 py-1 text-sm font-medium', scope === s ? 'bg-surface-muted text-foreground' : 'text-muted hover:text-foreground')}>
                {s === 'mine' ? 'My jobs' : 'All jobs'}
              </button>
            ))}
          </div>
        )}
        <label className="sr-only" htmlFor="employer-job-status">Job status</label>
        <Select id="employer-job-status" className="h-9 w-44" value={status ?? ''} onChange={(e) => set('status', e.target.value || undefined)}>
          <option value="">Every status</option>
          {JobStatusSchema.options.map((s) => <option key={s} value={s}>{JOB_STATUS_LABELS[s]}</option>)}
        </Select>
      </div>
      <Card aria-label="Jobs" className="overflow-hidden">
        {jobs.isPending ? (
          <div className="p-5"><PanelLoading label="Loading your jobs" rows={4} /></div>
        ) : jobs.error && !jobs.data ? (
          <div className="p-5"><PanelError error={jobs.error} what="Your jobs" onRetry={() => void jobs.refetch()} /></div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center pb-6">
            <PanelEmpty icon={<BriefcaseBusiness aria-hidden className="size-5" />}>
              {status ? `No ${JOB_STATUS_LABELS[status].toLowerCase()} jobs.` : scope === 'all' ? 'No jobs on the floor yet.' : 'You have not posted a job yet. Post one, and the applications to it are managed here.'}
            </PanelEmpty>
            {!status && <Link to="/closers/jobs/new" className={buttonClasses('secondary', 'sm')}>Post a job</Link>}
          </div>
        ) : (
          <>
            <ul className={cx('divide-y divide-border', jobs.isPlaceholderData && 'opacity-60')}>
              {list.map((job) => <JobRow key={job.id} job={job} showOwner={scope === 'all'} />)}
            </ul>
            {jobs.hasNextPage && (
              <div className="flex justify-center border-t border-border py-3">
                <Button variant="ghost" size="sm" disabled={jobs.isFetchingNextPage} onClick={() => void jobs.fetchNextPage()}>
                  {jobs.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </Card>
    </>
  );
}
