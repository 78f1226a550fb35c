import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { DashboardMetric, StatsExplain } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatCents } from '../../../lib/dollars';
import { formatDateTime } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { statExplainQuery } from '../api/stat-explain-query';

const WHAT: Record<DashboardMetric, { title: string; description: string; at: string }> = {
  monthlyRevenue: { title: 'Monthly Revenue', description: 'Your sales this month, not rejected: their amounts add up to the figure.', at: 'Sold' },
  activeLeadsCount: { title: 'Active Leads', description: 'The leads you hold as claimed, contacted or qualified.', at: 'Claimed' },
  callsThisWeek: { title: 'Calls This Week', description: 'The calls you logged since Monday.', at: 'Called' },
  conversionRate: { title: 'Conversion Rate', description: 'Your sold leads out of all the leads you hold.', at: 'Claimed' },
};

function Summary({ metric, first }: { metric: DashboardMetric; first: StatsExplain }) {
  if (metric === 'conversionRate') {
    return <><strong className="tabular-nums">{formatCount(first.numerator ?? 0)}</strong> sold of <strong className="tabular-nums">{formatCount(first.denominator ?? 0)}</strong> held: {first.figure}%</>;
  }
  if (metric === 'monthlyRevenue') return <><strong className="tabular-nums">{formatCount(first.total)}</strong> {first.total === 1 ? 'sale' : 'sales'}, <strong className="tabular-nums">{formatCents(Math.round(first.figure * 100))}</strong> in all</>;
  return <><strong className="tabular-nums">{formatCount(first.total)}</strong> {metric === 'callsThisWeek' ? (first.total === 1 ? 'call' : 'calls') : (first.total === 1 ? 'lead' : 'leads')}</>;
}

/** "Explain this number" for a stat card: the sales, leads or calls behind it, each linking to its lead or call. */
export function StatExplainDialog({ metric, onClose }: { metric: DashboardMetric | null; onClose: () => void }) {
  return (
    <Dialog open={metric !== null} onClose={onClose} title={metric ? `Behind ${WHAT[metric].title}` : ''} description={metric ? WHAT[metric].description : undefined}>
      {metric && <Rows metric={metric} />}
    </Dialog>
  );
}

function Rows({ metric }: { metric: DashboardMetric }) {
  const q = useInfiniteQuery(statExplainQuery(metric));
  if (q.isPending) return <PanelLoading label="Loading the rows behind the figure" rows={3} />;
  if (q.isError) return <PanelError error={q.error} what="The explanation" onRetry={() => void q.refetch()} />;
  const first = q.data.pages[0]!;
  const rows = q.data.pages.flatMap((p) => p.rows);
  if (rows.length === 0) return <PanelEmpty>Nothing makes up this figure yet.</PanelEmpty>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-foreground"><Summary metric={metric} first={first} /></p>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {rows.map((r) => (
          <li key={`${r.kind}-${r.id}`} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-3 py-2.5 text-sm">
            <Link to={r.kind === 'call' ? `/calls/${r.id}` : `/leads/${r.leadId}?from=dashboard`} className="min-w-0 truncate font-medium text-primary-soft-foreground hover:underline">
              {r.kind === 'call' ? `Call with ${r.leadName}` : r.leadName}
            </Link>
            <span className="text-right text-muted tabular-nums">
              {r.amountCents !== null ? formatCents(r.amountCents) : metric === 'conversionRate' ? (r.counted ? 'Sold' : r.status) : r.status}
            </span>
            <span className="col-span-2 text-xs text-muted">{WHAT[metric].at} {formatDateTime(r.at)}</span>
          </li>
        ))}
      </ul>
      {q.hasNextPage && (
        <Button variant="secondary" size="sm" className="self-center" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {q.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </div>
  );
}
