import type { Notification, SocketMessage, TeamMessage } from '@leadfloor/contracts';
import type { RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { TEAM_MESSAGE_JSON, teamMessageOfJson } from '@leadfloor/infra/read-models/team-message-json';
import { sendCloserUpdates } from './closer-live-feed';

/** Where live messages go: the gateway's sockets in-process, or Redis for every replica. */
export type LivePublish = (userId: number | null, message: SocketMessage) => void;

type Row = { id: string; user_id: number; seq: number; event_type: Notification['eventType']; category: Notification['category'];
  title: string; message: string; data: Record<string, unknown>; created_at: Date };

const LEADERBOARD_MODELS = new Set(['users_v1', 'leaderboard_v1']);
const STAFFING_EVENTS = new Set(['UserRegistered', 'RoleChanged', 'UserJoinedTeam', 'UserLeftTeam']);
const TWO_FACTOR_EVENTS = new Set(['TwoFactorEnabled', 'RecoveryCodesIssued', 'RecoveryCodeUsed', 'TwoFactorDisabled']);
/**
 * "Leaderboard changed" carries nothing but the news, so a floor scoring points every few
 * milliseconds announces it at most once a second (at once when it has been quiet): a thousand
 * sockets then get one message a second instead of one per batch of each standings model.
 */
export const LEADERBOARD_EVERY_MS = 1_000;

/**
 * Turns committed projection batches into socket messages: the notifications a batch created,
 * to their users; "lead changed" to everyone once the lead pool has the change (so a refetch
 * sees it); "call changed" once the call log has a call's completion or analysis; "sale changed"
 * once the sales model has a sale or a commission step; "team changed" once the users or teams
 * model has a change of staffing; "leaderboard changed" once standings move (at most once a second). Runs after the commit, never before.
 */
export function createLiveFeed({ pool, publish, leaderboardEveryMs = LEADERBOARD_EVERY_MS }: {
  pool: Pool; publish: LivePublish; leaderboardEveryMs?: number;
}) {
  let leaderboardSentAt = -Infinity;
  let leaderboardDue: ReturnType<typeof setTimeout> | null = null;
  const sendLeaderboard = () => {
    leaderboardDue = null;
    leaderboardSentAt = Date.now();
    publish(null, { type: 'broadcast', event: 'leaderboard_changed', data: {} });
  };
  const leaderboardChanged = () => {
    if (leaderboardDue) return; // the one already due covers this change too
    const wait = leaderboardSentAt + leaderboardEveryMs - Date.now();
    if (wait <= 0) return sendLeaderboard();
    leaderboardDue = setTimeout(sendLeaderboard, wait);
    leaderboardDue.unref?.();
  };

  return async function onApplied(projection: string, events: RecordedEvent[]) {
    if (projection === 'notifications_v1') {
      const { rows } = await pool.query<Row>(
        'select * from notifications_v1 where source_event_id = any($1::uuid[]) order by user_id, seq', [events.map((e) => e.eventId)]);
      for (const r of rows) {
        const notification: Notification = {
          id: r.id, seq: r.seq, eventType: r.event_type, category: r.category, title: r.title, message: r.message,
          data: r.data, read: false, createdAt: new Date(r.created_at).toISOString(),
        };
        publish(r.user_id, { type: 'notification', event: r.event_type, title: r.title, message: r.message, data: r.data, notification, position: r.seq });
      }
    }
    // A lead's exemption from auto-release lands in a model of its own, which the lead reads join.
    if (projection === 'lead_pool_v1' || projection === 'lead_auto_release_v1') {
      const latest = new Map<number, number>();
      for (const e of events) if (e.streamId.startsWith('lead-')) latest.set(Number(e.streamId.slice(5)), e.streamVersion);
      if (latest.size > 0) {
        publish(null, { type: 'broadcast', event: 'lead_changed', data: { leads: [...latest].map(([leadId, version]) => ({ leadId, version })) } });
      }
    }
    if (projection === 'calls_v1') {
      // A call's analysis lands after its completion (a background job): open call screens refetch.
      const latest = new Map<number, number>();
      for (const e of events) if (e.streamId.startsWith('call-')) latest.set(Number(e.streamId.slice(5)), e.streamVersion);
      if (latest.size > 0) {
        publish(null, { type: 'broadcast', event: 'call_changed', data: { calls: [...latest].map(([callId, version]) => ({ callId, version })) } });
      }
    }
    if (projection === 'sales_v1') {
      // A commission approved, paid, re-rated or rejected: the seller's and the managers' screens refetch.
      const latest = new Map<number, number>();
      for (const e of events) if (e.streamId.startsWith('sale-')) latest.set(Number(e.streamId.slice(5)), e.streamVersion);
      if (latest.size > 0) {
        publish(null, { type: 'broadcast', event: 'sale_changed', data: { sales: [...latest].map(([saleId, version]) => ({ saleId, version })) } });
      }
    }
    // Who is on which team, leads and roles: /team's structure refetches once the model has them.
    if ((projection === 'users_v1' && events.some((e) => STAFFING_EVENTS.has(e.type))) || (projection === 'teams_v1' && events.length > 0)) {
      publish(null, { type: 'broadcast', event: 'team_changed', data: {} });
    }
    if (projection === 'team_messages_v1') await sendTeamMessages(pool, publish, events);
    if (projection === 'team_tasks_v1') await sendTeamTasks(pool, publish, events);
    if (projection === 'job_applications_v1' || projection === 'application_messages_v1') await sendCloserUpdates(pool, publish, projection, events);
    // A name, picture or bio changed: screens that show people (and the user's own menu) refetch.
    if (projection === 'users_v1') {
      const changed = [...new Set(events.filter((e) => e.type === 'ProfileUpdated').map((e) => Number(e.streamId.slice(5))))];
      if (changed.length > 0) publish(null, { type: 'broadcast', event: 'profile_changed', data: { userIds: changed } });
    }
    if (projection === 'user_two_factor_v1' || projection === 'floor_policy_v1') await sendTwoFactorChanges(pool, publish, projection, events);
    // The plan, its seats or a checkout moved: /subscribe, /checkout and settings refetch (seat
    // holders come and go with every sign-up: those change only the count, still worth a refetch).
    if (projection === 'billing_v1' && events.length > 0) {
      publish(null, { type: 'broadcast', event: 'billing_changed', data: { version: events[events.length - 1]!.streamVersion } });
    }
    // The pool's rules changed: caps, countdowns and the policy screen refetch.
    if (projection === 'pool_policies_v1' && events.length > 0) {
      publish(null, { type: 'broadcast', event: 'pool_policy_changed', data: { version: events[events.length - 1]!.streamVersion } });
    }
    // An import moved on: its importer's progress bar and history (their own, never a broadcast).
    if (projection === 'import_runs_v2' && events.length > 0) await sendImportProgress(pool, publish, events);
    if (LEADERBOARD_MODELS.has(projection)) leaderboardChanged();
  };
}

/**
 * Someone's second factor went on or off, or codes were used or renewed: their own screens
 * refetch, and the managers' (the floor's coverage). The floor's rule changed: everyone's, since
 * it may hold them to a setup or free them.
 */
async function sendTwoFactorChanges(pool: Pool, publish: LivePublish, projection: string, events: RecordedEvent[]) {
  if (projection === 'floor_policy_v1') {
    if (events.some((e) => e.type === 'FloorTwoFactorPolicySet')) publish(null, { type: 'broadcast', event: 'two_factor_policy_changed', data: {} });
    return;
  }
  const users = [...new Set(events.filter((e) => TWO_FACTOR_EVENTS.has(e.type)).map((e) => Number(e.streamId.slice(5))))];
  if (users.length === 0) return;
  const { rows } = await pool.query<{ id: number }>("select id from users_v1 where role = 'manager'");
  for (const userId of new Set([...users, ...rows.map((r) => r.id)])) {
    publish(userId, { type: 'broadcast', event: 'two_factor_changed', data: {} });
  }
}

/**
 * A task made, changed, completed, reopened or deleted: its team's members and manager refetch
 * the team's task lists (never a broadcast: task titles are the team's own).
 */
async function sendTeamTasks(pool: Pool, publish: LivePublish, events: RecordedEvent[]) {
  const latest = new Map<number, { teamId: number; version: number }>();
  for (const e of events) {
    const teamId = (e.data as { teamId?: unknown }).teamId;
    if (e.streamId.startsWith('team_task-') && typeof teamId === 'number') latest.set(Number(e.streamId.slice('team_task-'.length)), { teamId, version: e.streamVersion });
  }
  if (latest.size === 0) return;
  const teamIds = [...new Set([...latest.values()].map((t) => t.teamId))];
  const { rows } = await pool.query<{ team_id: number; recipients: number[] }>(
    `select t.id as team_id, array(select id from users_v1 where team_id = t.id
                                   union select t.manager_id where t.manager_id is not null) as recipients
     from teams_v1 t where t.id = any($1::int[])`, [teamIds]);
  const recipients = new Map(rows.map((r) => [r.team_id, r.recipients]));
  for (const [taskId, { teamId, version }] of latest) {
    for (const userId of recipients.get(teamId) ?? []) publish(userId, { type: 'team_task', teamId, taskId, version });
  }
}

/**
 * Each change a batch made to a team's chat, with its sequence number, to the team's members and
 * its manager only (never a broadcast: the conversation is the team's). A message changed twice
 * in one batch goes out under both numbers, as it stands now, so a client sees no gap.
 */
async function sendTeamMessages(pool: Pool, publish: LivePublish, events: RecordedEvent[]) {
  const { rows } = await pool.query<{ team_id: number; seq: number; message: TeamMessage; recipients: number[] }>(
    `select c.team_id, c.seq, ${TEAM_MESSAGE_JSON} as message,
            array(select id from users_v1 where team_id = c.team_id
                  union select manager_id from teams_v1 where id = c.team_id and manager_id is not null) as recipients
     from team_chat_changes_v1 c join team_messages_v1 m on m.id = c.message_id left join users_v1 u on u.id = m.author_id
     where c.event_id = any($1::uuid[]) order by c.team_id, c.seq`, [events.map((e) => e.eventId)]);
  for (const r of rows) {
    const message = { type: 'team_message' as const, teamId: r.team_id, seq: r.seq, message: teamMessageOfJson(r.message) };
    for (const userId of r.recipients) publish(userId, message);
  }
}

async function sendImportProgress(pool: Pool, publish: LivePublish, events: RecordedEvent[]) {
  const ids = [...new Set(events.filter((e) => e.streamId.startsWith('import-')).map((e) => Number(e.streamId.slice(7))))];
  if (ids.length === 0) return;
  const { rows } = await pool.query<{
    id: number; job: string; started_by: number; status: string; total: number; processed: number; created: number; updated: number; skipped: number;
    failed: number; reverted: number; kept: number;
  }>('select id, job, started_by, status, total, processed, created, updated, skipped, failed, reverted, kept from import_runs_v2 where id = any($1)', [ids]);
  for (const { started_by: userId, id: importId, ...progress } of rows) {
    publish(userId, { type: 'broadcast', event: 'import_changed', data: { importId, ...progress } });
  }
}
