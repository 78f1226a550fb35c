import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Workflow } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/current-user';
import { formatCents } from '../../../lib/dollars';
import { formatCount, formatPercent } from '../../../lib/format-number';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { leadAnalyticsQuery } from '../api/analytics-queries';
import { sourceLabel } from '../analytics-filters';
import { durationLabel } from '../duration-label';
import { useAnalyticsFilters } from '../use-analytics-filters';
import { AgentTableCard } from './agent-table-card';
import { AnalyticsFilterBar } from './analytics-filter-bar';
import { CohortCard } from './cohort-card';
import { ExplainProvider, Figure } from './explain-context';
import { FigureTile } from './figure-tile';
import { LeadFunnelCard } from './lead-funnel-card';
import { StageTimesCard } from './stage-times-card';
import { WinRateCard } from './win-rate-card';

const SUBHEADINGS = { floor: 'How the floor\'s leads convert', teams: 'How your teams\' leads convert', own: 'How your leads convert' };

/**
 * /lead-analytics (GET /api/analytics/leads and /agents): the status funnel, win rates, speed
 * to claim and contact, time in each stage, cohorts by created week and the agents. Every
 * figure opens the leads behind it.
 */
export function LeadAnalyticsPage() {
  const { user } = useCurrentUser();
  const { state, filters, setState } = useAnalyticsFilters();
  const q = useQuery(leadAnalyticsQuery(filters));
  const data = q.data;
  const closed = data ? data.funnel[4]!.count + data.lost : 0;
  return (
    <ExplainProvider>
      <PageHeader
        heading="Lead Analytics"
        subheading={data ? SUBHEADINGS[data.scope] : 'How leads convert'}
        backTo="/analytics" backLabel="Analytics Hub"
        actions={<Link to="/funnel-analytics" className={buttonClasses('secondary')}><Workflow aria-hidden />Funnel analytics</Link>}
      />
      <AnalyticsFilterBar state={state} onChange={setState} showTeams={user?.role === 'manager'} />
      {q.isPending ? (
        <Card><CardContent><PanelLoading label="Loading lead analytics" rows={5} /></CardContent></Card>
      ) : q.isError || !data ? (
        <Card><CardContent><PanelError error={q.error} what="Lead analytics" onRetry={() => void q.refetch()} /></CardContent></Card>
      ) : data.funnel[0]!.count === 0 ? (
        <Card><CardContent><PanelEmpty>No leads match these filters. Try a longer period or fewer filters.</PanelEmpty></CardContent></Card>
      ) : (
        <div className="flex flex-col gap-6">
          <section aria-labelledby="lead-figures-title">
            <h2 id="lead-figures-title" className="sr-only">Key figures</h2>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
              <FigureTile label="Leads created" value={<Figure value={formatCount(data.funnel[0]!.count)} title="Leads created" request={{ ...filters, figure: 'created' }} />}
                note={`${formatCount(data.funnel[1]!.count)} claimed`} />
              <FigureTile label="Win rate" value={closed === 0 ? '—' : formatPercent(Math.round((data.funnel[4]!.count / closed) * 1000) / 10)}
                note={<>{<Figure value={formatCount(data.funnel[4]!.count)} title="Sold leads" request={{ ...filters, figure: 'sold' }} />} sold, {<Figure value={formatCount(data.lost)} title="Lost leads" request={{ ...filters, figure: 'lost' }} />} lost</>} />
              <FigureTile label="Revenue" value={<Figure value={formatCents(data.revenueCents)} title="Revenue of the sold leads" request={{ ...filters, figure: 'sold' }} />} note="of the sold leads" />
              <FigureTile label="Time to claim" value={<Figure value={durationLabel(data.timeToClaim.medianSeconds)} title="Time from creation to first claim" request={{ ...filters, figure: 'timeToClaim' }} />}
                note={`median · p90 ${durationLabel(data.timeToClaim.p90Seconds)}`} />
              <FigureTile label="Time to first contact" value={<Figure value={durationLabel(data.timeToFirstContact.medianSeconds)} title="Time from creation to first contact" request={{ ...filters, figure: 'timeToFirstContact' }} />}
                note={`median · p90 ${durationLabel(data.timeToFirstContact.p90Seconds)}`} />
            </dl>
          </section>
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
            <LeadFunnelCard data={data} filters={filters} />
            <StageTimesCard data={data} filters={filters} />
            <WinRateCard title="Win rate by source" filters={filters}
              rows={data.winRateBySource.map((r) => ({ ...r, label: sourceLabel(r.source), filter: { source: r.source ?? 'none' } }))} />
            <WinRateCard title="Win rate by lead type" filters={filters}
              rows={data.winRateByType.map((r) => ({ ...r, label: LEAD_TYPE_LABELS[r.leadType], filter: { leadType: r.leadType } }))} />
          </div>
          <CohortCard data={data} filters={filters} />
          <AgentTableCard filters={filters} />
        </div>
      )}
    </ExplainProvider>
  );
}
