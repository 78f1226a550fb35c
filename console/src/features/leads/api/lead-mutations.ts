import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LeadResponseSchema, type CreateLeadBody, type LeadPatchBody } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { storeLead } from './lead-cache';
import { leadKeys } from './lead-queries';
import { poolPolicyKeys } from './pool-policy-queries';
import { rememberLeadWrite } from './lead-write-token';

/** POST /api/leads (spec 2.8, 7): a new lead is always 'available'; every lead list refreshes after. */
export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateLeadBody, 'status'>) => api.post('/api/leads', { ...body, status: 'available' }, LeadResponseSchema),
    onSuccess: ({ lead, version }) => {
      rememberLeadWrite(lead.id, version);
      return queryClient.invalidateQueries({ queryKey: leadKeys.lists() });
    },
  });
}

export type LeadPatch = { leadId: number; body: LeadPatchBody };

/**
 * PATCH /api/leads/{id} with one of spec 7's bodies. Each attempt carries its own
 * Idempotency-Key. On success the answer goes straight into the caches, then lists, the
 * detail and the history refetch waiting for that version (read-your-writes). On failure they
 * refetch too: a 409 or 403 means the lead changed under us, and the screen should show how.
 */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  const refresh = (leadId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: leadKeys.detail(leadId) }),
      // A claim, a close or a reopening moves the agent's count against the floor's cap.
      queryClient.invalidateQueries({ queryKey: poolPolicyKeys.view() }),
      queryClient.invalidateQueries({ queryKey: poolPolicyKeys.claimAttempts(leadId) }),
    ]);
  return useMutation({
    mutationFn: ({ leadId, body }: LeadPatch) =>
      api.patch(`/api/leads/${leadId}`, body, LeadResponseSchema, { headers: { 'Idempotency-Key': newIdempotencyKey() } }),
    onSuccess: ({ lead, version }) => {
      rememberLeadWrite(lead.id, version);
      storeLead(queryClient, lead, version);
      void refresh(lead.id);
    },
    onError: (_error, { leadId }) => void refresh(leadId),
  });
}
