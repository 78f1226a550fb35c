import { queryOptions } from '@tanstack/react-query';
import { LeadCustomFieldsResponseSchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { leadKeys } from './lead-queries';

/** Under the lead's detail key: whatever refreshes the lead refreshes its values too. */
export const customValueKeys = { lead: (id: number) => [...leadKeys.detail(id), 'custom-fields'] as const };

// Read-your-writes for the values: the version the user's own change answered, for a while.
const WRITE_TTL_MS = 10_000;
const valueWrites = new Map<number, { version: number; at: number }>();
export const rememberValueWrite = (leadId: number, version: number) => valueWrites.set(leadId, { version, at: Date.now() });
function minVersionOf(leadId: number) {
  const w = valueWrites.get(leadId);
  if (w && Date.now() - w.at <= WRITE_TTL_MS) return { minVersion: w.version };
  valueWrites.delete(leadId);
  return {};
}

/** A lead's custom field values, with the active fields of its type (labels, types, options). */
export const leadCustomValuesQuery = (id: number) => queryOptions({
  queryKey: customValueKeys.lead(id),
  queryFn: ({ signal }) => api.get(`/api/leads/${id}/custom-fields`, LeadCustomFieldsResponseSchema, { signal, params: minVersionOf(id) }),
});
