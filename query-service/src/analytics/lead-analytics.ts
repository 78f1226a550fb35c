import type { AnalyticsFilters, LeadAnalytics } from '@leadfloor/contracts';
import type { LeadSource, LeadStage, LeadType } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { factsCondition, percent, scopeName, seconds, type AnalyticsScope } from './analytics-scope';
import { countedCells } from './analytics-cells';
import { sortingRead } from './sorting-read';

type Counts = { created: string; claimed: string; contacted: string; qualified: string; sold: string; lost: string; revenue: string };
type GroupRow = Counts & {
  by_source: number; by_type: number; by_week: number; source: string | null; lead_type: string | null;
  week_label: string | null; week_from: Date | null; week_to: Date | null;
};
type SpreadRow = { claim: number[] | null; contact: number[] | null; claim_n: string; contact_n: string };
type StageRow = { stage: LeadStage; current: string; completed: string; spread: number[] | null };

const STAGES: LeadStage[] = ['new', 'discovery', 'proposal', 'negotiation', 'closed'];
const TYPES: LeadType[] = ['real_estate', 'finance', 'forex'];
/** Most weeks of cohorts one answer carries (the newest). */
const MAX_COHORTS = 53;
const COUNTS = `sum(c.created) as created, sum(c.claimed) as claimed, sum(c.contacted) as contacted,
  sum(c.qualified) as qualified, sum(c.sold) as sold, sum(c.lost) as lost, coalesce(sum(c.revenue), 0) as revenue`;
const spread = (expr: string) => `percentile_cont(array[0.5, 0.9]) within group (order by extract(epoch from ${expr}))`;
const n = (v: string | undefined) => Number(v ?? 0);
const at = (a: number[] | null | undefined, i: number) => seconds(a?.[i] ?? null);

/**
 * /lead-analytics from the lead facts, in three queries that run side by side: the counts
 * grouped four ways in one pass (the whole, by source, by lead type, by created week) over the
 * counted cells (analytics-cells.ts: the floor's weekly rollup, or the facts a filter picks), the
 * spread of the two durations (both percentiles of each from one sort), and the stage stays.
 * A lead's created week (Mondays in the floor's time zone) is found by a binary search in the
 * weeks' start instants (`width_bucket`), made once per request, rather than by converting
 * every row's time. Revenue is that of the sold leads, so the sold step's explanation adds up
 * to it.
 */
