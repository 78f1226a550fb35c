import type { CreateLeadBodySchema } from '@leadfloor/contracts';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { z } from 'zod';
import { activeFieldsFor, customFieldStream } from '../custom-fields/custom-field-set';
import { customFieldAggregate } from '../custom-fields/decide-custom-field';
import { checkFieldValues } from '../custom-fields/field-values';
import { loadState } from '../shared/load-state';
import type { CommandMeta, CreateLead, SetLeadCustomFields } from './commands';

type NewLeadBody = z.output<typeof CreateLeadBodySchema>;

/** The funnel fields of a CreateLead: only those given, so a lead made by hand carries none in its event. */
export const funnelAttribution = (funnelSource: string | null, funnelCampaignId: string | null) => ({
  ...(funnelSource === null ? {} : { funnelSource }),
  ...(funnelCampaignId === null ? {} : { funnelCampaignId }),
});
export type NewLeadCommands = (leadId: number, meta: CommandMeta, extra?: { releaseAt?: string }) => (CreateLead | SetLeadCustomFields)[];

/**
 * How each new lead of a request is made, whether one (POST /api/leads) or a batch (POST
 * /api/leads/bulk): CreateLead, and its custom field values checked against the floor's active
 * fields of its type, required ones asked for. Every lead is checked before any is made, so a
 * refused batch makes none (400 naming the field, `leads.<i>.customFields.<name>` in a batch).
 */
export async function planNewLeads(store: EventStore, bodies: readonly NewLeadBody[], fieldPath: (i: number) => string = () => ''): Promise<NewLeadCommands[]> {
  const { state: fieldSet } = await loadState(store, customFieldAggregate, customFieldStream);
  return bodies.map((body, i) => {
    const { status: _available, customFields = {}, funnelSource, funnelCampaignId, ...rest } = body;
    const fields = { ...rest, ...funnelAttribution(funnelSource, funnelCampaignId) };
    const typeFields = activeFieldsFor(fieldSet, fields.leadType);
    const checked = checkFieldValues(typeFields, customFields, { complete: true });
    if (!checked.ok) throw new ApiError(400, 'validation_failed', checked.message, { field: `${fieldPath(i)}customFields.${checked.field}` });
    return (leadId, meta, extra = {}) => [
      { type: 'CreateLead', data: { leadId, ...fields, ...extra }, meta },
      ...(Object.keys(checked.values).length > 0
        ? [{ type: 'SetLeadCustomFields' as const, data: { leadId, values: checked.values, complete: true }, meta: { ...meta, fields: typeFields } }] : []),
    ];
  });
}
