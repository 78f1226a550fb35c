import type { ReactNode } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRight, DollarSign, PhoneCall, TrendingUp, Workflow, type LucideIcon } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card';
import { formatCents } from '../../../lib/dollars';
import { formatCount, formatPercent } from '../../../lib/format-number';
import { callSummaryQuery, commissionsQuery, funnelAnalyticsQuery, leadAnalyticsQuery } from '../api/analytics-queries';
import { toApiFilters } from '../analytics-filters';
import { funnelSourceLabel } from './funnel-table';
import { durationLabel } from '../duration-label';

/** The hub's lead and funnel figures cover the last 30 days; each area's page offers other periods. */
const HUB_STATE = { range: '30d', teamId: null, leadType: null, source: null } as const;

type Fig = { label: string; value: string };

function AreaCard({ title, description, icon: Icon, to, link, query, figures }: {
  title: string; description: string; icon: LucideIcon; to: string; link: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }; figures: Fig[] | null | undefined;
}) {
  const id = `hub-${to.slice(1)}`;
  return (
    <Card aria-labelledby={id}>
      <CardHeader titleId={id} title={title} description={description}
        action={<span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground"><Icon aria-hidden className="size-5" /></span>} />
      <CardContent>
        {query.isPending ? <PanelLoading label={`Loading ${title.toLowerCase()}`} rows={2} />
          : query.isError || !figures ? <PanelError error={query.error} what={title} onRetry={() => void query.refetch()} />
          : (
            <dl className="@container grid grid-cols-3 gap-3">
              {figures.map((f) => (
                <div key={f.label} className="min-w-0">
                  <dt className="text-xs text-muted">{f.label}</dt>
                  <dd className="mt-0.5 text-sm font-semibold tracking-tight whitespace-nowrap text-foreground tabular-nums @min-[20rem]:text-lg @min-[26rem]:text-xl">{f.value}</dd>
                </div>
              ))}
            </dl>
          )}
      </CardContent>
      <CardFooter>
        <Link to={to} className="inline-flex items-center gap-1 font-medium text-primary-soft-foreground hover:underline">
          {link} <ArrowRight aria-hidden className="size-3.5" />
        </Link>
      </CardFooter>
    </Card>
  );
}

const orDash = (v: number | null, f: (n: number) => string): string => (v === null ? '—' : f(v));

/** /analytics: the key figures of each analytics area, each card leading to its page. */
export function AnalyticsHubPage() {
  const filters = toApiFilters(HUB_STATE, new Date(new Date().toDateString()));
  const leads = useQuery(leadAnalyticsQuery(filters));
  const funnel = useInfiniteQuery(funnelAnalyticsQuery(filters));
  const calls = useQuery(callSummaryQuery);
  const commissions = useQuery(commissionsQuery);
  const l = leads.data;
  const closed = l ? l.funnel[4]!.count + l.lost : 0;
  const f = funnel.data?.pages[0];
  const topSource = f?.rows.reduce<(typeof f.rows)[number] | null>((best, r) => (!best || r.sold > best.sold ? r : best), null);
  const c = commissions.data?.totals;
  const cards: ReactNode[] = [
    <AreaCard key="leads" title="Lead analytics" description="Leads created in the last 30 days" icon={TrendingUp} to="/lead-analytics" link="Open lead analytics" query={leads}
      figures={l && [
        { label: 'Leads', value: formatCount(l.funnel[0]!.count) },
        { label: 'Win rate', value: closed === 0 ? '—' : formatPercent(Math.round((l.funnel[4]!.count / closed) * 1000) / 10) },
        { label: 'To first contact', value: durationLabel(l.timeToFirstContact.medianSeconds) },
      ]} />,
    <AreaCard key="calls" title="Call analytics" description="Every call you can see, analysed" icon={PhoneCall} to="/call-analytics" link="Open call analytics" query={calls}
      figures={calls.data && [
        { label: 'Calls', value: formatCount(calls.data.calls) },
        { label: 'Avg. sentiment', value: orDash(calls.data.averageSentimentScore, (n) => n.toFixed(1)) },
        { label: 'Script adherence', value: orDash(calls.data.averageScriptAdherence, (n) => `${n}%`) },
      ]} />,
    <AreaCard key="funnel" title="Funnel analytics" description="Sources of the last 30 days' leads" icon={Workflow} to="/funnel-analytics" link="Open funnel analytics" query={funnel}
      figures={f && [
        { label: 'Sold', value: formatCount(f.totals.sold) },
        { label: 'Revenue', value: formatCents(f.totals.revenueCents) },
        { label: 'Top funnel source', value: topSource && topSource.sold > 0 ? funnelSourceLabel(topSource.funnelSource) : '—' },
      ]} />,
    <AreaCard key="commissions" title="Commissions" description="All time, by status" icon={DollarSign} to="/commissions" link="Open commissions" query={commissions}
      figures={c && [
        { label: 'Pending', value: formatCents(c.pending.commissionCents) },
        { label: 'Approved', value: formatCents(c.approved.commissionCents) },
        { label: 'Paid', value: formatCents(c.paid.commissionCents) },
      ]} />,
  ];
  return (
    <>
      <PageHeader heading="Analytics Hub" subheading="Leads, calls, funnels and commissions at a glance" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">{cards}</div>
    </>
  );
}
