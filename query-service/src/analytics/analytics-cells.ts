import type { AnalyticsFilters } from '@leadfloor/contracts';
import { factsCondition, type AnalyticsScope } from './analytics-scope';

/**
 * Where a read's counts come from: rows of (lead_type, source, funnel_source, campaign, at,
 * created, claimed, contacted, qualified, sold, lost, revenue), each standing for one or more
 * leads; `at` is when they were created (a rollup row: its week's Monday, 00:00 UTC). Summed, they
 * are exactly the counts of the fact rows the filters pick.
 *
 * For the floor's leads (no team or person in the scope or filters) the rows are the rollup's
 * (projector `lead-rollup.ts`): every whole week (Monday to Monday, UTC) inside the creation
 * range from it, a few rows a week, and the leads of a part week at either end of the range
 * from their facts (the creation index finds them). Anything narrower reads the facts it picks,
 * and so does a read by the floor's weeks when they are not UTC's (`weeksOf`).
 */
export function countedCells(scope: AnalyticsScope, f: AnalyticsFilters, params: unknown[], o: { weeksOf?: string } = {}): string {
  const detail = (where: string) => `
    select f.lead_type, f.source, f.funnel_source, f.funnel_campaign_id as campaign, f.created_at as at, 1 as created,
           (f.first_claimed_at is not null)::int as claimed, (f.contacted_at is not null)::int as contacted,
           (f.qualified_at is not null)::int as qualified, (f.sold_at is not null)::int as sold, (f.lost_at is not null)::int as lost,
           case when f.sold_at is not null then f.revenue_cents else 0 end as revenue
    from lead_facts_v1 f where ${where}`;
  const where = factsCondition(scope, f, params);
  // Rows grouped into the floor's weeks (`weeksOf`, its time zone) must be the leads' own unless those weeks are UTC's.
  if (!rollupAnswers(scope, f) || (o.weeksOf !== undefined && !weeksAreUtc(o.weeksOf))) return detail(where);
  const p = (v: unknown) => `$${params.push(v)}`;
  const from = `${p(f.from ?? null)}::timestamptz`;
  const to = `${p(f.to ?? null)}::timestamptz`;
  // The whole weeks inside [from, to): from the first Monday at or after `from` to the last Monday at or before `to`.
  const lo = `(case when ${from} is null then '-infinity'::date
    else (date_trunc('week', ${from} at time zone 'UTC') + case when date_trunc('week', ${from} at time zone 'UTC') = ${from} at time zone 'UTC'
      then interval '0' else interval '7 days' end)::date end)`;
  const hi = `(case when ${to} is null then 'infinity'::date else (date_trunc('week', ${to} at time zone 'UTC'))::date end)`;
  const dims: string[] = [];
  if (f.leadType !== undefined) dims.push(`r.lead_type = ${p(f.leadType)}`);
  if (f.source === 'none') dims.push('r.source is null');
  else if (f.source !== undefined) dims.push(`r.source = ${p(f.source)}`);
  if (f.funnelSource === 'none') dims.push('r.funnel_source is null');
  else if (f.funnelSource !== undefined) dims.push(`r.funnel_source = ${p(f.funnelSource)}`);
  if (f.campaign === 'none') dims.push('r.campaign is null');
  else if (f.campaign !== undefined) dims.push(`r.campaign = ${p(f.campaign)}`);
  return `
    select r.lead_type, r.source, r.funnel_source, r.campaign, r.week::timestamp at time zone 'UTC' as at, r.created, r.claimed,
           r.contacted, r.qualified, r.sold, r.lost, r.revenue_cents as revenue
    from lead_rollup_v1 r where r.week >= ${lo} and r.week < ${hi}${dims.map((d) => ` and ${d}`).join('')}
    union all ${detail(`${where} and not (f.created_at >= ${lo}::timestamp at time zone 'UTC' and f.created_at < ${hi}::timestamp at time zone 'UTC')`)}`;
}

/** The rollup counts the floor's leads: a read of a team's or a person's leads needs who works each. */
export const rollupAnswers = (scope: AnalyticsScope, f: AnalyticsFilters) =>
  scope.kind === 'floor' && f.teamId === undefined && f.agentId === undefined;

const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'Etc/UCT', 'UCT', 'GMT', 'Etc/GMT', 'Etc/GMT0', 'Etc/GMT+0', 'Etc/GMT-0', 'Etc/Universal', 'Universal', 'Etc/Zulu', 'Zulu']);
/** Whether the floor's weeks are the rollup's (Monday 00:00 UTC), so its rows fall in the right cohort week. */
export const weeksAreUtc = (timeZone: string) => UTC_ZONES.has(timeZone);
