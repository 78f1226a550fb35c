import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { TrendingUp } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/current-user';
import { formatCents } from '../../../lib/dollars';
import { isoDay } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { funnelAnalyticsQuery } from '../api/analytics-queries';
import { useAnalyticsFilters } from '../use-analytics-filters';
import { AnalyticsFilterBar } from './analytics-filter-bar';
import { BarChart, CHART_COLORS } from './bar-chart';
import { ChartCard } from './chart-card';
import { ExplainProvider, Figure, useExplain } from './explain-context';
import { FigureTile } from './figure-tile';
import { campaignLabel, FunnelTable, funnelSourceLabel } from './funnel-table';
import { MarketingFunnelsCard } from './marketing-funnels-card';

/**
 * /funnel-analytics: the marketing funnels per funnel, step and variant (GET /api/funnel-analytics),
 * then the sales funnel by lead source and campaign (GET /api/analytics/funnel), with revenue,
 * and a cost per sold lead only where a funnel or ad platform recorded what the leads cost.
 */
export function FunnelAnalyticsPage() {
  const { user } = useCurrentUser();
  const { state, filters, setState } = useAnalyticsFilters();
  const q = useInfiniteQuery(funnelAnalyticsQuery(filters));
  const first = q.data?.pages[0];
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <ExplainProvider>
      <PageHeader
        heading="Funnel Analytics"
        subheading="Leads, sales and revenue by source and campaign"
        backTo="/analytics" backLabel="Analytics Hub"
        actions={<Link to="/lead-analytics" className={buttonClasses('secondary')}><TrendingUp aria-hidden />Lead analytics</Link>}
      />
      <AnalyticsFilterBar state={state} onChange={setState} showTeams={user?.role === 'manager'} showSource={false} />
      <div className="mb-6">
        <MarketingFunnelsCard params={filters.from ? { from: isoDay(new Date(filters.from)) } : {}} />
      </div>
      {q.isPending ? (
        <Card><CardContent><PanelLoading label="Loading funnel analytics" rows={5} /></CardContent></Card>
      ) : q.isError || !first ? (
        <Card><CardContent><PanelError error={q.error} what="Funnel analytics" onRetry={() => void q.refetch()} /></CardContent></Card>
      ) : first.totals.leads === 0 ? (
        <Card><CardContent><PanelEmpty>No leads match these filters. Try a longer period or fewer filters.</PanelEmpty></CardContent></Card>
      ) : (
        <div className="flex flex-col gap-6">
          <section aria-labelledby="funnel-figures-title">
            <h2 id="funnel-figures-title" className="sr-only">Totals</h2>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <FigureTile label="Leads" value={<Figure value={formatCount(first.totals.leads)} title="Leads" request={{ ...filters, figure: 'created' }} />} />
              <FigureTile label="Sold" value={<Figure value={formatCount(first.totals.sold)} title="Sold leads" request={{ ...filters, figure: 'sold' }} />}
                note={`${formatCount(first.totals.lost)} lost`} />
              <FigureTile label="Revenue" value={formatCents(first.totals.revenueCents)} note="of the sold leads" />
              <FigureTile label="Cost per sold lead" value={first.totals.costPerSoldCents === null ? 'Not known' : formatCents(first.totals.costPerSoldCents)}
                note={first.totals.spendCents === null ? 'No spend recorded yet' : `${formatCents(first.totals.spendCents)} spent`} />
            </dl>
          </section>
          <FunnelChartCard rows={rows} filters={filters}>
            {q.hasNextPage && (
              <Button variant="secondary" size="sm" className="mt-3" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
                {q.isFetchingNextPage ? 'Loading…' : 'Show more sources'}
              </Button>
            )}
          </FunnelChartCard>
          <p className="text-sm text-muted">
            Campaigns and ad spend come from marketing funnels and ad platforms. Until one records what its leads cost,
            the cost per sold lead reads &ldquo;Not known&rdquo;: LeadFloor never estimates it.
          </p>
        </div>
      )}
    </ExplainProvider>
  );
}

function FunnelChartCard({ rows, filters, children }: { rows: Parameters<typeof FunnelTable>[0]['rows']; filters: Parameters<typeof FunnelTable>[0]['filters']; children?: ReactNode }) {
  const explain = useExplain();
  const chartRows = rows.map((r) => ({ ...r, name: r.campaignId ? `${funnelSourceLabel(r.funnelSource)} · ${campaignLabel(r.campaignId)}` : funnelSourceLabel(r.funnelSource) }));
  return (
    <ChartCard
      title="Sales funnel by source"
      description="Leads and sold leads of each source and campaign"
      chart={<>
        <BarChart rows={chartRows} category="name" describe="Leads and sold leads by source" format={formatCount} height={Math.max(200, chartRows.length * 48)} layout="bars"
          series={[{ key: 'leads', label: 'Leads', color: CHART_COLORS.primary }, { key: 'sold', label: 'Sold', color: CHART_COLORS.success }]}
          onSelect={(r, s) => explain({ title: `${r.name}: ${s.label.toLowerCase()}`, request: { ...filters, funnelSource: r.funnelSource ?? 'none', campaign: r.campaignId ?? 'none', figure: s.key === 'sold' ? 'sold' : 'created' } })} />
        {children}
      </>}
      table={<><FunnelTable rows={rows} filters={filters} />{children}</>}
    />
  );
}
