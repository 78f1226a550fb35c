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
  // Rows grouped into the floor's weeks (`weeksOf`, its time zone) must be the leads' own unless those weeks are UTC's.
  if (!rollupAnswers(scope, f) || (o.weeksOf !== undefined && !weeksAreUtc(o.weeksOf))) return detail(factsCondition(scope, f, params));
  const p = (v: unknown) => `$${params.push(v)}`;
  const { weeks, parts } = splitRange(f.from, f.to);
  const rollup: string[] = [];
  if (!weeks.none) {
    const dims: string[] = [];
    if (weeks.from) dims.push(`r.week >= ${p(weeks.from)}::date`);
    if (weeks.to) dims.push(`r.week < ${p(weeks.to)}::date`);
    if (f.leadType !== undefined) dims.push(`r.lead_type = ${p(f.leadType)}`);
    if (f.source === 'none') dims.push('r.source is null');
    else if (f.source !== undefined) dims.push(`r.source = ${p(f.source)}`);
    if (f.funnelSource === 'none') dims.push('r.funnel_source is null');
    else if (f.funnelSource !== undefined) dims.push(`r.funnel_source = ${p(f.funnelSource)}`);
    if (f.campaign === 'none') dims.push('r.campaign is null');
    else if (f.campaign !== undefined) dims.push(`r.campaign = ${p(f.campaign)}`);
    rollup.push(`
      select r.lead_type, r.source, r.funnel_source, r.campaign, r.week::timestamp at time zone 'UTC' as at, r.created, r.claimed,
             r.contacted, r.qualified, r.sold, r.lost, r.revenue_cents as revenue
      from lead_rollup_v1 r${dims.length ? ` where ${dims.join(' and ')}` : ''}`);
  }
  const edges = parts.map(([a, b]) => `(f.created_at >= ${p(a)}::timestamptz and f.created_at < ${p(b)}::timestamptz)`);
  // Only a read that has part weeks names the facts' conditions (a parameter no statement uses has no type).
  const detailPart = edges.length === 0 ? [] : [detail(`${factsCondition(scope, f, params)} and (${edges.join(' or ')})`)];
  return [...rollup, ...detailPart].join(' union all ') || detail('false');
}

const WEEK = 7 * 86_400_000;
const mondayOf = (t: number) => {
  const d = new Date(t);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return day - ((d.getUTCDay() + 6) % 7) * 86_400_000;
};
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * A creation range cut into the whole weeks (Monday 00:00 UTC to Monday) inside it, which the
 * rollup answers, and the part weeks at its ends (instants), which the facts answer. Unbounded
 * ends are open; a range inside one week is all part.
 */
export function splitRange(from: string | undefined, to: string | undefined) {
  const f = from === undefined ? undefined : Date.parse(from);
  const t = to === undefined ? undefined : Date.parse(to);
  const lo = f === undefined ? undefined : (mondayOf(f) === f ? f : mondayOf(f) + WEEK);
  const hi = t === undefined ? undefined : mondayOf(t);
  if (lo !== undefined && hi !== undefined && lo >= hi) {
    return { weeks: { none: true } as const, parts: [[from!, to!]] as [string, string][] };
  }
  const parts: [string, string][] = [];
  if (f !== undefined && lo! > f) parts.push([from!, new Date(lo!).toISOString()]);
  if (t !== undefined && t > hi!) parts.push([new Date(hi!).toISOString(), to!]);
  return { weeks: { none: false, from: lo === undefined ? undefined : isoDay(lo), to: hi === undefined ? undefined : isoDay(hi) }, parts };
}

/** The rollup counts the floor's leads: a read of a team's or a person's leads needs who works each. */
export const rollupAnswers = (scope: AnalyticsScope, f: AnalyticsFilters) =>
  scope.kind === 'floor' && f.teamId === undefined && f.agentId === undefined;

const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'Etc/UCT', 'UCT', 'GMT', 'Etc/GMT', 'Etc/GMT0', 'Etc/GMT+0', 'Etc/GMT-0', 'Etc/Universal', 'Universal', 'Etc/Zulu', 'Zulu']);
/** Whether the floor's weeks are the rollup's (Monday 00:00 UTC), so its rows fall in the right cohort week. */
export const weeksAreUtc = (timeZone: string) => UTC_ZONES.has(timeZone);
