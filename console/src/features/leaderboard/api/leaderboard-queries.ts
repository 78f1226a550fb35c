import { queryOptions } from '@tanstack/react-query';
import { RankedLeaderboardSchema, TeamStandingsSchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import type { Period } from '../tv-period';

// Standings move whenever points or sales land: a "leaderboard changed" message makes all of them stale.
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  standings: (period: Period, limit: number) => [...leaderboardKeys.all, 'standings', { period, limit }] as const,
  teams: (period: Period) => [...leaderboardKeys.all, 'teams', period] as const,
};

/** Agents and team leads ranked by the period's points, then sales (ties share a rank). */
export const standingsQuery = (period: Period, limit: number) =>
  queryOptions({
    queryKey: leaderboardKeys.standings(period, limit),
    queryFn: ({ signal }) => api.get('/api/leaderboard', RankedLeaderboardSchema, { signal, params: { period, limit } }),
  });

/** Teams ranked by their members' points in the period, then sales. */
export const teamStandingsQuery = (period: Period) =>
  queryOptions({
    queryKey: leaderboardKeys.teams(period),
    queryFn: ({ signal }) => api.get('/api/leaderboard/teams', TeamStandingsSchema, { signal, params: { period } }),
  });
