import { describe, expect, it } from 'vitest';
import type { LeadEvent } from '@leadfloor/events';
import type { CustomFieldDefinition } from '../custom-fields/custom-field-set';
import type { Actor, LeadCommand } from './commands';
import { LEAD_ID, NOW, T0, ann, bob, by, claimedBy, created, given, max } from './decide-scenario';

const budget: CustomFieldDefinition = {
  id: 1, name: 'budget', leadType: 'real_estate', label: 'Budget', fieldType: 'number', required: false, placeholder: null, options: [], order: 0, active: true,
};
const rooms: CustomFieldDefinition = { ...budget, id: 2, name: 'rooms', label: 'Rooms', fieldType: 'select', options: ['1', '2'], required: true };
const setFields = (a: Actor, values: Record<string, string | number | null>): LeadCommand =>
  ({ type: 'SetLeadCustomFields', data: { leadId: LEAD_ID, values }, meta: { ...by(a), fields: [budget, rooms] } });
const edit = (a: Actor, changes: Record<string, string>): LeadCommand => ({ type: 'EditLeadDetails', data: { leadId: LEAD_ID, changes }, meta: by(a) });
const withdraw = (a: Actor, worked = false): LeadCommand =>
  ({ type: 'WithdrawLead', data: { leadId: LEAD_ID, importId: 3 }, meta: { ...by(a), worked } });
type Created = Extract<LeadEvent, { type: 'LeadCreated' }>;
const createdWith = (data: Partial<Created['data']>): LeadEvent => ({ type: 'LeadCreated', data: { ...(created as Created).data, ...data } });
const createdByAnn = createdWith({ createdBy: ann.id });

describe('EditLeadDetails', () => {
  it('records only what differs, for the holder', () => {
    given(created, claimedBy(ann)).when(edit(ann, { city: 'Dallas', state: 'TX' }))
      .then([{ type: 'LeadDetailsEdited', data: { leadId: LEAD_ID, changes: { city: 'Dallas' }, at: NOW } }]);
  });
  it('lets any manager correct a lead, held or not', () => {
    given(created).when(edit(max, { name: 'Dana R.' })).then([{ type: 'LeadDetailsEdited', data: { leadId: LEAD_ID, changes: { name: 'Dana R.' }, at: NOW } }]);
  });
  it("refuses another agent's lead, and an unclaimed lead someone else entered", () => {
    given(created, claimedBy(ann)).when(edit(bob, { city: 'Dallas' })).then({ kind: 'Forbidden', code: 'lead.not_claimer' });
    given(created).when(edit(bob, { city: 'Dallas' })).then({ kind: 'Forbidden', code: 'lead.not_claimer' });
  });
  it('lets whoever entered the lead complete it until it is claimed', () => {
    given(createdByAnn).when(edit(ann, { city: 'Dallas' })).then([expect.objectContaining({ type: 'LeadDetailsEdited' })]);
    given(createdByAnn, claimedBy(bob)).when(edit(ann, { city: 'Dallas' })).then({ kind: 'Forbidden', code: 'lead.not_claimer' });
  });
  it('is a no-op when nothing changes', () => {
    given(created, claimedBy(ann)).when(edit(ann, { city: 'Austin' })).then([]);
  });
  it("sets an unclaimed lead's tags (cleaned) and priority for a manager, as an import does, and skips what is already so", () => {
    const labels = (tags: string[] | undefined, priority: 'low' | 'medium' | 'high' | undefined, who: Actor = max): LeadCommand =>
      ({ type: 'EditLeadDetails', data: { leadId: LEAD_ID, changes: {}, ...(tags ? { tags } : {}), ...(priority ? { priority } : {}) }, meta: by(who) });
    given(created).when(labels([' VIP ', 'vip', 'Hot Lead'], 'high')).then([
      { type: 'LeadTagsChanged', data: { leadId: LEAD_ID, tags: ['VIP', 'Hot Lead'], at: NOW } },
      { type: 'LeadPriorityChanged', data: { leadId: LEAD_ID, from: 'medium', to: 'high', at: NOW } },
    ]);
    given(created).when(labels([], 'medium')).then([]);
    given(created).when(labels(['VIP'], undefined, bob)).then({ kind: 'Forbidden', code: 'lead.not_claimer' });
  });
});

describe('SetLeadCustomFields', () => {
  it('stores values as their field types have them, and only those that change', () => {
    given(created, claimedBy(ann)).when(setFields(ann, { budget: '250000', rooms: '2' }))
      .then([{ type: 'LeadCustomFieldsChanged', data: { leadId: LEAD_ID, values: { budget: 250000, rooms: '2' }, at: NOW } }]);
    const had = { type: 'LeadCustomFieldsChanged' as const, data: { leadId: LEAD_ID, values: { budget: 250000 }, at: T0 } };
    given(created, claimedBy(ann), had).when(setFields(ann, { budget: 250000 })).then([]);
  });
  it('refuses a value that does not fit, an unknown field, and clearing a required one', () => {
    given(created, claimedBy(ann)).when(setFields(ann, { budget: 'lots' })).then({ kind: 'RuleViolation', code: 'lead.invalid_custom_field', details: { field: 'budget' } });
    given(created, claimedBy(ann)).when(setFields(ann, { colour: 'red' })).then({ kind: 'RuleViolation', code: 'lead.invalid_custom_field' });
    given(created, claimedBy(ann)).when(setFields(ann, { rooms: null })).then({ kind: 'RuleViolation', code: 'lead.invalid_custom_field', details: { field: 'rooms' } });
  });
  it('checks against the fields of the lead’s own type only', () => {
    const finance = createdWith({ leadType: 'finance' });
    given(finance, claimedBy(ann)).when(setFields(ann, { budget: 1 })).then({ kind: 'RuleViolation', code: 'lead.invalid_custom_field' });
  });
});

describe('WithdrawLead', () => {
  it('takes back an untouched imported lead, after which the lead is gone', () => {
    given(created).when(withdraw(max)).then([{ type: 'LeadWithdrawn', data: { leadId: LEAD_ID, importId: 3, by: max.id, at: NOW } }]);
    const gone = { type: 'LeadWithdrawn' as const, data: { leadId: LEAD_ID, importId: 3, by: max.id, at: T0 } };
    given(created, gone).when({ type: 'ClaimLead', data: { leadId: LEAD_ID }, meta: by(ann) }).then({ kind: 'NotFound', code: 'lead.not_found' });
  });
  it('keeps a lead that was claimed or worked, and is a manager’s alone', () => {
    given(created, claimedBy(ann)).when(withdraw(max)).then({ kind: 'RuleViolation', code: 'lead.worked' });
    given(created).when(withdraw(max, true)).then({ kind: 'RuleViolation', code: 'lead.worked' });
    given(created).when(withdraw(ann)).then({ kind: 'Forbidden', code: 'lead.withdraw_forbidden' });
  });
});
