import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { User } from '@leadfloor/contracts';
import { teamStructureQuery } from './api/team-queries';
import { chosenTeam, myTeams, writeChosenTeam } from './my-teams';

/**
 * The team a team-scoped tab (chat, tasks) shows, and the teams I may switch to: kept in the
 * address as `?team=`, so a link or a reload opens the same team, and both tabs share the choice.
 */
export function useTeamChoice(me: Pick<User, 'id' | 'role' | 'teamId'>) {
  const structure = useQuery(teamStructureQuery);
  const [search, setSearch] = useSearchParams();
  const teams = structure.data ? myTeams(me, structure.data.teams) : [];
  const team = chosenTeam(teams, search);
  const choose = (teamId: number) => setSearch((current) => writeChosenTeam(current, teamId), { replace: true });
  return { structure, teams, team, choose };
}
