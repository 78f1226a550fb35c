import type { LeadEvent } from '@leadfloor/events';
import type { Lead } from '@leadfloor/events';
import { checkFieldValues } from '../custom-fields/field-values';
import { Forbidden, RuleViolation } from '../shared/domain-error';
import { normalizeTags } from './decide';
import type { EditLeadDetails, MarkLeadImported, SetLeadCustomFields, WithdrawLead } from './commands';

/**
 * A lead's details and custom field values: its holder may change them, any manager (who keeps
 * the floor's data: an import's update, a correction), and whoever entered it until it is claimed. Only what differs is recorded.
 * An import marks the leads it made, and its undo withdraws those nobody has claimed or worked.
 */
export function decideDetails(c: EditLeadDetails | SetLeadCustomFields | MarkLeadImported | WithdrawLead, lead: Lead): LeadEvent[] {
  const { actor, now: at } = c.meta;
  const leadId = lead.id;
  switch (c.type) {
    case 'MarkLeadImported':
      return [{ type: 'LeadImported', data: { leadId, importId: c.data.importId, row: c.data.row, at } }];
    case 'WithdrawLead':
      if (actor.role !== 'manager') throw new Forbidden('lead.withdraw_forbidden', 'Only a manager may take back imported leads.');
      if (c.meta.worked || lead.claimedBy !== null || lead.status !== 'available') {
        throw new RuleViolation('lead.worked', `Lead ${leadId} has been claimed or worked since it was imported.`, { status: lead.status });
      }
      return [{ type: 'LeadWithdrawn', data: { leadId, importId: c.data.importId, by: actor.id, at } }];
    case 'EditLeadDetails': {
      mayEdit(lead, actor);
      const changes = Object.fromEntries(Object.entries(c.data.changes).filter(([k, v]) => v !== undefined && v !== lead[k as keyof Lead]));
      const events: LeadEvent[] = Object.keys(changes).length === 0 ? [] : [{ type: 'LeadDetailsEdited', data: { leadId, changes, at } }];
      const { tags: rawTags, priority } = c.data;
      if (rawTags !== undefined) {
        const tags = normalizeTags(rawTags);
        if (tags.length !== lead.tags.length || tags.some((t, i) => t !== lead.tags[i])) events.push({ type: 'LeadTagsChanged', data: { leadId, tags, at } });
      }
      if (priority !== undefined && priority !== lead.priority) events.push({ type: 'LeadPriorityChanged', data: { leadId, from: lead.priority, to: priority, at } });
      return events;
    }
    case 'SetLeadCustomFields': {
      mayEdit(lead, actor);
      const fields = c.meta.fields.filter((f) => f.leadType === lead.leadType);
      const checked = checkFieldValues(fields, c.data.values, { complete: c.data.complete ?? false });
      if (!checked.ok) throw new RuleViolation('lead.invalid_custom_field', checked.message, { field: checked.field });
      const values = Object.fromEntries(Object.entries(checked.values).filter(([k, v]) => (lead.customFields[k] ?? null) !== v));
      return Object.keys(values).length === 0 ? [] : [{ type: 'LeadCustomFieldsChanged', data: { leadId, values, at } }];
    }
  }
}

/**
 * The holder, any manager, or whoever entered the lead while it is still in the pool unclaimed
 * (their own entry to complete); and the system, for the customer's own words (a funnel form sent
 * again by the same person updates their lead).
 */
function mayEdit(lead: Lead, actor: { id: number; role: string }) {
  if (actor.role === 'manager' || actor.role === 'system' || (lead.claimedBy !== null && lead.claimedBy === actor.id)) return;
  if (lead.claimedBy === null && lead.createdBy === actor.id) return;
  throw new Forbidden('lead.not_claimer', 'Only the agent holding this lead or a manager may change its details.', { claimedBy: lead.claimedBy });
}
