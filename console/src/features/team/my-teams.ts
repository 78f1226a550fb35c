import type { User } from '@leadfloor/contracts';
import { managesTeam } from './team-permissions';

type Me = Pick<User, 'id' | 'role' | 'teamId'>;
type OpenableTeam = { id: number; managerId: number | null };

/**
 * The teams whose chat and tasks I can open, as the server decides: my own team, and for a
 * manager every team that names them its manager. My own team first, then the rest in the
 * order given.
 */
export function myTeams<T extends OpenableTeam>(me: Me, teams: T[]): T[] {
  const own = teams.filter((t) => t.id === me.teamId);
  return [...own, ...teams.filter((t) => t.id !== me.teamId && managesTeam(me, t))];
}

/** The `?team=` the address names, when it is one I can open; else the first of mine (my own). */
export function chosenTeam<T extends OpenableTeam>(teams: T[], search: URLSearchParams): T | null {
  const asked = Number(search.get('team'));
  return teams.find((t) => t.id === asked) ?? teams[0] ?? null;
}

/** The search with `team` set, other parameters (the tab) left alone. */
export function writeChosenTeam(search: URLSearchParams, teamId: number): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('team', String(teamId));
  return next;
}
