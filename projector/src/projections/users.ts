import { isEventType, parseEventData, type GamificationEvent, type RecordedEvent, type UserEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/** One row per user: names, roles, teams and standing. No password hash, ever. */
export type UserRow = {
  id: number; username: string; email: string; full_name: string; role: string; level: string; points: number;
  team_id: number | null; manager_id: number | null; avatar_url: string | null; bio: string | null;
  created_at: string; version: number;
};

const handles = ['UserRegistered', 'ProfileUpdated', 'RoleChanged', 'UserJoinedTeam', 'UserLeftTeam', 'PointsAwarded', 'LevelReached'] as const;

function reduce(row: UserRow | null, e: RecordedEvent): UserRow | null {
  if (!isEventType(e.type)) return row;
  const ev = { type: e.type, data: parseEventData(e.type, e.data, e.metadata.schemaVersion) } as UserEvent | GamificationEvent;
  if (ev.type === 'UserRegistered') {
    const d = ev.data;
    return {
      id: d.userId, username: d.username, email: d.email, full_name: d.fullName, role: d.role, level: d.level,
      points: d.points, team_id: null, manager_id: null, avatar_url: null, bio: null, created_at: d.at, version: 0,
    };
  }
  if (!row) return null;
  switch (ev.type) {
    case 'ProfileUpdated':
      return {
        ...row,
        full_name: ev.data.fullName ?? row.full_name,
        email: ev.data.email ?? row.email,
        avatar_url: ev.data.avatarUrl === undefined ? row.avatar_url : ev.data.avatarUrl,
        bio: ev.data.bio === undefined ? row.bio : ev.data.bio,
      };
    case 'RoleChanged':
      return { ...row, role: ev.data.to };
    case 'UserJoinedTeam':
      return { ...row, team_id: ev.data.teamId, manager_id: ev.data.managerId };
    case 'UserLeftTeam':
      return row.team_id === ev.data.teamId ? { ...row, team_id: null, manager_id: null } : row;
    case 'PointsAwarded':
      return { ...row, points: row.points + ev.data.points };
    case 'LevelReached':
      return { ...row, level: ev.data.to };
    default:
      return row;
  }
}

export const users = rowProjection<UserRow>({
  name: 'users_v1',
  table: 'users_v1',
  keyColumn: 'id',
  handles,
  keyOf: (e) => (e.streamId.startsWith('user-') ? Number(e.streamId.slice(5)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, username text not null, email text not null, full_name text not null,
        role text not null, level text not null, points int not null, team_id int, manager_id int,
        avatar_url text, bio text, created_at timestamptz not null, version int not null
      );
      create index on "${t}" (team_id);
      create index on "${t}" (role);
    `);
  },
});
