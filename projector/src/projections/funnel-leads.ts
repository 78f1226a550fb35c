import { parseEventData, type RecordedEvent } from '@leadfloor/events';
import type { PoolClient } from '@leadfloor/infra/postgres/pool';
import type { Projection } from '@leadfloor/infra/projections/types';

/**
 * The leads funnel forms made (from LeadCreated's origin: funnel, step, variant) and the sales
 * recorded on them, so the funnel report counts leads, sales and revenue per funnel, step and
 * variant from LeadFloor's own sales. Insert-only by lead and sale id: a redelivered event
 * changes nothing. A sale counts only for a lead a funnel made; since a lead is created before
 * anything is sold on it, the lead's row is always there first.
 */
async function apply(db: PoolClient, events: RecordedEvent[], t: { leads: string; sales: string }) {
  const leads: object[] = [];
  const sales: object[] = [];
  for (const e of events) {
    if (e.type === 'LeadCreated') {
      const d = parseEventData('LeadCreated', e.data, e.metadata.schemaVersion);
      const o = d.funnelOrigin;
      if (o) leads.push({ lead_id: d.leadId, funnel_id: o.funnelId, step_id: o.stepId, variant: o.variant, created_at: d.at });
    } else if (e.type === 'SaleRecorded') {
      const d = parseEventData('SaleRecorded', e.data, e.metadata.schemaVersion);
      sales.push({ sale_id: d.saleId, lead_id: d.leadId, amount_cents: d.amountCents, at: d.at });
    }
  }
  if (leads.length > 0) {
    await db.query(
      `insert into "${t.leads}" select * from jsonb_populate_recordset(null::"${t.leads}", $1::jsonb) on conflict do nothing`, [JSON.stringify(leads)]);
  }
  if (sales.length > 0) {
    await db.query(
      `insert into "${t.sales}" select s.* from jsonb_populate_recordset(null::"${t.sales}", $1::jsonb) s
       where exists (select 1 from "${t.leads}" l where l.lead_id = s.lead_id) on conflict do nothing`, [JSON.stringify(sales)]);
  }
}

export const funnelLeads: Projection<'leads' | 'sales'> = {
  name: 'funnel_leads_v1',
  tables: { leads: 'funnel_leads_v1', sales: 'funnel_lead_sales_v1' },
  handles: ['LeadCreated', 'SaleRecorded'],
  async createTables(db, { leads, sales }) {
    await db.query(`
      create table "${leads}" (
        lead_id int primary key, funnel_id int not null, step_id int not null, variant text not null, created_at timestamptz not null
      );
      create index "${leads}_by_funnel" on "${leads}" (funnel_id, created_at);
      create table "${sales}" (sale_id int primary key, lead_id int not null, amount_cents bigint not null, at timestamptz not null);
      create index "${sales}_by_lead" on "${sales}" (lead_id);`);
  },
  apply: (db, events, tables) => apply(db, events, tables),
};
