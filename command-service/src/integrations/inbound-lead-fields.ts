import type { LeadType } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { activeFieldsFor, customFieldStream } from '../custom-fields/custom-field-set';
import { customFieldAggregate } from '../custom-fields/decide-custom-field';
import { checkFieldValues } from '../custom-fields/field-values';
import { loadState } from '../shared/load-state';

/**
 * An inbound lead's custom field values, checked as POST /api/leads checks them: against the
 * floor's active fields of the lead's type, required ones asked for. The fields come along for
 * the SetLeadCustomFields command.
 */
export async function checkInboundFields(store: EventStore, leadType: LeadType, values: Parameters<typeof checkFieldValues>[1]) {
  const { state } = await loadState(store, customFieldAggregate, customFieldStream);
  const fields = activeFieldsFor(state, leadType);
  const checked = checkFieldValues(fields, values, { complete: true });
  return checked.ok ? { ...checked, fields } : checked;
}
