import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LeadCustomFieldsResponseSchema, type CustomFieldValues } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { customValueKeys, rememberValueWrite } from './custom-value-queries';
import { leadKeys } from './lead-queries';
import { rememberLeadWrite } from './lead-write-token';

/** PUT /api/leads/{id}/custom-fields: the answer is the lead's values now; lists refresh (a filter may hold them). */
export function useSetCustomValues(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, CustomFieldValues[string] | null>) =>
      api.put(`/api/leads/${leadId}/custom-fields`, { values }, LeadCustomFieldsResponseSchema, { headers: { 'Idempotency-Key': newIdempotencyKey() } }),
    onSuccess: (answer) => {
      rememberLeadWrite(leadId, answer.version);
      rememberValueWrite(leadId, answer.version);
      queryClient.setQueryData(customValueKeys.lead(leadId), answer);
      void queryClient.invalidateQueries({ queryKey: leadKeys.lists() });
    },
  });
}
