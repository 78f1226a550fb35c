import { isEventType, parseEventData, type RecordedEvent, type TeamEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/** One row per team invite, found by its token's hash (GET /api/invites/:token). */
export type TeamInviteRow = {
  id: number; team_id: number; token_hash: string; expires_at: string; created_by: number | null; created_at: string;
  accepted_by: number | null; accepted_at: string | null; version: number;
};

function reduce(row: TeamInviteRow | null, e: RecordedEvent): TeamInviteRow | null {
  if (!isEventType(e.type)) return row;
  const ev = { type: e.type, data: parseEventData(e.type, e.data, e.metadata.schemaVersion) } as TeamEvent;
  if (ev.type === 'TeamInviteCreated') {
    const d = ev.data;
    return {
      id: d.inviteId, team_id: d.teamId, token_hash: d.tokenHash, expires_at: d.expiresAt, created_by: e.metadata.actorId ?? null,
      created_at: d.at, accepted_by: null, accepted_at: null, version: 0,
    };
  }
  if (!row || ev.type !== 'TeamInviteAccepted') return row;
  return { ...row, accepted_by: ev.data.userId, accepted_at: ev.data.at };
}

const inviteIdOf = (e: RecordedEvent) => {
  const id = (e.data as { inviteId?: unknown }).inviteId;
  return typeof id === 'number' ? id : null;
};

export const teamInvites = rowProjection<TeamInviteRow>({
  name: 'team_invites_v1',
  table: 'team_invites_v1',
  keyColumn: 'id',
  handles: ['TeamInviteCreated', 'TeamInviteAccepted'],
  // An invite's events are all on its team's stream, so the row's version guard holds.
  keyOf: (e) => (e.streamId.startsWith('team-') ? inviteIdOf(e) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, team_id int not null, token_hash text not null, expires_at timestamptz not null,
        created_by int, created_at timestamptz not null, accepted_by int, accepted_at timestamptz, version int not null
      );
      create index on "${t}" (token_hash);
      create index on "${t}" (team_id);
    `);
  },
});
