import type { Pool } from '@leadfloor/infra/postgres/pool';
import { periodStart, type Period } from './floor-periods';

type Opts = { period: Period; now: Date; timeZone: string };
type Level = 'rookie' | 'pro' | 'elite';

/**
 * Points earned in the period (summed from the points ledger, dated by the activity) and sales
 * in the period that were not rejected, per user. `$1` is the period's start (null: all time).
 */
const PERIOD_TOTALS = `
  p as (select user_id, sum(points)::int as pts from points_ledger_v1 where $1::timestamptz is null or at >= $1 group by user_id),
  s as (select user_id, count(*)::int as n from sales_v1 where status <> 'rejected' and ($1::timestamptz is null or sale_date >= $1) group by user_id)`;

/**
 * Agents and team leads ranked by the period's points, then sales (ties share a rank).
 * Managers are not ranked, and nobody without points or sales in the period is listed.
 */
export async function rankUsers(pool: Pool, o: Opts & { teamId?: number; limit: number }) {
  const start = await periodStart(pool, o.period, o.now, o.timeZone);
  const { rows } = await pool.query<{
    id: number; full_name: string; level: Level; total: number; team_id: number | null; pts: number; n: number; rank: string;
  }>(`with ${PERIOD_TOTALS},
      ranked as (
        select u.id, u.full_name, u.level, u.points as total, u.team_id, coalesce(p.pts, 0) as pts, coalesce(s.n, 0) as n
        from users_v1 u left join p on p.user_id = u.id left join s on s.user_id = u.id
        where u.role <> 'manager' and ($2::int is null or u.team_id = $2) and (coalesce(p.pts, 0) <> 0 or coalesce(s.n, 0) > 0))
    select *, rank() over (order by pts desc, n desc) as rank from ranked
    order by pts desc, n desc, full_name, id limit $3`, [start, o.teamId ?? null, o.limit]);
  return rows.map((r) => ({
    rank: Number(r.rank), id: r.id, fullName: r.full_name, level: r.level, points: r.pts, salesCount: r.n,
    teamId: r.team_id, totalPoints: r.total,
  }));
}

/** Teams ranked by their members' points in the period, then sales. */
export async function rankTeams(pool: Pool, o: Opts) {
  const start = await periodStart(pool, o.period, o.now, o.timeZone);
  const { rows } = await pool.query<{ id: number; name: string; pts: number; n: number; members: number; rank: string }>(
    `with ${PERIOD_TOTALS},
      teams as (
        select t.id, t.name, coalesce(sum(p.pts), 0)::int as pts, coalesce(sum(s.n), 0)::int as n, count(u.id)::int as members
        from teams_v1 t left join users_v1 u on u.team_id = t.id and u.role <> 'manager'
        left join p on p.user_id = u.id left join s on s.user_id = u.id
        group by t.id, t.name)
    select *, rank() over (order by pts desc, n desc) as rank from teams order by pts desc, n desc, name, id`, [start]);
  return rows.map((r) => ({ rank: Number(r.rank), teamId: r.id, name: r.name, points: r.pts, salesCount: r.n, members: r.members }));
}
