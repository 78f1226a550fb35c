import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AgentAnalyticsSchema, CallAnalyticsSummarySchema, CommissionsResponseSchema, FunnelAnalyticsSchema, LeadAnalyticsSchema,
  LeadExplainSchema, TeamsResponseSchema, type AnalyticsFilters,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { analyticsKeys, type ExplainRequest } from './analytics-keys';

export const leadAnalyticsQuery = (filters: AnalyticsFilters) => queryOptions({
  queryKey: analyticsKeys.leads(filters),
  queryFn: ({ signal }) => api.get('/api/analytics/leads', LeadAnalyticsSchema, { signal, params: filters }),
  placeholderData: keepPreviousData,
});

/** Agents per page; "Show more agents" reads the next keyset page. */
export const AGENT_PAGE_SIZE = 50;
export const agentAnalyticsQuery = (filters: AnalyticsFilters) => infiniteQueryOptions({
  queryKey: analyticsKeys.agents(filters),
  queryFn: ({ signal, pageParam }) =>
    api.get('/api/analytics/agents', AgentAnalyticsSchema, { signal, params: { ...filters, limit: AGENT_PAGE_SIZE, cursor: pageParam } }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  placeholderData: keepPreviousData,
});

export const FUNNEL_PAGE_SIZE = 50;
export const funnelAnalyticsQuery = (filters: AnalyticsFilters) => infiniteQueryOptions({
  queryKey: analyticsKeys.funnel(filters),
  queryFn: ({ signal, pageParam }) =>
    api.get('/api/analytics/funnel', FunnelAnalyticsSchema, { signal, params: { ...filters, limit: FUNNEL_PAGE_SIZE, cursor: pageParam } }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  placeholderData: keepPreviousData,
});

export const EXPLAIN_PAGE_SIZE = 25;
/** The leads behind a figure, page after page ("Show more"). */
export const explainQuery = (q: ExplainRequest) => infiniteQueryOptions({
  queryKey: analyticsKeys.explain(q),
  queryFn: ({ signal, pageParam }) =>
    api.get('/api/analytics/leads/explain', LeadExplainSchema, { signal, params: { ...q, limit: EXPLAIN_PAGE_SIZE, cursor: pageParam } }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** The hub's call figures: the same summary the dashboard's Call Analytics card reads. */
export const callSummaryQuery = queryOptions({
  queryKey: analyticsKeys.callSummary(),
  queryFn: ({ signal }) => api.get('/api/calls/analytics/summary', CallAnalyticsSummarySchema, { signal }),
});

export const commissionsQuery = queryOptions({
  queryKey: analyticsKeys.commissions(),
  queryFn: ({ signal }) => api.get('/api/commissions', CommissionsResponseSchema, { signal }),
});

export const teamsQuery = queryOptions({
  queryKey: analyticsKeys.teams(),
  queryFn: ({ signal }) => api.get('/api/teams', TeamsResponseSchema, { signal }),
  staleTime: 60_000,
});
