import { leadEventSchemas, parseEventData, type LeadEvent, type RecordedEvent } from '@leadfloor/events';
import type { PoolClient } from '@leadfloor/infra/postgres/pool';
import type { Projection } from '@leadfloor/infra/projections/types';
import { evolveLeadFacts, type FactState, type LeadFactRow, type StageIntervalRow } from './lead-facts-fold';
import { applyRollupDeltas, createRollupSql, rollupDeltas } from './lead-rollup';

/** A sale as analytics counts revenue: its amount unless its commission was rejected (as the dashboard's revenue does). */
type SaleRow = { sale_id: number; lead_id: number; user_id: number; amount_cents: number; sold_at: string; rejected: boolean; version: number };

const LEAD_EVENTS = Object.keys(leadEventSchemas) as (keyof typeof leadEventSchemas)[];
const handles = [...LEAD_EVENTS, 'SaleRecorded', 'CommissionRejected'] as const;

/**
 * The analytics hub's read model: one fact row per lead (lead_facts_v1, with its revenue summed
 * from its sales), every stay of a lead in a pipeline stage (lead_stage_intervals_v1), and the
 * sales behind each lead's revenue (lead_sales_v1), and the facts summed per created week, type,
 * source and funnel (lead_rollup_v1, lead-rollup.ts) that floor-wide reads add up. Lead and
 * funnel analytics aggregate these with plain indexed SQL, never a fold of the log per request.
 * A fact row keeps the lead stream version it reflects, and a sale row its sale stream version:
 * a redelivered event changes nothing (and so adds nothing to the rollup).
 */
export const leadAnalytics: Projection<'facts' | 'stages' | 'sales' | 'rollup'> = {
  name: 'lead_analytics_v1',
  tables: { facts: 'lead_facts_v1', stages: 'lead_stage_intervals_v1', sales: 'lead_sales_v1', rollup: 'lead_rollup_v1' },
  handles,
  async createTables(db, { facts, stages, sales, rollup }) {
    await db.query(`
      create table "${facts}" (
        lead_id int primary key, lead_type text not null, source text, funnel_campaign_id text, created_at timestamptz not null,
        status text not null, agent_id int, first_claimed_at timestamptz, first_claimed_by int, contacted_at timestamptz,
        qualified_at timestamptz, sold_at timestamptz, lost_at timestamptz, stage text not null, revenue_cents bigint not null,
        version int not null,
        -- Last, as migration 021 added it to tables made before.
        funnel_source text
      );
      create index on "${facts}" (created_at, lead_id);
      create index on "${facts}" (agent_id, created_at);
      create table "${stages}" (
        lead_id int not null, entered_version int not null, stage text not null, entered_at timestamptz not null,
        left_at timestamptz, primary key (lead_id, entered_version)
      );
      create index on "${stages}" (lead_id) where left_at is null;
      create index on "${stages}" (stage, lead_id, entered_version);
      create table "${sales}" (
        sale_id int primary key, lead_id int not null, user_id int not null, amount_cents bigint not null,
        sold_at timestamptz not null, rejected boolean not null, version int not null
      );
      create index on "${sales}" (lead_id) where not rejected;
      ${createRollupSql(rollup!)}
    `);
  },
  async apply(db, events, tables) {
    const leadEvents = events.filter((e) => e.streamId.startsWith('lead-') && (LEAD_EVENTS as string[]).includes(e.type));
    const saleEvents = events.filter((e) => e.streamId.startsWith('sale-') && (e.type === 'SaleRecorded' || e.type === 'CommissionRejected'));
    if (leadEvents.length > 0) await applyLeadEvents(db, leadEvents, tables.facts!, tables.stages!, tables.rollup!);
    if (saleEvents.length > 0) await applySaleEvents(db, saleEvents, tables.sales!, tables.facts!, tables.rollup!);
  },
};

const leadIdOf = (e: RecordedEvent) => Number(e.streamId.slice('lead-'.length));

