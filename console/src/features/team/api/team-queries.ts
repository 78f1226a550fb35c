import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  RankedLeaderboardSchema, TeamHistorySchema, TeamsResponseSchema, TeamStandingsSchema, TeamStructureSchema,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';

export type RankingPeriod = 'week' | 'month' | 'all';

// Staffing changes ("team changed") and standings ("leaderboard changed") both make these stale.
export const teamKeys = {
  all: ['team'] as const,
  structure: () => [...teamKeys.all, 'structure'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  history: (teamId: number) => [...teamKeys.all, 'history', teamId] as const,
  standings: (period: RankingPeriod, teamId: number | null) => [...teamKeys.all, 'standings', { period, teamId }] as const,
  teamStandings: (period: RankingPeriod) => [...teamKeys.all, 'team-standings', period] as const,
};

/** The floor as a tree: Sales Manager, then each team's leads and agents, with their figures. */
export const teamStructureQuery = queryOptions({
  queryKey: teamKeys.structure(),
  queryFn: ({ signal }) => api.get('/api/teams/structure', TeamStructureSchema, { signal }),
});

export const teamListQuery = queryOptions({
  queryKey: teamKeys.list(),
  queryFn: ({ signal }) => api.get('/api/teams', TeamsResponseSchema, { signal }),
});

/** Every change to a team, newest first, a page at a time. */
export const teamHistoryQuery = (teamId: number) =>
  infiniteQueryOptions({
    queryKey: teamKeys.history(teamId),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api.get(`/api/teams/${teamId}/history`, TeamHistorySchema, { signal, params: { limit: 20, ...(pageParam ? { before: pageParam } : {}) } }),
    getNextPageParam: (page) => page.nextCursor,
  });

/** Agents and team leads of the floor, or of one team, ranked by the period's points, then sales. */
// With `asOf` (time travel): as the standings stood then, which never changes.
export const standingsQuery = (period: RankingPeriod, teamId: number | null, asOf: string | null = null) =>
  queryOptions({
    queryKey: [...teamKeys.standings(period, teamId), asOf],
    queryFn: ({ signal }) =>
      api.get('/api/leaderboard', RankedLeaderboardSchema, {
        signal, params: { period, limit: 50, ...(teamId === null ? {} : { teamId }), ...(asOf ? { asOf } : {}) },
      }),
    ...(asOf ? { staleTime: Infinity, placeholderData: keepPreviousData } : {}),
  });

export const teamStandingsQuery = (period: RankingPeriod, asOf: string | null = null) =>
  queryOptions({
    queryKey: [...teamKeys.teamStandings(period), asOf],
    queryFn: ({ signal }) => api.get('/api/leaderboard/teams', TeamStandingsSchema, { signal, params: { period, ...(asOf ? { asOf } : {}) } }),
    ...(asOf ? { staleTime: Infinity, placeholderData: keepPreviousData } : {}),
  });
