import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  CommissionPlanSchema, CommissionsResponseSchema, SaleDetailResponseSchema, SaleListResponseSchema, TeamsResponseSchema,
  UsersResponseSchema,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import type { SaleStatus } from '../sale-labels';

/** GET /api/sales's filters as the console sends them (`from`/`to` already in the floor's time zone). */
export type SaleListParams = { status?: SaleStatus; from?: string; to?: string; leadId?: number };

// Sales, their details and the totals change together (a commission step moves all three); a
// "sale changed" message makes the whole family stale. Plans change on their own.
export const saleKeys = {
  all: ['sales'] as const,
  lists: () => [...saleKeys.all, 'list'] as const,
  list: (params: SaleListParams) => [...saleKeys.lists(), params] as const,
  details: () => [...saleKeys.all, 'detail'] as const,
  detail: (id: number) => [...saleKeys.details(), id] as const,
  commissions: () => [...saleKeys.all, 'commissions'] as const,
  /** The floor's people, to name who took each step of a sale's trace. */
  people: () => [...saleKeys.all, 'people'] as const,
};
export const planKeys = {
  all: ['commission-plan'] as const,
  /** null: the reader's own team (or the built-in default when they have none). */
  plan: (teamId: number | null) => [...planKeys.all, teamId] as const,
  teams: () => [...planKeys.all, 'teams'] as const,
};

export const SALES_PAGE_SIZE = 50;

/** Newest first, 50 at a time; the next page starts before the last sale shown. */
export const saleListQuery = (params: SaleListParams) =>
  infiniteQueryOptions({
    queryKey: saleKeys.list(params),
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/sales', SaleListResponseSchema, { signal, params: { ...params, limit: SALES_PAGE_SIZE, before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length === SALES_PAGE_SIZE ? last.at(-1)?.id : undefined),
  });

/** One sale and the trace of its figures. `minVersion` makes the gateway wait for a write we made. */
export const saleDetailQuery = (id: number, minVersion?: number) =>
  queryOptions({
    queryKey: saleKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/api/sales/${id}`, SaleDetailResponseSchema, { signal, params: { minVersion } }),
  });

/** Totals by status, overall and per month of the floor (12 months, newest first). */
export const commissionsQuery = queryOptions({
  queryKey: saleKeys.commissions(),
  queryFn: ({ signal }) => api.get('/api/commissions', CommissionsResponseSchema, { signal }),
});

export const commissionPlanQuery = (teamId: number | null) =>
  queryOptions({
    queryKey: planKeys.plan(teamId),
    queryFn: ({ signal }) => api.get('/api/commission-plan', CommissionPlanSchema, { signal, params: { teamId } }),
  });

/** The floor's teams, for a manager choosing whose plan to set. */
export const planTeamsQuery = queryOptions({
  queryKey: planKeys.teams(),
  queryFn: ({ signal }) => api.get('/api/teams', TeamsResponseSchema, { signal }),
});

export const salePeopleQuery = queryOptions({
  queryKey: saleKeys.people(),
  queryFn: ({ signal }) => api.get('/api/users', UsersResponseSchema, { signal }),
  staleTime: 5 * 60_000,
});
