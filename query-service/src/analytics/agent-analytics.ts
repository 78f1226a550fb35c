import type { AgentAnalyticsRow, AnalyticsFilters } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { factsCondition, percent, seconds, type AnalyticsScope } from './analytics-scope';
import { sortingRead } from './sorting-read';

type Row = {
  agent_id: number; full_name: string | null; team_id: number | null; team_name: string | null; leads: string; contacted: string;
  qualified: string; sold: string; lost: string; revenue: string; contact_p50: number | null;
};

/**
 * The per-agent table: the leads each agent works now (with the filters), how far they got,
 * the revenue of the sold ones, and the median time from a lead's creation to its first
 * contact. Keyset-paged by user id. Each figure is the lead explanation's count with `agentId`.
 */
export async function agentAnalytics(pool: Pool, o: {
  scope: AnalyticsScope; filters: AnalyticsFilters; limit: number; cursor?: string;
}): Promise<{ agents: AgentAnalyticsRow[]; nextCursor: string | null }> {
  const params: unknown[] = [];
  const where = factsCondition(o.scope, o.filters, params);
  const after = `$${params.push(Number(o.cursor ?? 0))}::int`;
  const limit = `$${params.push(o.limit + 1)}`;
  const { rows } = await sortingRead<Row>(pool, `
    with per_agent as (
      select f.agent_id, count(*) as leads, count(f.contacted_at) as contacted, count(f.qualified_at) as qualified,
             count(f.sold_at) as sold, count(f.lost_at) as lost,
             coalesce(sum(f.revenue_cents) filter (where f.sold_at is not null), 0) as revenue,
             percentile_cont(0.5) within group (order by extract(epoch from f.contacted_at - f.created_at)) as contact_p50
      from lead_facts_v1 f
      where ${where} and f.agent_id is not null and f.agent_id > ${after}
      group by f.agent_id order by f.agent_id limit ${limit})
    select a.*, u.full_name, u.team_id, t.name as team_name
    from per_agent a left join users_v1 u on u.id = a.agent_id left join teams_v1 t on t.id = u.team_id
    order by a.agent_id`, params);
  const page = rows.slice(0, o.limit);
  return {
    agents: page.map((r) => ({
      userId: r.agent_id, fullName: r.full_name ?? `User ${r.agent_id}`, teamId: r.team_id, teamName: r.team_name,
      leads: Number(r.leads), contacted: Number(r.contacted), qualified: Number(r.qualified), sold: Number(r.sold), lost: Number(r.lost),
      winRate: percent(Number(r.sold), Number(r.sold) + Number(r.lost)), revenueCents: Number(r.revenue),
      medianSecondsToContact: seconds(r.contact_p50),
    })),
    nextCursor: rows.length > o.limit ? String(page.at(-1)!.agent_id) : null,
  };
}
