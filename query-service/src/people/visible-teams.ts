import type { SessionActor } from '@leadfloor/infra/auth/actor';
import type { Pool } from '@leadfloor/infra/postgres/pool';

/**
 * Whose calls and sales a user may read besides their own: a manager or team lead sees the
 * team they sit on and any team that names them its manager; an agent sees only their own.
 */
export async function visibleTeams(pool: Pool, actor: SessionActor): Promise<number[]> {
  if (actor.role === 'agent') return [];
  const { rows } = await pool.query<{ id: number }>('select id from teams_v1 where manager_id = $1', [actor.id]);
  return [...new Set([...(actor.teamId === null ? [] : [actor.teamId]), ...rows.map((r) => r.id)])];
}
