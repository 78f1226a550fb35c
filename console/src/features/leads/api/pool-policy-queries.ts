import { queryOptions } from '@tanstack/react-query';
import { ClaimAttemptsResponseSchema, PoolPolicyViewSchema, UsersResponseSchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';

export const poolPolicyKeys = {
  all: ['pool-policy'] as const,
  view: () => [...poolPolicyKeys.all, 'view'] as const,
  /** Every lead's claim attempts: a claim anywhere may add to the one on screen. */
  allClaimAttempts: () => ['claim-attempts'] as const,
  claimAttempts: (leadId: number) => [...poolPolicyKeys.allClaimAttempts(), leadId] as const,
  people: () => [...poolPolicyKeys.all, 'people'] as const,
};

/** The pool's rules that apply to the signed-in user (and, for a manager, every scope), with their count of active leads. */
export const poolPolicyQuery = queryOptions({
  queryKey: poolPolicyKeys.view(),
  queryFn: ({ signal }) => api.get('/api/pool-policy', PoolPolicyViewSchema, { signal }),
});

/** Every claim of a lead the server decided, in the order it received them. */
export const claimAttemptsQuery = (leadId: number) =>
  queryOptions({
    queryKey: poolPolicyKeys.claimAttempts(leadId),
    queryFn: ({ signal }) => api.get(`/api/leads/${leadId}/claim-attempts`, ClaimAttemptsResponseSchema, { signal, params: { limit: 100 } }),
    retry: false,
  });

/** The floor's people, for naming agents in the distribution weights. */
export const floorPeopleQuery = queryOptions({
  queryKey: poolPolicyKeys.people(),
  queryFn: ({ signal }) => api.get('/api/users', UsersResponseSchema, { signal }),
  staleTime: 60_000,
});
