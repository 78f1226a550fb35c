import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { ManagedTeam } from './manages-team';

/** A team's id and manager from the teams read model, or null when there is no such team. */
export async function loadTeam(pool: Pool, teamId: number | null): Promise<ManagedTeam | null> {
  if (teamId === null) return null;
  const { rows } = await pool.query<{ id: number; manager_id: number | null }>('select id, manager_id from teams_v1 where id = $1', [teamId]);
  return rows[0] ? { id: rows[0].id, managerId: rows[0].manager_id } : null;
}
