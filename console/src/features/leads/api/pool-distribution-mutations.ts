import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AssignNextResponseSchema, OfferActionResponseSchema, type AvailabilityStatus } from '@leadfloor/contracts';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { storeLead } from './lead-cache';
import { leadKeys } from './lead-queries';
import { rememberLeadWrite } from './lead-write-token';
import { poolDistributionKeys } from './pool-distribution-queries';
import { poolPolicyKeys } from './pool-policy-queries';

const AvailabilityAnswerSchema = z.object({ status: z.enum(['available', 'away']), changedAt: z.string() });

/** PUT /api/me/availability. */
export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: AvailabilityStatus) => api.put('/api/me/availability', { status }, AvailabilityAnswerSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: poolDistributionKeys.availability() }),
  });
}

/**
 * Accept (the claim: POST /offer/accept) or pass (POST /offer/pass) an offered lead. The answer
 * goes into the caches; the offers, the pool and the agent's count against the cap refetch.
 */
export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, answer }: { leadId: number; answer: 'accept' | 'pass' }) =>
      api.post(`/api/leads/${leadId}/offer/${answer}`, {}, OfferActionResponseSchema, { headers: { 'Idempotency-Key': newIdempotencyKey() } }),
    onSuccess: ({ lead, version }) => {
      rememberLeadWrite(lead.id, version);
      storeLead(queryClient, lead, version);
    },
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: poolDistributionKeys.myOffers() }),
      queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: poolPolicyKeys.view() }),
    ]),
  });
}

/** POST /api/leads/{id}/assign-next: a manager offers the lead to the rotation's next agent. */
export function useAssignNext() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leadId: number) =>
      api.post(`/api/leads/${leadId}/assign-next`, {}, AssignNextResponseSchema, { headers: { 'Idempotency-Key': newIdempotencyKey() } }),
    onSuccess: ({ lead, version }) => {
      rememberLeadWrite(lead.id, version);
      storeLead(queryClient, lead, version);
      void queryClient.invalidateQueries({ queryKey: leadKeys.lists() });
    },
  });
}
