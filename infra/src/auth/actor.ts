import type { Pool } from '../postgres/pool';

export type Role = 'agent' | 'teamLead' | 'manager';
/**
 * The signed-in user as commands and reads need them, resolved from the session alone.
 * `twoFactorSetupRequired`: read with the session (the same snapshot) when the session store
 * resolved it; the floor requires a second factor and this user has none yet.
 */
export type SessionActor = { id: number; role: Role; teamId: number | null; fullName: string | null; twoFactorSetupRequired?: boolean };

/**
 * Reads the actor's role and team from the users read model. A user registered a moment ago
 * may not be projected yet: registration always makes an agent with no team, so that is who
 * they are until the row lands.
 */
export async function loadActor(pool: Pool, userId: number): Promise<SessionActor> {
  const { rows } = await pool.query<ActorRow>(
    'select role, team_id, full_name from users_v1 where id = $1', [userId]).catch(() => ({ rows: [] }));
  return actorOf(userId, rows[0]);
}

export type ActorRow = { role: Role | null; team_id: number | null; full_name: string | null };

/** The actor from a users read-model row, or, with no row yet, a fresh agent with no team. */
export const actorOf = (userId: number, r: ActorRow | undefined): SessionActor =>
  (r?.role ? { id: userId, role: r.role, teamId: r.team_id, fullName: r.full_name } : { id: userId, role: 'agent', teamId: null, fullName: null });

/** A user's team (for "a manager of the holder's team" checks), or null. */
export async function teamOf(pool: Pool, userId: number): Promise<number | null> {
  const { rows } = await pool.query<{ team_id: number | null }>('select team_id from users_v1 where id = $1', [userId]);
  return rows[0]?.team_id ?? null;
}

export async function fullNameOf(pool: Pool, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const { rows } = await pool.query<{ full_name: string }>('select full_name from users_v1 where id = $1', [userId]);
  return rows[0]?.full_name ?? null;
}
