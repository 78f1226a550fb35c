import type { AnalyticsFilters, ExplainFigure, LeadExplain } from '@leadfloor/contracts';
import type { LeadSource, LeadStage, LeadStatus, LeadType } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { factsCondition, seconds, type AnalyticsScope } from './analytics-scope';

/**
 * Per figure: which leads make it (the same predicate the figure counts), the instant each
 * reached it, and the duration behind a time figure. The figures of lead-analytics.ts count
 * exactly these rows, so a figure and its explanation cannot drift apart.
 */
const FIGURES: Record<Exclude<ExplainFigure, 'stage'>, { when: string; at: string; duration: string | null }> = {
  created: { when: 'true', at: 'f.created_at', duration: null },
  claimed: { when: 'f.first_claimed_at is not null', at: 'f.first_claimed_at', duration: null },
  contacted: { when: 'f.contacted_at is not null', at: 'f.contacted_at', duration: null },
  qualified: { when: 'f.qualified_at is not null', at: 'f.qualified_at', duration: null },
  sold: { when: 'f.sold_at is not null', at: 'f.sold_at', duration: null },
  lost: { when: 'f.lost_at is not null', at: 'f.lost_at', duration: null },
  timeToClaim: { when: 'f.first_claimed_at is not null', at: 'f.first_claimed_at', duration: 'f.first_claimed_at - f.created_at' },
  timeToFirstContact: { when: 'f.contacted_at is not null', at: 'f.contacted_at', duration: 'f.contacted_at - f.created_at' },
};

type Row = {
  lead_id: number; entered_version: number | null; name: string | null; lead_type: LeadType; source: LeadSource | null; status: LeadStatus;
  agent_id: number | null; agent_name: string | null; at: Date; duration: number | null; revenue: string | null;
};

export async function explainLeads(pool: Pool, o: {
  scope: AnalyticsScope; filters: AnalyticsFilters; figure: ExplainFigure; stage?: LeadStage; limit: number; cursor?: string;
}): Promise<LeadExplain> {
  const params: unknown[] = [];
  const where = factsCondition(o.scope, o.filters, params);
  const [afterLead, afterVersion] = (o.cursor ?? '0:0').split(':').map(Number) as [number, number | undefined];
  const isStage = o.figure === 'stage';
  const f = isStage ? null : FIGURES[o.figure as Exclude<ExplainFigure, 'stage'>];
  // A stage's explanation lists its stays (a lead may pass a stage more than once), keyed (lead, version).
  const from = isStage
    ? `lead_stage_intervals_v1 i join lead_facts_v1 f on f.lead_id = i.lead_id and i.stage = $${params.push(o.stage)}`
    : 'lead_facts_v1 f';
  const cond = isStage ? where : `${where} and ${f!.when}`;
  const totalsSql = `select count(*) as total, coalesce(sum(f.revenue_cents) filter (where f.sold_at is not null), 0) as revenue
    from ${from} where ${cond}`;
  const totalsParams = [...params];
  // A stage's stays page along their own index (stage, lead, version).
  const key = isStage ? '(i.lead_id, i.entered_version)' : 'f.lead_id';
  const after = isStage ? `($${params.push(afterLead)}::int, $${params.push(afterVersion ?? 0)}::int)` : `$${params.push(afterLead)}::int`;
  const limit = `$${params.push(o.limit + 1)}`;
  const [rows, totals] = await Promise.all([
    pool.query<Row>(`
      select f.lead_id, ${isStage ? 'i.entered_version' : 'null::int'} as entered_version, l.name, f.lead_type, f.source, f.status,
             f.agent_id, u.full_name as agent_name,
             ${isStage ? 'i.entered_at' : f!.at} as at,
             extract(epoch from ${isStage ? 'i.left_at - i.entered_at' : (f!.duration ?? 'null::interval')}) as duration,
             case when f.sold_at is not null then f.revenue_cents end as revenue
      from ${from}
      left join lead_pool_v1 l on l.id = f.lead_id
      left join users_v1 u on u.id = f.agent_id
      where ${cond} and ${key} > ${after}
      order by ${key} limit ${limit}`, params),
    pool.query<{ total: string; revenue: string }>(totalsSql, totalsParams),
  ]);
  const page = rows.rows.slice(0, o.limit);
  const last = page.at(-1);
  return {
    figure: o.figure,
    total: Number(totals.rows[0]!.total),
    revenueCents: Number(totals.rows[0]!.revenue),
    rows: page.map((r) => ({
      leadId: r.lead_id, leadName: r.name ?? `Lead ${r.lead_id}`, leadType: r.lead_type, source: r.source, status: r.status,
      agentId: r.agent_id, agentName: r.agent_name, at: r.at.toISOString(), durationSeconds: seconds(r.duration),
      revenueCents: Number(r.revenue ?? 0),
    })),
    nextCursor: rows.rows.length > o.limit && last ? (isStage ? `${last.lead_id}:${last.entered_version}` : String(last.lead_id)) : null,
  };
}
