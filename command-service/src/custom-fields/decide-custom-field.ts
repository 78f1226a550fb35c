import type { CustomFieldEvent, CustomFieldType, LeadType } from '@leadfloor/events';
import type { Aggregate } from '../shared/handle-command';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import { evolveCustomFieldSet, initialCustomFieldSet, type CustomFieldDefinition, type CustomFieldSet } from './custom-field-set';

type Actor = { id: number; role: string };
type Meta = { now: string; actor: Actor };
export type FieldSettings = Omit<CustomFieldDefinition, 'id' | 'name' | 'leadType'>;

export type CustomFieldCommand =
  | { type: 'DefineCustomField'; data: FieldSettings & { fieldId: number; name: string; leadType: LeadType }; meta: Meta }
  | { type: 'ChangeCustomField'; data: { fieldId: number; changes: Partial<FieldSettings> }; meta: Meta };

const needsOptions = (t: CustomFieldType) => t === 'select';

/** Options trimmed, empties dropped, unique ignoring case (the first spelling kept). */
export function normalizeOptions(options: readonly string[]): string[] {
  const seen = new Set<string>();
  return options.map((o) => o.trim()).filter((o) => o !== '' && !seen.has(o.toLowerCase()) && seen.add(o.toLowerCase()));
}

function checkShape(fieldType: CustomFieldType, options: string[]) {
  if (needsOptions(fieldType) && options.length === 0) {
    throw new RuleViolation('custom_field.options_required', 'A select field needs at least one option.');
  }
}

/**
 * Managers define the floor's custom fields. A name is unique within its lead type, and a field
 * is never deleted, only made inactive (leads keep their values; an inactive field is neither
 * shown nor asked for). A select field keeps at least one option; a change that names nothing
 * new is a no-op.
 */
export function decideCustomField(c: CustomFieldCommand, s: CustomFieldSet): CustomFieldEvent[] {
  const { actor, now: at } = c.meta;
  if (actor.role !== 'manager') throw new Forbidden('custom_field.manager_only', 'Only a manager may define custom fields.');
  if (c.type === 'DefineCustomField') {
    const { fieldId, ...d } = c.data;
    if (s.fields.some((f) => f.name === d.name && f.leadType === d.leadType)) {
      throw new RuleViolation('custom_field.name_taken', `A field named "${d.name}" already exists for this lead type.`, { field: 'name' });
    }
    const options = normalizeOptions(d.options);
    checkShape(d.fieldType, options);
    return [{ type: 'CustomFieldDefined', data: { fieldId, ...d, options: needsOptions(d.fieldType) ? options : [], by: actor.id, at } }];
  }
  const field = s.fields.find((f) => f.id === c.data.fieldId);
  if (!field) throw new NotFound('custom_field.not_found', `Custom field ${c.data.fieldId} does not exist.`);
  const asked = { ...c.data.changes, ...(c.data.changes.options ? { options: normalizeOptions(c.data.changes.options) } : {}) };
  const after = { ...field, ...asked };
  checkShape(after.fieldType, after.options);
  const changes = Object.fromEntries(Object.entries(asked).filter(([k, v]) =>
    JSON.stringify(v) !== JSON.stringify(field[k as keyof CustomFieldDefinition]))) as Partial<FieldSettings>;
  return Object.keys(changes).length === 0 ? [] : [{ type: 'CustomFieldChanged', data: { fieldId: field.id, changes, by: actor.id, at } }];
}

export const customFieldAggregate: Aggregate<CustomFieldSet, CustomFieldCommand, CustomFieldEvent> = {
  streamType: 'custom_fields',
  initialState: initialCustomFieldSet,
  evolve: evolveCustomFieldSet,
  decide: decideCustomField,
};
