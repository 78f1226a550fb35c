import type { TeamPerson, TeamStructure } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { periodStart } from '../leaderboard/floor-periods';

type PersonRow = {
  id: number; full_name: string; role: TeamPerson['role']; level: TeamPerson['level']; points: number; avatar_url: string | null;
  team_id: number | null; active: number; sales: number;
};
type TeamRow = { id: number; name: string; lead_type: string | null; manager_id: number | null; team_lead_ids: number[] };

/**
 * The floor as /team's Structure tab shows it: the managers (the Sales Manager) on top, then
 * each team with its leads and agents, then people on no team. Each person carries their
 * level and points, the leads they hold in work and their sales this month (not rejected),
 * the month cut in the floor's time zone.
 */
export async function teamStructure(pool: Pool, { now, timeZone }: { now: Date; timeZone: string }): Promise<TeamStructure> {
  const monthStart = await periodStart(pool, 'month', now, timeZone);
  const [{ rows: people }, { rows: teams }] = await Promise.all([
    pool.query<PersonRow>(
      `with a as (select claimed_by as user_id, count(*)::int as n from lead_pool_v1
                  where claimed_by is not null and status in ('claimed', 'contacted', 'qualified') group by claimed_by),
            s as (select user_id, count(*)::int as n from sales_v1 where status <> 'rejected' and sale_date >= $1 group by user_id)
       select u.id, u.full_name, u.role, u.level, u.points, u.avatar_url, u.team_id,
              coalesce(a.n, 0) as active, coalesce(s.n, 0) as sales
       from users_v1 u left join a on a.user_id = u.id left join s on s.user_id = u.id
       order by u.points desc, u.full_name, u.id`, [monthStart]),
    pool.query<TeamRow>('select id, name, lead_type, manager_id, team_lead_ids from teams_v1 order by name, id'),
  ]);
  const person = (r: PersonRow): TeamPerson => ({
    id: r.id, fullName: r.full_name, role: r.role, level: r.level, points: r.points, avatarUrl: r.avatar_url,
    activeLeads: r.active, salesThisMonth: r.sales,
  });
  const staff = people.filter((p) => p.role !== 'manager');
  return {
    managers: people.filter((p) => p.role === 'manager').map(person),
    teams: teams.map((t) => ({
      id: t.id, name: t.name, leadType: t.lead_type, managerId: t.manager_id,
      leads: staff.filter((p) => p.team_id === t.id && t.team_lead_ids.includes(p.id)).map(person),
      agents: staff.filter((p) => p.team_id === t.id && !t.team_lead_ids.includes(p.id)).map(person),
    })),
    unassigned: staff.filter((p) => p.team_id === null || !teams.some((t) => t.id === p.team_id)).map(person),
  };
}
