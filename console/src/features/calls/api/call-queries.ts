import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  CallAnalyticsSummarySchema, CallListResponseSchema, CallResponseSchema, CallScriptSchema, CallTrendsSchema, LeadListResponseSchema, TeamsResponseSchema, UsersResponseSchema,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import type { CallListParams } from '../call-filters';

export const callKeys = {
  all: ['calls'] as const,
  /** Every list of calls: one invalidation refreshes them all. */
  lists: () => [...callKeys.all, 'list'] as const,
  list: (params: CallListParams) => [...callKeys.lists(), params] as const,
  details: () => [...callKeys.all, 'detail'] as const,
  detail: (id: number) => [...callKeys.details(), id] as const,
  trends: () => [...callKeys.all, 'trends'] as const,
  summary: () => [...callKeys.all, 'summary'] as const,
  trend: (params: { weeks: number; userId?: number }) => [...callKeys.trends(), params] as const,
  script: (teamId: number | null) => [...callKeys.all, 'script', teamId] as const,
  /** The leads the signed-in agent holds: what a call can be logged against. */
  heldLeads: () => [...callKeys.all, 'held-leads'] as const,
  users: () => [...callKeys.all, 'users'] as const,
  teams: () => [...callKeys.all, 'teams'] as const,
};

/** Calls per page of the log: the server's keyset pages go back by `before` (a call id). */
export const CALL_PAGE_SIZE = 50;

/** The call log, newest first, filtered by the server; "Load more" fetches the next page. */
export const callListQuery = (params: CallListParams) =>
  infiniteQueryOptions({
    queryKey: callKeys.list(params),
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/calls', CallListResponseSchema, { signal, params: { ...params, limit: CALL_PAGE_SIZE, before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length < CALL_PAGE_SIZE ? undefined : last.at(-1)?.id),
    placeholderData: keepPreviousData,
  });

/** One call with its analytics (null until the analysis job has run). */
export const callDetailQuery = (id: number) =>
  queryOptions({
    queryKey: callKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/api/calls/${id}`, CallResponseSchema, { signal }),
  });

/**
 * The Call Analytics card's averages (spec 2.5), computed by the server over the calls that
 * have analytics, rather than by fetching every call into the browser.
 */
export const callSummaryQuery = queryOptions({
  queryKey: callKeys.summary(),
  queryFn: ({ signal }) => api.get('/api/calls/analytics/summary', CallAnalyticsSummarySchema, { signal }),
});

/** Per week and per agent, over the last `weeks` weeks (GET /api/call-analytics). */
export const callTrendsQuery = (params: { weeks: number; userId?: number }) =>
  queryOptions({
    queryKey: callKeys.trend(params),
    queryFn: ({ signal }) => api.get('/api/call-analytics', CallTrendsSchema, { signal, params }),
    placeholderData: keepPreviousData,
  });

/** A team's call script (null: the reader's own team); version 0 is the built-in default. */
export const callScriptQuery = (teamId: number | null) =>
  queryOptions({
    queryKey: callKeys.script(teamId),
    queryFn: ({ signal }) => api.get('/api/call-script', CallScriptSchema, { signal, params: { teamId } }),
  });

/** The API's largest page: an agent holds far fewer leads than this. */
export const HELD_LEADS_LIMIT = 500;

export const heldLeadsQuery = queryOptions({
  queryKey: callKeys.heldLeads(),
  queryFn: ({ signal }) =>
    api.get('/api/leads', LeadListResponseSchema, { signal, params: { showMyLeadsOnly: 'true', sort: 'name_asc', limit: HELD_LEADS_LIMIT } }),
  staleTime: 0,
});

export const usersQuery = queryOptions({
  queryKey: callKeys.users(),
  queryFn: ({ signal }) => api.get('/api/users', UsersResponseSchema, { signal }),
});

export const teamsQuery = queryOptions({
  queryKey: callKeys.teams(),
  queryFn: ({ signal }) => api.get('/api/teams', TeamsResponseSchema, { signal }),
});
