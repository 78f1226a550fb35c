import type { FunnelReport, FunnelVariant } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { splitVerdict } from './split-verdict';

type Figures = { visits: number; uniqueVisitors: number; submissions: number; leads: number; sales: number; revenueCents: number };
type Cell = { funnel_id: number; step_id: number | null; variant: string | null } & Partial<Record<string, number>>;
const ZERO: Figures = { visits: 0, uniqueVisitors: 0, submissions: 0, leads: 0, sales: 0, revenueCents: 0 };
const GROUPS = 'group by grouping sets ((funnel_id, step_id, variant), (funnel_id, step_id), (funnel_id))';
const keyOf = (f: number, s: number | null, v: string | null) => `${f}|${s ?? ''}|${v ?? ''}`;

const withConversion = (f: Figures) => ({ ...f, conversionPercent: f.uniqueVisitors > 0 ? Math.round((f.submissions / f.uniqueVisitors) * 1000) / 10 : null });

/**
 * Per funnel, step and variant over calendar days [from, to] of the floor's time zone: page
 * views and unique visitors (the daily visit tables), accepted form submissions, the leads the
 * forms made then, and the sales recorded on those leads with their revenue (LeadFloor's own
 * sales, whenever they came). A step with more than one variant gets a split-test verdict on
 * submissions per unique visitor.
 */
export async function funnelReport(pool: Pool, o: { ownerId: number | null; funnelId?: number; from: string; to: string; timeZone: string }): Promise<FunnelReport> {
  const { rows: funnels } = await pool.query<{ id: number; name: string; slug: string; status: string; steps: { id: number; name: string; path: string; splitTest: unknown }[] }>(
    `select id, name, slug, status, steps from funnels_v1 where ($1::int is null or owner_id = $1) and ($2::int is null or id = $2) order by id desc limit 200`,
    [o.ownerId, o.funnelId ?? null]);
  const ids = funnels.map((f) => f.id);
  const p = [ids, o.from, o.to, o.timeZone];
  const [visits, uniques, submissions, leads] = await Promise.all([
    pool.query<Cell>(`select funnel_id, step_id, variant, sum(visits)::int as visits from funnel_visit_days
      where funnel_id = any($1) and day between $2::date and $3::date and $4::text is not null ${GROUPS}`, p),
    pool.query<Cell>(`select funnel_id, step_id, variant, count(distinct visitor)::int as "uniqueVisitors" from funnel_visitors
      where funnel_id = any($1) and day between $2::date and $3::date and $4::text is not null ${GROUPS}`, p),
    pool.query<Cell>(`select funnel_id, step_id, variant, count(*)::int as submissions from funnel_submissions
      where funnel_id = any($1) and state <> 'failed' and (received_at at time zone $4)::date between $2::date and $3::date ${GROUPS}`, p),
    pool.query<Cell>(`select funnel_id, step_id, variant, count(*)::int as leads, coalesce(sum(s.sales), 0)::int as sales, coalesce(sum(s.revenue), 0)::bigint::float8 as "revenueCents"
      from funnel_leads_v1 l left join lateral (select count(*) as sales, sum(amount_cents) as revenue from funnel_lead_sales_v1 x where x.lead_id = l.lead_id) s on true
      where funnel_id = any($1) and (l.created_at at time zone $4)::date between $2::date and $3::date ${GROUPS}`, p),
  ]);
  const cells = new Map<string, Figures>();
  for (const r of [...visits.rows, ...uniques.rows, ...submissions.rows, ...leads.rows]) {
    const k = keyOf(r.funnel_id, r.step_id, r.variant);
    const into = cells.get(k) ?? { ...ZERO };
    for (const f of Object.keys(ZERO) as (keyof Figures)[]) if (typeof r[f] === 'number') into[f] = r[f];
    cells.set(k, into);
  }
  const at = (f: number, s: number | null, v: string | null) => cells.get(keyOf(f, s, v)) ?? ZERO;
  const variantsOf = (f: number, s: number) => [...cells.keys()]
    .filter((k) => k.startsWith(`${f}|${s}|`) && !k.endsWith('|')).map((k) => k.split('|')[2] as FunnelVariant).sort();

  return {
    from: o.from, to: o.to, timeZone: o.timeZone,
    funnels: funnels.map((f) => ({
      funnelId: f.id, name: f.name, slug: f.slug, status: f.status as FunnelReport['funnels'][number]['status'], ...withConversion(at(f.id, null, null)),
      steps: f.steps.map((s, position) => {
        const variants = variantsOf(f.id, s.id).map((v) => ({ variant: v, ...withConversion(at(f.id, s.id, v)) }));
        return {
          stepId: s.id, name: s.name, path: s.path, position, ...withConversion(at(f.id, s.id, null)), variants,
          splitTest: variants.length > 1 || s.splitTest
            ? splitVerdict(variants.map((v) => ({ variant: v.variant, visitors: v.uniqueVisitors, conversions: v.submissions })))
            : null,
        };
      }),
    })),
  };
}
