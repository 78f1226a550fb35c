import type { AnalyticsFilters, FunnelAnalytics, FunnelRow } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { countedCells } from './analytics-cells';
import type { AnalyticsScope } from './analytics-scope';

type Row = {
  funnel_source: string | null; campaign: string | null; leads: string; claimed: string; contacted: string; qualified: string;
  sold: string; lost: string; revenue: string; spend: string | null;
};

/** A row's place in the list: funnel source then campaign, "none" first. Cursors are these keys. */
const keyOf = (r: { funnelSource: string | null; campaignId: string | null }) => `${r.funnelSource ?? ''}\u0001${r.campaignId ?? ''}`;
const costPerSold = (spend: number | null, sold: number) => (spend === null || sold === 0 ? null : Math.round(spend / sold));

/**
 * The sales funnel by source and campaign until marketing funnels exist. Costs come only from
 * `campaign_spend` (migration 014), which marketing funnels and ad platforms fill, matched on
 * (source, campaign) and the days of the date filter; with no row there, the cost is unknown
 * (null), never estimated. Spend is the floor's, so only the floor's view (managers) shows it.
 * The groups are few (sources × campaigns), so they are all computed for the totals and paged
 * here by their key. The floor's funnel adds up the weekly rollup (analytics-cells.ts).
 */
export async function funnelAnalytics(pool: Pool, o: {
  scope: AnalyticsScope; filters: AnalyticsFilters; limit: number; cursor?: string;
}): Promise<FunnelAnalytics> {
  const params: unknown[] = [];
  const cells = countedCells(o.scope, o.filters, params);
  const floor = `$${params.push(o.scope.kind === 'floor')}::boolean`;
  const from = `$${params.push(o.filters.from ?? null)}::timestamptz`;
  const to = `$${params.push(o.filters.to ?? null)}::timestamptz`;
  const { rows } = await pool.query<Row>(`
    with groups as (
      select c.funnel_source, c.campaign, sum(c.created) as leads, sum(c.claimed) as claimed, sum(c.contacted) as contacted,
             sum(c.qualified) as qualified, sum(c.sold) as sold, sum(c.lost) as lost, coalesce(sum(c.revenue), 0) as revenue
      from (${cells}) c
      group by c.funnel_source, c.campaign),
    spend as (
      select funnel_source, campaign_id, sum(spend_cents) as cents from campaign_spend
      where ${floor} and (${from} is null or day >= (${from})::date) and (${to} is null or day < (${to})::date)
      group by funnel_source, campaign_id)
    select g.*, s.cents as spend from groups g
    left join spend s on s.funnel_source = coalesce(g.funnel_source, '') and s.campaign_id = coalesce(g.campaign, '')`, params);
  const all: FunnelRow[] = rows.map((r) => {
    const spend = r.spend === null ? null : Number(r.spend);
    return {
      funnelSource: r.funnel_source, campaignId: r.campaign, leads: Number(r.leads), claimed: Number(r.claimed), contacted: Number(r.contacted),
      qualified: Number(r.qualified), sold: Number(r.sold), lost: Number(r.lost), revenueCents: Number(r.revenue),
      spendCents: spend, costPerSoldCents: costPerSold(spend, Number(r.sold)),
    };
  }).sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const sum = (k: 'leads' | 'claimed' | 'contacted' | 'qualified' | 'sold' | 'lost' | 'revenueCents') => all.reduce((n, r) => n + r[k], 0);
  const known = all.filter((r) => r.spendCents !== null);
  const spendCents = known.length === 0 ? null : known.reduce((n, r) => n + r.spendCents!, 0);
  // The cost per sold lead of the whole is over the rows whose cost is known, never spread onto the others.
  const soldWithCost = known.reduce((n, r) => n + r.sold, 0);
  const rest = o.cursor === undefined ? all : all.filter((r) => keyOf(r) > o.cursor!);
  const page = rest.slice(0, o.limit);
  return {
    rows: page,
    totals: {
      leads: sum('leads'), claimed: sum('claimed'), contacted: sum('contacted'), qualified: sum('qualified'), sold: sum('sold'),
      lost: sum('lost'), revenueCents: sum('revenueCents'), spendCents, costPerSoldCents: costPerSold(spendCents, soldWithCost),
    },
    nextCursor: rest.length > o.limit ? keyOf(page.at(-1)!) : null,
  };
}
