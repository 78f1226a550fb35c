import type { Team, User } from '@leadfloor/contracts';

export type TeamHierarchy = { team: Team | null; manager: User | null; teamLeads: User[] };

/**
 * Spec 2.5's Team Hierarchy: the manager (the user's team's manager, else the first user with
 * role manager) and the team leads of the user's team (the team's list, else users with role
 * teamLead on that team). The original filled an empty list with sample people; here an
 * empty list stays empty and the card says so.
 */
export function teamHierarchy(users: User[], teams: Team[], me: User): TeamHierarchy {
  const byId = new Map(users.map((u) => [u.id, u]));
  const team = teams.find((t) => t.id === me.teamId) ?? null;
  const manager = (team?.managerId != null ? byId.get(team.managerId) : undefined) ?? users.find((u) => u.role === 'manager') ?? null;
  const listed = (team?.teamLeadIds ?? []).map((id) => byId.get(id)).filter((u): u is User => u !== undefined);
  const teamLeads = listed.length > 0 || !team ? listed : users.filter((u) => u.role === 'teamLead' && u.teamId === team.id);
  return { team, manager, teamLeads };
}
