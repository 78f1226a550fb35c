import { parseEventData, type CallEvent, type RecordedEvent, type SaleEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

const teamIdOf = (prefix: string) => (e: RecordedEvent) => (e.streamId.startsWith(prefix) ? Number(e.streamId.slice(prefix.length)) : null);

/** A team's commission plan (teams without a row use the built-in default, version 0). */
export type CommissionPlanRow = { team_id: number; rates: { real_estate: number; finance: number; forex: number }; updated_at: string; updated_by: number; version: number };

export const commissionPlans = rowProjection<CommissionPlanRow>({
  name: 'commission_plans_v1',
  table: 'commission_plans_v1',
  keyColumn: 'team_id',
  handles: ['CommissionRatesSet'],
  keyOf: teamIdOf('commissionplan-'),
  reduce(_row, e) {
    const ev = { type: e.type, data: parseEventData('CommissionRatesSet', e.data, e.metadata.schemaVersion) } as SaleEvent & { type: 'CommissionRatesSet' };
    return { team_id: ev.data.teamId, rates: ev.data.rates, updated_at: ev.data.at, updated_by: ev.data.by, version: 0 };
  },
  async createTables(db, { rows: t }) {
    await db.query(`create table "${t}" (team_id int primary key, rates jsonb not null, updated_at timestamptz not null, updated_by int not null, version int not null)`);
  },
});

/** A team's call script (teams without a row use the built-in default, version 0). */
export type CallScriptRow = { team_id: number; checkpoints: { id: string; label: string; phrases: string[] }[]; updated_at: string; updated_by: number; version: number };

export const callScripts = rowProjection<CallScriptRow>({
  name: 'call_scripts_v1',
  table: 'call_scripts_v1',
  keyColumn: 'team_id',
  handles: ['CallScriptUpdated'],
  keyOf: teamIdOf('callscript-'),
  reduce(_row, e) {
    const ev = { type: e.type, data: parseEventData('CallScriptUpdated', e.data, e.metadata.schemaVersion) } as CallEvent & { type: 'CallScriptUpdated' };
    return { team_id: ev.data.teamId, checkpoints: ev.data.checkpoints, updated_at: ev.data.at, updated_by: ev.data.by, version: 0 };
  },
  async createTables(db, { rows: t }) {
    await db.query(`create table "${t}" (team_id int primary key, checkpoints jsonb not null, updated_at timestamptz not null, updated_by int not null, version int not null)`);
  },
});
