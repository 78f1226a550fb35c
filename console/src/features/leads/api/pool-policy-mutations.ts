import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LeadResponseSchema, PoolPolicyWriteResponseSchema, type PoolPolicyBody } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { storeLead } from './lead-cache';
import { leadKeys } from './lead-queries';
import { rememberLeadWrite } from './lead-write-token';
import { poolPolicyKeys } from './pool-policy-queries';

/** The policy, and every list whose countdowns it times, refetch after a change of the rules. */
const useRefreshRules = () => {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: poolPolicyKeys.all }),
    queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
  ]);
};

/** PUT /api/pool-policy: one scope's whole rule set (the floor's, or a team's override). */
export function useSavePoolPolicy() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: (body: PoolPolicyBody) => api.put('/api/pool-policy', body, PoolPolicyWriteResponseSchema),
    onSettled: refresh,
  });
}

/** DELETE /api/pool-policy/teams/{id}: the team follows the floor's rules again. */
export function useRemovePoolPolicyOverride() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: (teamId: number) => api.delete(`/api/pool-policy/teams/${teamId}`, PoolPolicyWriteResponseSchema),
    onSettled: refresh,
  });
}

/** PUT (exempt) or DELETE (back under the rule) /api/leads/{id}/auto-release-exemption, a manager's. */
export function useAutoReleaseExemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, exempt }: { leadId: number; exempt: boolean }) => exempt
      ? api.put(`/api/leads/${leadId}/auto-release-exemption`, {}, LeadResponseSchema, { headers: { 'Idempotency-Key': newIdempotencyKey() } })
      : api.delete(`/api/leads/${leadId}/auto-release-exemption`, LeadResponseSchema, { headers: { 'Idempotency-Key': newIdempotencyKey() } }),
    onSuccess: ({ lead, version }) => {
      rememberLeadWrite(lead.id, version);
      storeLead(queryClient, lead, version);
      void queryClient.invalidateQueries({ queryKey: leadKeys.lists() });
    },
  });
}
