import type { Actor } from '../leads/commands';

/** A team as permission checks need it, looked up by the caller. */
export type ManagedTeam = { id: number; managerId: number | null };

/**
 * A manager acts for a team they sit on or the team names as its manager (the demo's Sales
 * Manager manages both teams while sitting on one). Used by commission and call-script rules.
 */
export const managesTeam = (actor: Actor, team: ManagedTeam) =>
  actor.role === 'manager' && (actor.teamId === team.id || team.managerId === actor.id);

/** The team's own people: its members, and a manager of it (who may sit on another team). Team chat and tasks are theirs. */
export const isOnTeam = (actor: Actor, team: ManagedTeam) => actor.teamId === team.id || managesTeam(actor, team);
