import { parseEventData, type RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/** One row per custom field definition, as GET /api/custom-fields lists them. */
export type CustomFieldRow = {
  id: number; name: string; lead_type: string; label: string; field_type: string; required: boolean; placeholder: string | null;
  options: string[]; sort_order: number; active: boolean; version: number;
};

function reduce(row: CustomFieldRow | null, e: RecordedEvent): CustomFieldRow | null {
  if (e.type === 'CustomFieldDefined') {
    const d = parseEventData('CustomFieldDefined', e.data, e.metadata.schemaVersion);
    return {
      id: d.fieldId, name: d.name, lead_type: d.leadType, label: d.label, field_type: d.fieldType, required: d.required,
      placeholder: d.placeholder, options: d.options, sort_order: d.order, active: d.active, version: e.streamVersion,
    };
  }
  if (!row) return null;
  const { changes: c } = parseEventData('CustomFieldChanged', e.data, e.metadata.schemaVersion);
  return {
    ...row, label: c.label ?? row.label, field_type: c.fieldType ?? row.field_type, required: c.required ?? row.required,
    placeholder: c.placeholder === undefined ? row.placeholder : c.placeholder, options: c.options ?? row.options,
    sort_order: c.order ?? row.sort_order, active: c.active ?? row.active, version: e.streamVersion,
  };
}

export const customFields = rowProjection<CustomFieldRow>({
  name: 'custom_fields_v1',
  table: 'custom_fields_v1',
  keyColumn: 'id',
  handles: ['CustomFieldDefined', 'CustomFieldChanged'],
  keyOf: (e) => (e.data as { fieldId?: number }).fieldId ?? null,
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, name text not null, lead_type text not null, label text not null, field_type text not null,
        required boolean not null, placeholder text, options jsonb not null, sort_order int not null, active boolean not null, version int not null
      );`);
  },
});
