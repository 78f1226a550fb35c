import { StatsExplainQuerySchema, StatsExplainSchema, type DashboardMetric, type StatsExplain } from '@leadfloor/contracts';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { periodStart } from '../leaderboard/floor-periods';

type Row = { kind: 'lead' | 'sale' | 'call'; id: number; lead_id: number; lead_name: string | null; at: Date; status: string; amount: string | null; counted: boolean };

/**
 * Each stat card's rows, chosen by the very predicate `GET /api/dashboard/stats` counts them
 * with (dashboard-routes.ts), for the signed-in user: `$1` the user, `$2` the period's start (where it has one).
 * `key` is the keyset order (the row's id).
 */
const METRICS: Record<DashboardMetric, { from: string; where: string; select: string; key: string; period: 'month' | 'week' | null }> = {
  activeLeadsCount: {
    from: 'lead_pool_v1 l', where: `l.claimed_by = $1 and l.status in ('claimed', 'contacted', 'qualified')`, key: 'l.id', period: null,
    select: `'lead' as kind, l.id, l.id as lead_id, l.name as lead_name, l.claimed_at as at, l.status, null::bigint as amount, true as counted`,
  },
  conversionRate: {
    from: 'lead_pool_v1 l', where: 'l.claimed_by = $1', key: 'l.id', period: null,
    select: `'lead' as kind, l.id, l.id as lead_id, l.name as lead_name, l.claimed_at as at, l.status, null::bigint as amount, l.status = 'sold' as counted`,
  },
  monthlyRevenue: {
    from: 'sales_v1 s left join lead_pool_v1 l on l.id = s.lead_id', key: 's.id', period: 'month',
    where: `s.user_id = $1 and s.status <> 'rejected' and s.sale_date >= $2`,
    select: `'sale' as kind, s.id, s.lead_id, l.name as lead_name, s.sale_date as at, s.status, s.amount_cents as amount, true as counted`,
  },
  callsThisWeek: {
    from: 'calls_v1 c left join lead_pool_v1 l on l.id = c.lead_id', key: 'c.id', period: 'week',
    where: 'c.user_id = $1 and c.started_at >= $2',
    select: `'call' as kind, c.id, c.lead_id, l.name as lead_name, c.started_at as at, coalesce(c.result, c.status) as status, null::bigint as amount, true as counted`,
  },
};

/** `GET /api/dashboard/stats/explain?metric=`: the rows behind one of the signed-in user's four stats, keyset-paged. */
export const statsExplainRoutes: FastifyPluginAsyncZod<{ pool: Pool; now?: () => Date; timeZone?: string }> = async (
  app, { pool, now = () => new Date(), timeZone = 'UTC' },
) => {
  app.addHook('onRequest', requireSignedIn);
  app.get('/api/dashboard/stats/explain', { schema: { querystring: StatsExplainQuerySchema, response: { 200: StatsExplainSchema } } }, async (req): Promise<StatsExplain> => {
    const actor = await req.actor();
    const { metric, limit, cursor } = req.query;
    const m = METRICS[metric];
    const start = m.period ? await periodStart(pool, m.period, now(), timeZone) : null;
    const params: unknown[] = m.period ? [actor.id, start] : [actor.id];
    const [page, totals] = await Promise.all([
      pool.query<Row>(`select ${m.select} from ${m.from} where ${m.where} and ${m.key} > $${params.length + 1}
        order by ${m.key} limit $${params.length + 2}`, [...params, Number(cursor ?? 0), limit + 1]),
      pool.query<{ total: string; counted: string; amount: string | null }>(
        `select count(*) as total, count(*) filter (where counted) as counted, sum(amount) as amount
         from (select ${m.select} from ${m.from} where ${m.where}) x`, params),
    ]);
    const t = totals.rows[0]!;
    const total = Number(t.total);
    const counted = Number(t.counted);
    const rows = page.rows.slice(0, limit);
    const figure = metric === 'monthlyRevenue' ? Number(t.amount ?? 0) / 100
      : metric === 'conversionRate' ? (total === 0 ? 0 : Math.round((counted / total) * 1000) / 10) : total;
    return {
      metric, figure, total,
      numerator: metric === 'conversionRate' ? counted : null,
      denominator: metric === 'conversionRate' ? total : null,
      rows: rows.map((r) => ({
        kind: r.kind, id: r.id, leadId: r.lead_id, leadName: r.lead_name ?? `Lead ${r.lead_id}`, at: (r.at ?? new Date(0)).toISOString(),
        status: r.status, amountCents: r.amount === null ? null : Number(r.amount), counted: r.counted,
      })),
      nextCursor: page.rows.length > limit ? String(rows.at(-1)!.id) : null,
    };
  });
};
