import { parseEventData, type LeadEventType, type RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/**
 * Per lead: its custom field values, and its email and phone normalised (lowercase; digits only),
 * indexed, so an import finds the lead a row names and the pool filters and exports by values.
 */
export type LeadCustomFieldsRow = { lead_id: number; lead_type: string; email_norm: string; phone_norm: string; values: Record<string, unknown>; version: number };

const email = (v: string) => v.trim().toLowerCase();
const phone = (v: string) => v.replace(/\D/g, '');
const data = (e: RecordedEvent) => parseEventData(e.type as LeadEventType, e.data, e.metadata.schemaVersion) as Record<string, unknown>;

function reduce(row: LeadCustomFieldsRow | null, e: RecordedEvent): LeadCustomFieldsRow | null {
  const d = data(e);
  if (e.type === 'LeadCreated') {
    return { lead_id: d.leadId as number, lead_type: d.leadType as string, email_norm: email(d.email as string), phone_norm: phone(d.phone as string), values: {}, version: e.streamVersion };
  }
  if (!row) return null;
  if (e.type === 'LeadWithdrawn') return null;
  if (e.type === 'LeadDetailsEdited') {
    const c = d.changes as { email?: string; phone?: string };
    return { ...row, email_norm: c.email === undefined ? row.email_norm : email(c.email), phone_norm: c.phone === undefined ? row.phone_norm : phone(c.phone), version: e.streamVersion };
  }
  const values = { ...row.values };
  for (const [k, v] of Object.entries(d.values as Record<string, unknown>)) {
    if (v === null) delete values[k];
    else values[k] = v;
  }
  return { ...row, values, version: e.streamVersion };
}

export const leadCustomFields = rowProjection<LeadCustomFieldsRow>({
  name: 'lead_custom_fields_v1',
  table: 'lead_custom_fields_v1',
  keyColumn: 'lead_id',
  handles: ['LeadCreated', 'LeadDetailsEdited', 'LeadCustomFieldsChanged', 'LeadWithdrawn'],
  keyOf: (e) => (e.streamId.startsWith('lead-') ? Number(e.streamId.slice(5)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        lead_id int primary key, lead_type text not null, email_norm text not null, phone_norm text not null,
        values jsonb not null, version int not null
      );
      create index on "${t}" (email_norm);
      create index on "${t}" (phone_norm);
      create index on "${t}" using gin (values jsonb_path_ops);`);
  },
});
