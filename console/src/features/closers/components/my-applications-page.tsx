import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { FileSearch, MessageSquare } from 'lucide-react';
import { ApplicationStatusSchema, type ApplicationStatus, type ApplicationSummary, type MyApplicationsResponse } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../lib/cx';
import { formatDate } from '../../../lib/format-date';
import { useNow } from '../../../lib/use-now';
import { myApplicationsQuery } from '../api/application-queries';
import { daysInStatus } from '../application-progress';
import { APPLICATION_STAGE_LABELS, APPLICATION_STAGE_TONES, applicationStage, isWithdrawable } from '../closer-labels';
import { ApplicationSteps } from './application-steps';
import { ClosersTabs } from './closers-tabs';
import { WithdrawDialog } from './withdraw-dialog';

const FILTERS: { value: ApplicationStatus | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  ...ApplicationStatusSchema.options.map((s) => ({ value: s, label: APPLICATION_STAGE_LABELS[s] })),
];
const countOf = (counts: MyApplicationsResponse['counts'] | undefined, status: ApplicationStatus | undefined) =>
  counts === undefined ? undefined : status === undefined ? counts.pending + counts.reviewing + counts.accepted + counts.rejected : counts[status];

function ApplicationCard({ application, now, onWithdraw }: { application: ApplicationSummary; now: Date; onWithdraw: () => void }) {
  const stage = applicationStage(application);
  return (
    <li aria-label={application.job.title} className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/applications/${application.id}`} className="font-semibold break-words text-foreground hover:underline">{application.job.title}</Link>
          <Badge tone={APPLICATION_STAGE_TONES[stage]}>{APPLICATION_STAGE_LABELS[stage]}</Badge>
        </div>
        <p className="mt-0.5 text-sm text-muted">{application.job.companyName} · applied {formatDate(application.createdAt)}</p>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          <span>{stage === 'pending' || stage === 'reviewing' ? `${APPLICATION_STAGE_LABELS[stage]} for ${daysInStatus(application.statusChangedAt, now).toLowerCase()}` : `Since ${formatDate(application.statusChangedAt)}`}</span>
          <span className="inline-flex items-center gap-1"><MessageSquare aria-hidden className="size-3.5" />{application.messageCount === 1 ? '1 message' : `${application.messageCount} messages`}</span>
        </p>
      </div>
      <div className="w-full sm:w-72"><ApplicationSteps stage={stage} /></div>
      <div className="flex shrink-0 gap-2 sm:w-40 sm:justify-end">
        <Link to={`/applications/${application.id}`} className={buttonClasses('secondary', 'sm')}>Open</Link>
        {isWithdrawable(application) && <Button variant="ghost" size="sm" onClick={onWithdraw}>Withdraw</Button>}
      </div>
    </li>
  );
}

/** /closers/my-applications: the jobs I applied to, newest first, with where each stands; withdraw one still open. */
export function MyApplicationsPage() {
  const [search, setSearch] = useSearchParams();
  const status = ApplicationStatusSchema.safeParse(search.get('status')).data;
  const applications = useInfiniteQuery({ ...myApplicationsQuery(status), placeholderData: keepPreviousData });
  const now = useNow();
  const [withdrawing, setWithdrawing] = useState<ApplicationSummary | null>(null);
  const list = useMemo(() => {
    const seen = new Set<number>();
    return (applications.data?.pages ?? []).flatMap((p) => p.applications).filter((a) => !seen.has(a.id) && Boolean(seen.add(a.id)));
  }, [applications.data]);
  const counts = applications.data?.pages[0]?.counts;
  const choose = (value: ApplicationStatus | undefined) => setSearch(value ? { status: value } : {}, { replace: true });

  return (
    <>
      <PageHeader heading="My Applications" subheading="The jobs you applied to, and where each one stands" />
      <ClosersTabs />
      <div role="group" aria-label="Application status" className="mb-4 grid grid-cols-3 gap-1 rounded-xl bg-surface-muted p-1 sm:inline-flex">
        {FILTERS.map((f) => {
          const n = countOf(counts, f.value);
          return (
            <button key={f.label} type="button" aria-pressed={f.value === status} onClick={() => choose(f.value)}
              className={cx('inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                f.value === status ? 'bg-surface text-foreground shadow-xs' : 'text-muted hover:text-foreground')}>
              {f.label}
              {n !== undefined && <span className="min-w-5 rounded-full bg-surface-muted px-1.5 text-center text-xs text-muted tabular-nums">{n}</span>}
            </button>
          );
        })}
      </div>
      <Card aria-label="Applications" className="overflow-hidden">
        {applications.isPending ? (
          <div className="p-5"><PanelLoading label="Loading your applications" rows={4} /></div>
        ) : applications.error && !applications.data ? (
          <div className="p-5"><PanelError error={applications.error} what="Your applications" onRetry={() => void applications.refetch()} /></div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center pb-6">
            <PanelEmpty icon={<FileSearch aria-hidden className="size-5" />}>
              {status ? `No applications ${APPLICATION_STAGE_LABELS[status].toLowerCase()}.` : 'You have not applied to a job yet. Find one on the job board.'}
            </PanelEmpty>
            {!status && <Link to="/closers" className={buttonClasses('secondary', 'sm')}>Browse jobs</Link>}
          </div>
        ) : (
          <>
            <ul className={cx('divide-y divide-border', applications.isPlaceholderData && 'opacity-60')}>
              {list.map((a) => <ApplicationCard key={a.id} application={a} now={now} onWithdraw={() => setWithdrawing(a)} />)}
            </ul>
            {applications.hasNextPage && (
              <div className="flex justify-center border-t border-border py-3">
                <Button variant="ghost" size="sm" disabled={applications.isFetchingNextPage} onClick={() => void applications.fetchNextPage()}>
                  {applications.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </Card>
      <WithdrawDialog application={withdrawing} onClose={() => setWithdrawing(null)} />
    </>
  );
}
