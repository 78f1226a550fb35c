import { infiniteQueryOptions } from '@tanstack/react-query';
import { TeamTasksResponseSchema, type TeamTaskFilter } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { teamKeys } from './team-queries';

/** Tasks a page of a list holds. */
export const TASK_PAGE_SIZE = 50;

// Under teamKeys.all: a reconnect's resync, and staffing changes (an assignee who left), refetch them too.
export const taskKeys = {
  all: [...teamKeys.all, 'tasks'] as const,
  team: (teamId: number) => [...taskKeys.all, teamId] as const,
  list: (teamId: number, filter: TeamTaskFilter) => [...taskKeys.team(teamId), filter] as const,
};

/** One of a team's task lists (mine, team, done, overdue), a page at a time, with every list's count. */
export const teamTasksQuery = (teamId: number, filter: TeamTaskFilter) =>
  infiniteQueryOptions({
    queryKey: taskKeys.list(teamId, filter),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api.get(`/api/teams/${teamId}/tasks`, TeamTasksResponseSchema, { signal, params: { filter, limit: TASK_PAGE_SIZE, cursor: pageParam } }),
    getNextPageParam: (page) => page.nextCursor,
  });
