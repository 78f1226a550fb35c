import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { RankedLeaderboardSchema, TeamStandingsSchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import type { Period } from '../tv-period';

// Standings move whenever points or sales land: a "leaderboard changed" message makes all of them stale.
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  standings: (period: Period, limit: number, asOf: string | null = null) => [...leaderboardKeys.all, 'standings', { period, limit, asOf }] as const,
  teams: (period: Period, asOf: string | null = null) => [...leaderboardKeys.all, 'teams', period, asOf] as const,
};

/**
 * Agents and team leads ranked by the period's points, then sales (ties share a rank); with
 * `asOf`, as they stood at that instant, in the period that held it (the past never changes).
 */
export const standingsQuery = (period: Period, limit: number, asOf: string | null = null) =>
  queryOptions({
    queryKey: leaderboardKeys.standings(period, limit, asOf),
    queryFn: ({ signal }) => api.get('/api/leaderboard', RankedLeaderboardSchema, { signal, params: { period, limit, ...(asOf ? { asOf } : {}) } }),
    ...(asOf ? { staleTime: Infinity, placeholderData: keepPreviousData } : {}),
  });

/** Teams ranked by their members' points in the period, then sales. */
export const teamStandingsQuery = (period: Period, asOf: string | null = null) =>
  queryOptions({
    queryKey: leaderboardKeys.teams(period, asOf),
    queryFn: ({ signal }) => api.get('/api/leaderboard/teams', TeamStandingsSchema, { signal, params: { period, ...(asOf ? { asOf } : {}) } }),
    ...(asOf ? { staleTime: Infinity, placeholderData: keepPreviousData } : {}),
  });
