import type { Pool } from '@leadfloor/infra/postgres/pool';
import { periodStart, type Period } from '../leaderboard/floor-periods';

type Opts = { period: Period; at: Date; timeZone: string };
type Level = 'rookie' | 'pro' | 'elite';

/**
 * The period's totals as they stood at `$2`: points of the ledger dated up to then (in the
 * period that held that instant, `$1`: its start, null for all time), every point up to then
 * for the level, and sales recorded up to then that had not been rejected by then. People who
 * had not signed up yet are left out. The level follows the points as the points process
 * manager's `levelFor` does (rookie < 500 <= pro < 1,500 <= elite).
 */
const TOTALS_AT = `
  p as (select user_id, sum(points) filter (where $1::timestamptz is null or at >= $1)::int as pts, sum(points)::int as total
        from points_ledger_v1 where at <= $2 group by user_id),
  s as (select user_id, count(*)::int as n from sales_v1
        where sale_date <= $2 and ($1::timestamptz is null or sale_date >= $1) and (rejected_at is null or rejected_at > $2)
        group by user_id),
  people as (
    select u.id, u.full_name, u.team_id, u.role, coalesce(p.pts, 0) as pts, coalesce(p.total, 0) as total, coalesce(s.n, 0) as n
    from users_v1 u left join p on p.user_id = u.id left join s on s.user_id = u.id
    where u.created_at <= $2 and u.role <> 'manager')`;

const levelAt = `case when total >= 1500 then 'elite' when total >= 500 then 'pro' else 'rookie' end`;

/** `rankUsers` as of an instant: the same ranking rule over the totals that stood then. */
export async function rankUsersAsOf(pool: Pool, o: Opts & { teamId?: number; limit: number }) {
  const start = await periodStart(pool, o.period, o.at, o.timeZone);
  const { rows } = await pool.query<{
    id: number; full_name: string; level: Level; total: number; team_id: number | null; pts: number; n: number; rank: string;
  }>(`with ${TOTALS_AT},
      ranked as (select *, ${levelAt} as level from people
                 where ($3::int is null or team_id = $3) and (pts <> 0 or n > 0))
    select *, rank() over (order by pts desc, n desc) as rank from ranked
    order by pts desc, n desc, full_name, id limit $4`, [start, o.at, o.teamId ?? null, o.limit]);
  return rows.map((r) => ({
    rank: Number(r.rank), id: r.id, fullName: r.full_name, level: r.level, points: r.pts, salesCount: r.n,
    teamId: r.team_id, totalPoints: r.total,
  }));
}

/** `rankTeams` as of an instant: teams that existed then, by their members' totals then. */
export async function rankTeamsAsOf(pool: Pool, o: Opts) {
  const start = await periodStart(pool, o.period, o.at, o.timeZone);
  const { rows } = await pool.query<{ id: number; name: string; pts: number; n: number; members: number; rank: string }>(
    `with ${TOTALS_AT},
      teams as (
        select t.id, t.name, coalesce(sum(m.pts), 0)::int as pts, coalesce(sum(m.n), 0)::int as n, count(m.id)::int as members
        from teams_v1 t left join people m on m.team_id = t.id
        where t.created_at <= $2
        group by t.id, t.name)
    select *, rank() over (order by pts desc, n desc) as rank from teams order by pts desc, n desc, name, id`, [start, o.at]);
  return rows.map((r) => ({ rank: Number(r.rank), teamId: r.id, name: r.name, points: r.pts, salesCount: r.n, members: r.members }));
}
