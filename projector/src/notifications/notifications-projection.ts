import { defaultNotificationPreferences, defaultTitles, preferenceGates, type NotificationPreferences } from '@leadfloor/contracts';
import type { RecordedEvent } from '@leadfloor/events';
import type { PoolClient } from '@leadfloor/infra/postgres/pool';
import type { Projection, Tables } from '@leadfloor/infra/projections/types';
import { CLOSER_NOTIFICATION_EVENTS } from './closer-notification-rules';
import { route } from './notification-rules';
import { createNotificationTables, HELD_LEADS, NotificationWorld, type NotificationTables } from './notification-world';

const WORLD = 'world';
const INSERT_CHUNK = 5_000;

const leadIdsOf = (events: RecordedEvent[]) =>
  [...new Set(events.map((e) => (e.data as { leadId?: number }).leadId).filter((i): i is number => typeof i === 'number'))];

const allows = (prefs: Record<string, boolean>, gates: (keyof NotificationPreferences)[]) =>
  gates.every((g) => prefs[g] ?? defaultNotificationPreferences[g]);

/**
 * Routes `events` through `world` (changing it) and returns the notification rows they make,
 * leaving out those whose ids are in `done` (already stored).
 */
function notificationRows(events: RecordedEvent[], world: NotificationWorld, done: Set<string>) {
  const rows = [];
  for (const e of events) {
    const routed = route(e, world);
    const drafts = routed === null ? [] : Array.isArray(routed) ? routed : [routed];
    for (const draft of drafts) for (const userId of draft.recipients) {
      const id = `${e.eventId}:${userId}`;
      const p = world.prefsOf(userId);
      if (done.has(id) || !allows(p.prefs, preferenceGates[draft.eventType])) continue;
      done.add(id);
      p.last_seq += 1;
      world.touchPrefs(userId);
      rows.push({
        id, user_id: userId, seq: p.last_seq, event_type: draft.eventType, category: draft.category,
        title: defaultTitles[draft.eventType], message: draft.message, data: draft.data,
        created_at: (e.data as { at?: string }).at ?? e.occurredAt.toISOString(), source_event_id: e.eventId,
      });
    }
  }
  return rows;
}

async function insertNotifications(db: PoolClient, table: string, rows: object[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db.query(`insert into "${table}" select * from jsonb_populate_recordset(null::"${table}", $1::jsonb)`,
      [JSON.stringify(rows.slice(i, i + INSERT_CHUNK))]);
  }
}

/**
 * Per-user notifications for spec 7's event types, honouring each user's preferences as they
 * were when the event happened. A notification's id is (event id, user id), and each user's
 * notifications are numbered 1, 2, 3… so a client can spot a gap; applying an event twice
 * adds nothing. The projection's model of the floor is read once and kept in the runner's memory
 * while its batches follow one another; each batch reads only the leads it needs.
 */
export const notifications: Projection<NotificationTables> = {
  name: 'notifications_v1',
  tables: {
    notifications: 'notifications_v1', members: 'notifications_v1_members', teams: 'notifications_v1_teams',
    leads: 'notifications_v1_leads', prefs: 'notifications_v1_prefs',
  },
  createTables: createNotificationTables,
  handles: [
    'UserRegistered', 'RoleChanged', 'UserJoinedTeam', 'UserLeftTeam', 'ProfileUpdated', 'NotificationPreferencesChanged',
    'TeamCreated', 'TeamLeadAppointed', 'TeamLeadRemoved', 'LeadCreated', 'LeadClaimed', 'LeadReleased', 'LeadReassigned', 'LeadStatusChanged', 'LeadAutoReleaseWarned',
    'LeadOffered', 'LeadDripReleased', 'LeadDetailsEdited',
    'SaleRecorded', 'CallStarted', 'CallCompleted', 'TeamMessagePosted',
    'TeamTaskCreated', 'TeamTaskChanged', 'TeamTaskFellOverdue',
    ...CLOSER_NOTIFICATION_EVENTS,
  ],
  async apply(db, events, t, memory) {
    const kept = memory?.get(WORLD);
    let world = kept instanceof NotificationWorld && sameTables(kept.t, t) ? kept : null;
    if (!world) {
      world = new NotificationWorld(t);
      await world.load(db);
    }
    await world.loadLeads(db, leadIdsOf(events));
    const { rows: seen } = await db.query<{ id: string }>(
      `select id from "${t.notifications}" where source_event_id = any($1::uuid[])`, [events.map((e) => e.eventId)]);
    const rows = notificationRows(events, world, new Set(seen.map((r) => r.id)));
    await insertNotifications(db, t.notifications, rows);
    await world.save(db);
    memory?.set(WORLD, world);
  },
  load(t, { heldRows = HELD_LEADS } = {}) {
    // fresh tables, log order, each event once: no redelivery to look for
    const world = NotificationWorld.empty(t, heldRows);
    return {
      async apply(db, events) {
        await world.loadLeads(db, leadIdsOf(events));
        await insertNotifications(db, t.notifications, notificationRows(events, world, new Set()));
        if (world.leads.size > heldRows) await world.save(db);
      },
      finish: (db) => world.save(db),
    };
  },
};

const sameTables = (a: Tables, b: Tables) => Object.keys(b).every((k) => a[k] === b[k]);
