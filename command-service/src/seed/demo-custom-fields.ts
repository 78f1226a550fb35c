import type { CustomFieldType, CustomFieldValue, LeadType } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { customFieldStream, type CustomFieldSet } from '../custom-fields/custom-field-set';
import { customFieldAggregate } from '../custom-fields/decide-custom-field';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import type { HandleCommand } from '../shared/handle-command';
import type { Random } from './random';
import type { FloorMember } from './seed-leads';

type Definition = { leadType: LeadType; name: string; label: string; fieldType: CustomFieldType; options?: string[]; placeholder?: string };

/** A few fields per lead type, of every kind; none required, so every way of adding a lead works without them. */
const FIELDS: Definition[] = [
  { leadType: 'real_estate', name: 'budget', label: 'Budget', fieldType: 'number', placeholder: 'In dollars' },
  { leadType: 'real_estate', name: 'bedrooms', label: 'Bedrooms', fieldType: 'select', options: ['1', '2', '3', '4+'] },
  { leadType: 'real_estate', name: 'move_in', label: 'Move-in date', fieldType: 'date' },
  { leadType: 'real_estate', name: 'pre_approved', label: 'Mortgage pre-approved', fieldType: 'boolean' },
  { leadType: 'finance', name: 'loan_amount', label: 'Loan amount', fieldType: 'number', placeholder: 'In dollars' },
  { leadType: 'finance', name: 'loan_purpose', label: 'Loan purpose', fieldType: 'select', options: ['Purchase', 'Refinance', 'Debt consolidation', 'Business'] },
  { leadType: 'forex', name: 'experience', label: 'Trading experience', fieldType: 'select', options: ['Beginner', 'Intermediate', 'Professional'] },
  { leadType: 'forex', name: 'account_size', label: 'Account size', fieldType: 'number', placeholder: 'In dollars' },
];

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Values for one lead of a type, drawn in a fixed order; some fields stay empty, as on a real floor. */
function valuesFor(leadType: LeadType, r: Random, now: Date): Record<string, CustomFieldValue> {
  const out: Record<string, CustomFieldValue> = {};
  const maybe = (name: string, draw: () => CustomFieldValue) => {
    const value = draw();
    if (r.chance(0.8)) out[name] = value;
  };
  if (leadType === 'real_estate') {
    maybe('budget', () => r.int(18, 160) * 5_000);
    maybe('bedrooms', () => r.pick(['1', '2', '3', '4+']));
    maybe('move_in', () => isoDay(now.getTime() + r.int(14, 240) * DAY));
    maybe('pre_approved', () => r.chance(0.55));
  } else if (leadType === 'finance') {
    maybe('loan_amount', () => r.int(5, 400) * 1_000);
    maybe('loan_purpose', () => r.pick(['Purchase', 'Refinance', 'Debt consolidation', 'Business']));
  } else {
    maybe('experience', () => r.pick(['Beginner', 'Intermediate', 'Professional']));
    maybe('account_size', () => r.int(1, 200) * 500);
  }
  return out;
}

/**
 * The demo floor's custom fields, defined by the Sales Manager, and values on about two leads in
 * three, filled in by the manager a little before `now` (the manager keeps the floor's data), all
 * through the commands the API runs. Deterministic for the same leads and instant.
 */
export async function seedDemoCustomFields({ pool, store, handle, members, now, random }: {
  pool: Pool; store: EventStore; handle: HandleCommand; members: FloorMember[]; now: Date; random: Random;
}) {
  const manager = members.find((m) => m.role === 'manager')!;
  const actor = { id: manager.id, role: manager.role, teamId: manager.teamId };
  const ctx = { actorId: manager.id, correlationId: 'demo-seed' };
  const definedAt = new Date(now.getTime() - 60 * DAY).toISOString();
  let fieldSet: CustomFieldSet = { fields: [] };
  for (const [order, f] of FIELDS.entries()) {
    const fieldId = await store.nextId('custom_field');
    const out = await handle(customFieldAggregate, customFieldStream, {
      type: 'DefineCustomField', meta: { now: definedAt, actor },
      data: { fieldId, name: f.name, leadType: f.leadType, label: f.label, fieldType: f.fieldType, required: false,
        placeholder: f.placeholder ?? null, options: f.options ?? [], order, active: true },
    }, ctx);
    fieldSet = out.state;
  }

  const { rows } = await pool.query<{ id: number; lead_type: LeadType }>(
    `select (data->>'leadId')::int as id, data->>'leadType' as lead_type from events where type = 'LeadCreated' order by 1`);
  const filledAt = new Date(now.getTime() - 20 * 60_000).toISOString();
  let filled = 0;
  for (const lead of rows) {
    if (!random.chance(0.65)) continue;
    const values = valuesFor(lead.lead_type, random, now);
    if (Object.keys(values).length === 0) continue;
    await handle(leadAggregate, leadStream(lead.id), [{
      type: 'SetLeadCustomFields', data: { leadId: lead.id, values }, meta: { now: filledAt, actor, fields: fieldSet.fields },
    }], ctx);
    filled++;
  }
  return { customFields: FIELDS.length, leadsWithValues: filled };
}