async function applyLeadEvents(db: PoolClient, events: RecordedEvent[], facts: string, stages: string, rollup: string) {
  const ids = [...new Set(events.map(leadIdOf))];
  const state = new Map<number, FactState>();
  const [{ rows: factRows }, { rows: openRows }] = await Promise.all([
    db.query<{ row: LeadFactRow }>(`select to_jsonb(f) as row from "${facts}" f where lead_id = any($1::int[])`, [ids]),
    db.query<{ row: StageIntervalRow }>(`select to_jsonb(s) as row from "${stages}" s where lead_id = any($1::int[]) and left_at is null`, [ids]),
  ]);
  for (const { row } of factRows) state.set(row.lead_id, { row, openStage: null });
  const stored = new Map(factRows.map(({ row }) => [row.lead_id, row]));
  for (const { row } of openRows) state.set(row.lead_id, { row: state.get(row.lead_id)?.row ?? null, openStage: row });
  const changedFacts = new Map<number, LeadFactRow>();
  const changedStages = new Map<string, StageIntervalRow>();
  const withdrawn = new Set<number>();
  for (const e of events) {
    const id = leadIdOf(e);
    const before = state.get(id) ?? { row: null, openStage: null };
    if (before.row && e.streamVersion <= before.row.version) continue;
    const ev = { type: e.type, data: parseEventData(e.type as LeadEvent['type'], e.data, e.metadata.schemaVersion) } as LeadEvent;
    const after = evolveLeadFacts(before, ev, e.streamVersion);
    state.set(id, { row: after.row, openStage: after.openStage });
    if (after.row) changedFacts.set(id, after.row);
    else if (before.row) {
      withdrawn.add(id);
      changedFacts.delete(id);
      for (const k of [...changedStages.keys()]) if (k.startsWith(`${id}:`)) changedStages.delete(k);
    }
    for (const i of after.intervals) changedStages.set(`${i.lead_id}:${i.entered_version}`, i);
  }
  if (withdrawn.size > 0) {
    await db.query(`delete from "${facts}" where lead_id = any($1::int[])`, [[...withdrawn]]);
    await db.query(`delete from "${stages}" where lead_id = any($1::int[])`, [[...withdrawn]]);
  }
  if (changedFacts.size > 0) {
    await db.query(
      `insert into "${facts}" select * from jsonb_populate_recordset(null::"${facts}", $1::jsonb)
       on conflict (lead_id) do update set (lead_type, source, funnel_campaign_id, created_at, status, agent_id, first_claimed_at,
         first_claimed_by, contacted_at, qualified_at, sold_at, lost_at, stage, version, funnel_source) =
         (excluded.lead_type, excluded.source, excluded.funnel_campaign_id, excluded.created_at, excluded.status, excluded.agent_id,
          excluded.first_claimed_at, excluded.first_claimed_by, excluded.contacted_at, excluded.qualified_at, excluded.sold_at,
          excluded.lost_at, excluded.stage, excluded.version, excluded.funnel_source)`,
      [JSON.stringify([...changedFacts.values()])]);
  }
  // Each changed lead moves from what it added to its cell to what it adds now; a withdrawn one adds nothing any more.
  await applyRollupDeltas(db, rollup, rollupDeltas([
    ...[...changedFacts].map(([id, after]) => [stored.get(id) ?? null, after] as const),
    ...[...withdrawn].map((id) => [stored.get(id) ?? null, null] as const),
  ]));
  if (changedStages.size > 0) {
    await db.query(
      `insert into "${stages}" select * from jsonb_populate_recordset(null::"${stages}", $1::jsonb)
       on conflict (lead_id, entered_version) do update set left_at = excluded.left_at`,
      [JSON.stringify([...changedStages.values()])]);
  }
}

async function applySaleEvents(db: PoolClient, events: RecordedEvent[], sales: string, facts: string, rollup: string) {
  const rows = new Map<number, SaleRow>();
  const ids = [...new Set(events.map((e) => Number(e.streamId.slice('sale-'.length))))];
  const { rows: stored } = await db.query<{ row: SaleRow }>(`select to_jsonb(s) as row from "${sales}" s where sale_id = any($1::int[])`, [ids]);
  for (const { row } of stored) rows.set(row.sale_id, row);
  const changed = new Set<number>();
  for (const e of events) {
    const saleId = Number(e.streamId.slice('sale-'.length));
    const before = rows.get(saleId);
    if (before && e.streamVersion <= before.version) continue;
    if (e.type === 'SaleRecorded') {
      const d = parseEventData('SaleRecorded', e.data, e.metadata.schemaVersion);
      rows.set(saleId, {
        sale_id: d.saleId, lead_id: d.leadId, user_id: d.userId, amount_cents: d.amountCents, sold_at: d.at, rejected: false, version: e.streamVersion,
      });
    } else if (before) {
      rows.set(saleId, { ...before, rejected: true, version: e.streamVersion });
    } else continue;
    changed.add(saleId);
  }
  if (changed.size === 0) return;
  await db.query(
    `insert into "${sales}" select * from jsonb_populate_recordset(null::"${sales}", $1::jsonb)
     on conflict (sale_id) do update set rejected = excluded.rejected, version = excluded.version`,
    [JSON.stringify([...changed].map((id) => rows.get(id)!))]);
  // Each touched lead's revenue again from its sales: a sum, so a redelivery cannot count one twice.
  const leadIds = [...new Set([...changed].map((id) => rows.get(id)!.lead_id))];
  const { rows: revised } = await db.query<{ before: LeadFactRow; after: LeadFactRow }>(
    `with before as (select f.lead_id, to_jsonb(f) as row from "${facts}" f where f.lead_id = any($1::int[])),
     after as (
       update "${facts}" f set revenue_cents = coalesce((select sum(s.amount_cents) from "${sales}" s where s.lead_id = f.lead_id and not s.rejected), 0)
       from before b where f.lead_id = b.lead_id returning f.lead_id, to_jsonb(f) as row)
     select b.row as before, a.row as after from before b join after a using (lead_id)`,
    [leadIds]);
  await applyRollupDeltas(db, rollup, rollupDeltas(revised.map((r) => [r.before, r.after])));
}
