import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BriefcaseBusiness, Plus } from 'lucide-react';
import type { EmployerDashboard } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatPercent } from '../../../lib/format-number';
import { employerDashboardQuery } from '../api/job-queries';
import { formatWait } from '../employer-figures';
import { ClosersTabs } from './closers-tabs';

// The chart library comes only with the charts: someone who has posted no job never downloads it.
const EmployerCharts = lazy(() => import('./employer-charts').then((m) => ({ default: m.EmployerCharts })));

function Tile({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Card className="h-full px-4 py-4 sm:px-5">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-foreground tabular-nums">{value}</p>
      <p className="mt-0.5 text-xs text-muted">{note}</p>
    </Card>
  );
}

function Figures({ dashboard: d }: { dashboard: EmployerDashboard }) {
  return (
    <ul aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <li><Tile label="Open jobs" value={formatCount(d.openJobs)} note={`${d.jobsByStatus.draft} draft, ${d.jobsByStatus.filled} filled`} /></li>
      <li><Tile label="Applications" value={formatCount(d.totalApplications)} note={`${d.applicationsByStatus.pending + d.applicationsByStatus.reviewing} waiting for a decision`} /></li>
      <li>
        <Tile label="Median time to first response" value={d.medianFirstResponseSeconds === null ? '—' : formatWait(d.medianFirstResponseSeconds)}
          note={d.respondedCount === 0 ? 'No application answered yet' : `Over ${d.respondedCount} answered application${d.respondedCount === 1 ? '' : 's'}`} />
      </li>
      <li>
        <Tile label="Acceptance rate" value={d.acceptanceRate === null ? '—' : formatPercent(d.acceptanceRate)}
          note={d.decidedCount === 0 ? 'No decisions yet' : `${d.applicationsByStatus.accepted} accepted of ${d.decidedCount} decided`} />
      </li>
    </ul>
  );
}

function BusiestJobs({ dashboard }: { dashboard: EmployerDashboard }) {
  return (
    <Card aria-labelledby="busiest-title">
      <CardHeader titleId="busiest-title" title="Waiting for you" description="Open jobs with the most applications pending or in review" />
      <CardContent>
        {dashboard.busiestJobs.length === 0 ? (
          <PanelEmpty>No open job has applications waiting.</PanelEmpty>
        ) : (
          <table className="w-full text-sm">
            <thead className="border-b border-border text-xs text-muted uppercase">
              <tr><th scope="col" className="py-2 text-left font-medium">Job</th><th scope="col" className="py-2 pl-3 text-right font-medium">Waiting</th><th scope="col" className="py-2 pl-3 text-right font-medium">In all</th></tr>
            </thead>
            <tbody className="divide-y divide-border">
              {dashboard.busiestJobs.map((j) => (
                <tr key={j.jobId}>
                  <th scope="row" className="py-2 pr-3 text-left font-medium break-words">
                    <Link to={`/closers/manage-applications/${j.jobId}`} className="text-foreground hover:underline">{j.title}</Link>
                  </th>
                  <td className="py-2 text-right font-semibold tabular-nums">{j.waiting}</td>
                  <td className="py-2 text-right text-muted tabular-nums">{j.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /employer-dashboard: how hiring goes on the jobs I posted. "Employer" is a capability: someone
 * who owns no job sees how to become one (issue 14), never empty charts.
 */
export function EmployerDashboardPage() {
  const dashboard = useQuery(employerDashboardQuery);
  const d = dashboard.data;
  return (
    <>
      <PageHeader heading="Employer Dashboard" subheading="Your jobs and how their applications are going"
        actions={d?.isEmployer && <Link to="/closers/jobs/new" className={buttonClasses()}><Plus aria-hidden />Post a job</Link>} />
      <ClosersTabs />
      {dashboard.isPending ? (
        <Card><CardContent><PanelLoading label="Loading your figures" rows={4} /></CardContent></Card>
      ) : dashboard.error || !d ? (
        <Card><CardContent><PanelError error={dashboard.error} what="Your figures" onRetry={() => void dashboard.refetch()} /></CardContent></Card>
      ) : !d.isEmployer ? (
        <Card className="flex flex-col items-center px-6 py-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground"><BriefcaseBusiness aria-hidden className="size-6" /></span>
          <h2 className="mt-4 text-lg font-semibold text-foreground">You have not posted a job yet</h2>
          <p className="mt-1 max-w-md text-sm text-muted">
            Post a job for closers on the floor. Once it has applications, this page shows your open jobs, applications by status,
            how fast you answer and how many you accept.
          </p>
          <Link to="/closers/jobs/new" className={`${buttonClasses()} mt-5`}><Plus aria-hidden />Post a job</Link>
        </Card>
      ) : (
        <div className="flex flex-col gap-6">
          <Figures dashboard={d} />
          <Suspense fallback={<Card className="flex h-72 items-center justify-center"><Spinner label="Loading the charts" /></Card>}>
            <EmployerCharts dashboard={d} />
          </Suspense>
          <BusiestJobs dashboard={d} />
        </div>
      )}
    </>
  );
}
