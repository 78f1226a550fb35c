import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';

/**
 * A team's own reads (its chat, its tasks) are its members' and its manager's: the team as the
 * read model has it, or 404; anyone else 403. Mirrors command-service's isOnTeam.
 */
export async function requireOnTeam(pool: Pool, actor: SessionActor, teamId: number): Promise<{ id: number; managerId: number | null }> {
  const { rows } = await pool.query<{ id: number; manager_id: number | null }>('select id, manager_id from teams_v1 where id = $1', [teamId]);
  const team = rows[0];
  if (!team) throw new ApiError(404, 'team.not_found', 'No such team.');
  const onTeam = actor.teamId === team.id || (actor.role === 'manager' && team.manager_id === actor.id);
  if (!onTeam) throw new ApiError(403, 'team.not_member', "Only this team's members and its manager can see its chat and tasks.");
  return { id: team.id, managerId: team.manager_id };
}
