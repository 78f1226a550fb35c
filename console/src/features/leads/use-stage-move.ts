import { useQueryClient } from '@tanstack/react-query';
import type { Lead } from '@leadfloor/contracts';
import { toast } from '../../components/ui/toast-store';
import { withLeadFirst, withoutLead, type LeadPages } from './api/lead-cache';
import { useUpdateLead } from './api/lead-mutations';
import { leadKeys, type LeadListParams } from './api/lead-queries';
import { STAGE_LABELS } from './lead-labels';

/**
 * Spec 4's pipeline move: the card changes column at once (optimistic), the PATCH follows;
 * if it fails both columns go back to what the server had, with spec 8's toast. A drop on
 * the lead's own column does nothing.
 */
export function useStageMove(columnParams: (stage: Lead['stage']) => LeadListParams) {
  const queryClient = useQueryClient();
  const update = useUpdateLead();
  return async (lead: Lead, to: Lead['stage']) => {
    if (lead.stage === to) return;
    const from = leadKeys.pool(columnParams(lead.stage));
    const into = leadKeys.pool(columnParams(to));
    // A column refetch landing now would undo the optimistic move on screen.
    await Promise.all([queryClient.cancelQueries({ queryKey: from }), queryClient.cancelQueries({ queryKey: into })]);
    const before = [queryClient.getQueryData<LeadPages>(from), queryClient.getQueryData<LeadPages>(into)] as const;
    queryClient.setQueryData<LeadPages>(from, (d) => d && withoutLead(d, lead.id));
    queryClient.setQueryData<LeadPages>(into, (d) => d && withLeadFirst(d, { ...lead, stage: to }));
    // mutateAsync, not mutate: every drop gets its own outcome even when drops overlap.
    try {
      await update.mutateAsync({ leadId: lead.id, body: { stage: to } });
      toast({ title: 'Lead Updated', description: `Lead stage updated to ${STAGE_LABELS[to]}`, variant: 'success' });
    } catch {
      queryClient.setQueryData(from, before[0]);
      queryClient.setQueryData(into, before[1]);
      toast({ title: 'Error', description: 'Failed to update lead stage. Please try again.', variant: 'destructive' });
    }
  };
}