export async function leadAnalytics(pool: Pool, o: { scope: AnalyticsScope; filters: AnalyticsFilters; timeZone: string }): Promise<LeadAnalytics> {
  const params: unknown[] = [];
  const where = factsCondition(o.scope, o.filters, params);
  const weekParams: unknown[] = [];
  const cells = countedCells(o.scope, o.filters, weekParams, { weeksOf: o.timeZone });
  const tz = `$${weekParams.push(o.timeZone)}`;
  const from = `$${weekParams.push(o.filters.from ?? null)}::timestamptz`;
  const to = `$${weekParams.push(o.filters.to ?? null)}::timestamptz`;
  const bucket = 'width_bucket(c.at, w.starts)';
  const stageParams: unknown[] = [];
  const stageWhere = factsCondition(o.scope, o.filters, stageParams);
  const [groups, spreads, stages] = await Promise.all([
    pool.query<GroupRow>(`
      with weeks as (
        -- the start of every week from the first lead in range to the last (the created_at index finds both)
        select array_agg(w at time zone ${tz} order by w) as starts
        from (select min(f.created_at) as lo, max(f.created_at) as hi from lead_facts_v1 f
              where (${from} is null or f.created_at >= ${from}) and (${to} is null or f.created_at < ${to})) m,
             generate_series(date_trunc('week', m.lo at time zone ${tz}), date_trunc('week', m.hi at time zone ${tz}), interval '1 week') w),
      g as (
        select grouping(c.source) as by_source, grouping(c.lead_type) as by_type, grouping(${bucket}) as by_week,
               c.source, c.lead_type, ${bucket} as week, ${COUNTS}
        from (${cells}) c cross join weeks w
        group by grouping sets ((), (c.source), (c.lead_type), (${bucket})))
      select g.*, to_char(w.starts[g.week] at time zone ${tz}, 'YYYY-MM-DD') as week_label,
             greatest(w.starts[g.week], coalesce(${from}, '-infinity')) as week_from,
             least(((w.starts[g.week] at time zone ${tz}) + interval '1 week') at time zone ${tz}, coalesce(${to}, 'infinity')) as week_to
      from g cross join weeks w`, weekParams),
    sortingRead<SpreadRow>(pool, `
      select count(f.first_claimed_at) as claim_n, ${spread('f.first_claimed_at - f.created_at')} as claim,
             count(f.contacted_at) as contact_n, ${spread('f.contacted_at - f.created_at')} as contact
      from lead_facts_v1 f where ${where}`, params),
    // Unfiltered (the floor, all time), the stays alone answer it; otherwise their leads' facts pick them.
    sortingRead<StageRow>(pool, `
      select i.stage, count(*) filter (where i.left_at is null) as current, count(i.left_at) as completed,
             ${spread('i.left_at - i.entered_at')} as spread
      from lead_stage_intervals_v1 i ${stageWhere === 'true' ? '' : 'join lead_facts_v1 f on f.lead_id = i.lead_id'}
      where ${stageWhere}
      group by i.stage`, stageParams),
  ]);
  const all = groups.rows.find((g) => g.by_source && g.by_type && g.by_week);
  const d = spreads.rows[0];
  const steps = [
    ['created', n(all?.created)], ['claimed', n(all?.claimed)], ['contacted', n(all?.contacted)],
    ['qualified', n(all?.qualified)], ['sold', n(all?.sold)],
  ] as const;
  const win = (g: GroupRow) => ({ sold: n(g.sold), lost: n(g.lost), winRate: percent(n(g.sold), n(g.sold) + n(g.lost)) });
  const byStage = new Map(stages.rows.map((s) => [s.stage, s]));
  const byType = new Map(groups.rows.filter((g) => !g.by_type).map((g) => [g.lead_type, g]));
  return {
    timeZone: o.timeZone,
    scope: scopeName(o.scope),
    funnel: steps.map(([step, count], i) => ({ step, count, conversionPercent: i === 0 ? null : percent(count, steps[i - 1]![1]) })),
    lost: n(all?.lost),
    revenueCents: n(all?.revenue),
    winRateBySource: groups.rows.filter((g) => !g.by_source)
      .sort((a, b) => n(b.created) - n(a.created) || String(a.source).localeCompare(String(b.source)))
      .map((g) => ({ source: g.source as LeadSource | null, ...win(g) })),
    winRateByType: TYPES.map((t) => {
      const g = byType.get(t);
      return { leadType: t, ...(g ? win(g) : { sold: 0, lost: 0, winRate: null }) };
    }),
    timeToClaim: { count: n(d?.claim_n), medianSeconds: at(d?.claim, 0), p90Seconds: at(d?.claim, 1) },
    timeToFirstContact: { count: n(d?.contact_n), medianSeconds: at(d?.contact, 0), p90Seconds: at(d?.contact, 1) },
    stageTimes: STAGES.map((stage) => {
      const s = byStage.get(stage);
      return { stage, current: n(s?.current), count: n(s?.completed), medianSeconds: at(s?.spread, 0), p90Seconds: at(s?.spread, 1) };
    }),
    cohorts: groups.rows.filter((g) => !g.by_week && g.week_label !== null)
      .sort((a, b) => b.week_label!.localeCompare(a.week_label!)).slice(0, MAX_COHORTS).reverse()
      .map((g) => ({
        weekStart: g.week_label!, from: g.week_from!.toISOString(), to: g.week_to!.toISOString(),
        created: n(g.created), claimed: n(g.claimed), contacted: n(g.contacted), qualified: n(g.qualified),
        sold: n(g.sold), lost: n(g.lost), revenueCents: n(g.revenue),
      })),
  };
}
