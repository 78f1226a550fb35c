import { parseEventData } from '@leadfloor/events';
import type { Projection } from '@leadfloor/infra/projections/types';

/**
 * Every points change and badge, one row per event, dated by the activity that earned it: the
 * leaderboards sum a period's rows (periods are cut at read time, in the floor's time zone, so
 * the rows hold no clock or zone). Rows are keyed by event id, so applying an event twice
 * inserts nothing the second time.
 */
export const pointsLedger: Projection<'points' | 'badges'> = {
  name: 'points_ledger_v1',
  tables: { points: 'points_ledger_v1', badges: 'user_badges_v1' },
  handles: ['PointsAwarded', 'BadgeAwarded'],
  async createTables(db, { points, badges }) {
    await db.query(`
      create table "${points}" (
        event_id uuid primary key, user_id int not null, rule text not null, points int not null, at timestamptz not null
      );
      create index on "${points}" (at, user_id);
      create index on "${points}" (user_id);
      create table "${badges}" (
        id bigint not null, user_id int not null, badge_id int not null, awarded_at timestamptz not null,
        primary key (user_id, badge_id)
      );
    `);
  },
  // a replay inserts the same way, with the secondary indexes built afterwards
  load(tables) {
    return { apply: (db, events) => pointsLedger.apply(db, events, tables), finish: async () => {} };
  },
  async apply(db, events, { points, badges }) {
    const awards = events.filter((e) => e.type === 'PointsAwarded').map((e) => {
      const d = parseEventData('PointsAwarded', e.data, e.metadata.schemaVersion);
      return { event_id: e.eventId, user_id: d.userId, rule: d.rule, points: d.points, at: d.at };
    });
    const earned = events.filter((e) => e.type === 'BadgeAwarded').map((e) => {
      const d = parseEventData('BadgeAwarded', e.data, e.metadata.schemaVersion);
      return { id: Number(e.globalPosition), user_id: d.userId, badge_id: d.badgeId, awarded_at: d.at };
    });
    if (awards.length > 0) {
      await db.query(
        `insert into "${points}" (event_id, user_id, rule, points, at)
         select event_id, user_id, rule, points, at from jsonb_populate_recordset(null::"${points}", $1::jsonb)
         on conflict (event_id) do nothing`, [JSON.stringify(awards)]);
    }
    if (earned.length > 0) {
      await db.query(
        `insert into "${badges}" (id, user_id, badge_id, awarded_at)
         select id, user_id, badge_id, awarded_at from jsonb_populate_recordset(null::"${badges}", $1::jsonb)
         on conflict (user_id, badge_id) do nothing`, [JSON.stringify(earned)]);
    }
  },
};
