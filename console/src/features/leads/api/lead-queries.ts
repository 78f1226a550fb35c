import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { LeadHistoryResponseSchema, LeadListResponseSchema, LeadResponseSchema, type LeadListQuery } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { leadConsistencyParams, leadDetailConsistencyParams } from './lead-write-token';

/** Parameters of GET /api/leads as the console sends them (strings on the wire). */
export type LeadListParams = Partial<Record<Exclude<keyof LeadListQuery, 'customField'>, string | number | boolean>> & { customField?: readonly string[] };

export const leadKeys = {
  all: ['leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (params: LeadListParams) => [...leadKeys.lists(), params] as const,
  /** The pool's paged lists live under lists() too, so one invalidation refreshes every list. */
  pools: () => [...leadKeys.lists(), 'pages'] as const,
  pool: (params: LeadListParams) => [...leadKeys.pools(), params] as const,
  details: () => [...leadKeys.all, 'detail'] as const,
  detail: (id: number) => [...leadKeys.details(), id] as const,
  history: (id: number) => [...leadKeys.detail(id), 'history'] as const,
  asOf: (id: number, at: string) => [...leadKeys.detail(id), 'as-of', at] as const,
};

/**
 * One page of the lead pool, filtered and sorted by the server (spec 5's matching, spec 9's
 * sorts) so a 100,000-lead pool never travels whole. The previous page stays on screen while
 * a new filter loads.
 */
export const leadListQuery = (params: LeadListParams) =>
  queryOptions({
    queryKey: leadKeys.list(params),
    queryFn: ({ signal }) => api.get('/api/leads', LeadListResponseSchema, { signal, params: { ...params, ...leadConsistencyParams() } }),
    placeholderData: keepPreviousData,
  });

/** Rows fetched per page: a screenful and a half, so scrolling rarely waits. */
export const POOL_PAGE_SIZE = 50;

/**
 * The pool as keyset pages (`cursor` → `nextCursor`), for the virtualized list and each
 * pipeline column: only the pages scrolled to are fetched, whatever the pool's size.
 */
export const leadPoolQuery = (params: LeadListParams) =>
  infiniteQueryOptions({
    queryKey: leadKeys.pool(params),
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/leads', LeadListResponseSchema, {
        signal,
        params: { ...params, limit: POOL_PAGE_SIZE, cursor: pageParam, ...leadConsistencyParams() },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** One lead now; after the user's own write it waits for that version (read-your-writes). */
export const leadDetailQuery = (id: number) =>
  queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/api/leads/${id}`, LeadResponseSchema, { signal, params: leadDetailConsistencyParams(id) }),
  });

/** The lead as it was at an instant, rebuilt by the server from its events. Past never changes. */
export const leadAsOfQuery = (id: number, at: string) =>
  queryOptions({
    queryKey: leadKeys.asOf(id, at),
    queryFn: ({ signal }) => api.get(`/api/leads/${id}`, LeadResponseSchema, { signal, params: { asOf: at } }),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

/** Every event of the lead, oldest first, as lines an auditor reads. */
export const leadHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: leadKeys.history(id),
    queryFn: ({ signal }) => api.get(`/api/leads/${id}/history`, LeadHistoryResponseSchema, { signal }),
  });
