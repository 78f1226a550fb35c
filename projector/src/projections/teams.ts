import { isEventType, parseEventData, type RecordedEvent, type TeamEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

export type TeamRow = {
  id: number; name: string; manager_id: number | null; lead_type: string | null; team_lead_ids: number[];
  created_at: string; version: number;
};

function reduce(row: TeamRow | null, e: RecordedEvent): TeamRow | null {
  if (!isEventType(e.type)) return row;
  const ev = { type: e.type, data: parseEventData(e.type, e.data, e.metadata.schemaVersion) } as TeamEvent;
  if (ev.type === 'TeamCreated') {
    const d = ev.data;
    return { id: d.teamId, name: d.name, manager_id: d.managerId, lead_type: d.leadType, team_lead_ids: [], created_at: d.at, version: 0 };
  }
  if (!row) return null;
  if (ev.type === 'TeamLeadAppointed') return { ...row, team_lead_ids: [...row.team_lead_ids, ev.data.userId] };
  if (ev.type === 'TeamLeadRemoved') return { ...row, team_lead_ids: row.team_lead_ids.filter((id) => id !== ev.data.userId) };
  return row;
}

export const teams = rowProjection<TeamRow>({
  name: 'teams_v1',
  table: 'teams_v1',
  keyColumn: 'id',
  handles: ['TeamCreated', 'TeamLeadAppointed', 'TeamLeadRemoved'],
  keyOf: (e) => (e.streamId.startsWith('team-') ? Number(e.streamId.slice(5)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, name text not null, manager_id int, lead_type text,
        team_lead_ids int[] not null default '{}', created_at timestamptz not null, version int not null
      );
    `);
  },
});
