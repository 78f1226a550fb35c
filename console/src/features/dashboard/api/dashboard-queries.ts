import { queryOptions } from '@tanstack/react-query';
import {
  BadgesResponseSchema, LeaderboardResponseSchema, StatsResponseSchema, TeamsResponseSchema, UserBadgesResponseSchema,
  UsersResponseSchema,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  leaderboard: () => [...dashboardKeys.all, 'leaderboard'] as const,
  badges: () => [...dashboardKeys.all, 'badges'] as const,
  userBadges: () => [...dashboardKeys.all, 'user-badges'] as const,
  users: () => [...dashboardKeys.all, 'users'] as const,
  teams: () => [...dashboardKeys.all, 'teams'] as const,
};

export const statsQuery = queryOptions({
  queryKey: dashboardKeys.stats(),
  queryFn: async ({ signal }) => (await api.get('/api/dashboard/stats', StatsResponseSchema, { signal })).stats,
});

export const leaderboardQuery = queryOptions({
  queryKey: dashboardKeys.leaderboard(),
  queryFn: ({ signal }) => api.get('/api/leaderboard', LeaderboardResponseSchema, { signal }),
});

export const badgesQuery = queryOptions({
  queryKey: dashboardKeys.badges(),
  queryFn: ({ signal }) => api.get('/api/badges', BadgesResponseSchema, { signal }),
});

export const userBadgesQuery = queryOptions({
  queryKey: dashboardKeys.userBadges(),
  queryFn: ({ signal }) => api.get('/api/user-badges', UserBadgesResponseSchema, { signal }),
});

export const usersQuery = queryOptions({
  queryKey: dashboardKeys.users(),
  queryFn: ({ signal }) => api.get('/api/users', UsersResponseSchema, { signal }),
});

export const teamsQuery = queryOptions({
  queryKey: dashboardKeys.teams(),
  queryFn: ({ signal }) => api.get('/api/teams', TeamsResponseSchema, { signal }),
});

