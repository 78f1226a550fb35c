import { parseEventData, type RecordedEvent } from '@leadfloor/events';
import type { Projection } from '@leadfloor/infra/projections/types';

const TEAM_EVENTS = ['TeamCreated', 'TeamLeadAppointed', 'TeamLeadRemoved', 'TeamInviteCreated', 'TeamInviteAccepted'] as const;

type ActivityRow = { event_id: string; team_id: number; type: string; actor_id: number | null; user_id: number | null; at: string; position: string };

/** The team history rows one event makes: a move from one team to another shows on both. */
function rowsOf(e: RecordedEvent): ActivityRow[] {
  const base = { event_id: e.eventId, actor_id: e.metadata.actorId ?? null, position: e.globalPosition };
  if (e.type === 'UserJoinedTeam') {
    const d = parseEventData('UserJoinedTeam', e.data, e.metadata.schemaVersion);
    const joined = { ...base, team_id: d.teamId, type: e.type, user_id: d.userId, at: d.at };
    return d.previousTeamId === undefined ? [joined] : [joined, { ...joined, team_id: d.previousTeamId, type: 'UserLeftTeam' }];
  }
  if (e.type === 'UserLeftTeam') {
    const d = parseEventData('UserLeftTeam', e.data, e.metadata.schemaVersion);
    return [{ ...base, team_id: d.teamId, type: e.type, user_id: d.userId, at: d.at }];
  }
  if ((TEAM_EVENTS as readonly string[]).includes(e.type)) {
    const d = e.data as { teamId: number; userId?: number; at: string };
    return [{ ...base, team_id: d.teamId, type: e.type, user_id: d.userId ?? null, at: d.at }];
  }
  return [];
}

/**
 * Every change to a team and its membership, with who made it (the envelope's actor): the
 * team's history. One row per event and team, so applying an event twice inserts nothing more.
 */
export const teamActivity: Projection<'activity'> = {
  name: 'team_activity_v1',
  tables: { activity: 'team_activity_v1' },
  handles: [...TEAM_EVENTS, 'UserJoinedTeam', 'UserLeftTeam'],
  async createTables(db, { activity }) {
    await db.query(`
      create table "${activity}" (
        event_id uuid not null, team_id int not null, type text not null, actor_id int, user_id int,
        at timestamptz not null, position bigint not null, primary key (event_id, team_id)
      );
      create index on "${activity}" (team_id, position);
    `);
  },
  load(tables) {
    return { apply: (db, events) => teamActivity.apply(db, events, tables), finish: async () => {} };
  },
  async apply(db, events, { activity }) {
    const rows = events.flatMap(rowsOf);
    if (rows.length === 0) return;
    await db.query(
      `insert into "${activity}" (event_id, team_id, type, actor_id, user_id, at, position)
       select event_id, team_id, type, actor_id, user_id, at, position from jsonb_populate_recordset(null::"${activity}", $1::jsonb)
       on conflict (event_id, team_id) do nothing`, [JSON.stringify(rows)]);
  },
};
