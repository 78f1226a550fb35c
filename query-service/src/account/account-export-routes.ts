import { AccountExportSchema, defaultNotificationPreferences, type AccountExport, type Notification } from '@leadfloor/contracts';
import type { SessionStore } from '@leadfloor/infra/auth/sessions';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALL_SELECT, callFromRow, type CallRowWithNames } from '../calls/call-row';
import { userFromRow, type UserRow } from '../people/user-row';
import { SALE_SELECT, saleFromRow, type SaleRowWithNames } from '../sales/sale-row';
import { badgesOf } from './profile-read-routes';
import { sessionDto } from './session-read-routes';

type NotificationRow = { id: string; seq: number; event_type: Notification['eventType']; category: Notification['category']; title: string;
  message: string; data: Record<string, unknown>; created_at: Date; read: boolean };
type LeadEventRow = { stream_id: string; stream_version: string; type: string; data: Record<string, unknown>; occurred_at: Date };

/**
 * GET /api/account/export: a download of the signed-in user's own records, and nobody else's:
 * their profile and preferences, their sessions (no token, no hash), the events they made on
 * leads they held or created, their calls and sales, their notifications (deleted ones left out,
 * read marks included) and badges. Every part is read for the session's user id alone.
 */
export const accountExportRoutes: FastifyPluginAsyncZod<{ pool: Pool; sessions: SessionStore; now: () => Date }> = async (app, { pool, sessions, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/account/export', {
    schema: { response: { 200: AccountExportSchema }, problems: { 404: 'The account is not in the users read model yet (not_found).' } },
  }, async (req, reply) => {
    const { id } = await req.actor();
    const { rows: users } = await pool.query<UserRow>('select * from users_v1 where id = $1', [id]);
    if (!users[0]) throw new ApiError(404, 'not_found', 'Your account is not ready yet; try again in a moment.');
    const profile = userFromRow(users[0]);
    const [prefs, mySessions, leadEvents, calls, sales, notifications, badges] = await Promise.all([
      pool.query<{ prefs: Record<string, boolean> }>('select prefs from notifications_v1_prefs where user_id = $1', [id]),
      sessions.listFor(id, undefined),
      // Leads held at any time (lead_work_v1) or created; of their events, those this user made.
      pool.query<LeadEventRow>(
        `select e.stream_id, e.stream_version, e.type, e.data, e.occurred_at from events e
         where e.stream_id = any(array(
           select 'lead-' || lead_id from lead_work_v1 where user_id = $1
           union select 'lead-' || id from lead_pool_v1 where created_by = $1 or claimed_by = $1))
           and e.metadata->>'actorId' = $1::text
         order by e.stream_id, e.stream_version`, [id]),
      pool.query<CallRowWithNames>(`${CALL_SELECT} where c.user_id = $1 order by c.started_at, c.id`, [id]),
      pool.query<SaleRowWithNames>(`${SALE_SELECT} where s.user_id = $1 order by s.sale_date, s.id`, [id]),
      pool.query<NotificationRow>(
        `select n.id, n.seq, n.event_type, n.category, n.title, n.message, n.data, n.created_at,
                (n.seq <= coalesce(c.read_through_seq, 0) or m.read_at is not null) as read
         from notifications_v1 n
         left join notification_cursors c on c.user_id = n.user_id
         left join notification_marks m on m.user_id = n.user_id and m.notification_id = n.id
         where n.user_id = $1 and n.seq > coalesce(c.cleared_through_seq, 0) and m.deleted_at is null
         order by n.seq`, [id]),
      badgesOf(pool, id),
    ]);
    const exported: AccountExport = {
      exportedAt: now().toISOString(),
      profile,
      notificationPreferences: { ...defaultNotificationPreferences, ...(prefs.rows[0]?.prefs ?? {}) },
      sessions: mySessions.map((s) => {
        const { current: _current, ...dto } = sessionDto(s);
        return dto;
      }),
      leadEvents: leadEvents.rows.map((e) => ({
        leadId: Number(e.stream_id.slice('lead-'.length)), version: Number(e.stream_version), type: e.type,
        at: typeof e.data.at === 'string' ? e.data.at : e.occurred_at.toISOString(), data: e.data,
      })),
      calls: calls.rows.map(callFromRow),
      sales: sales.rows.map(saleFromRow),
      notifications: notifications.rows.map((r) => ({
        id: r.id, seq: r.seq, eventType: r.event_type, category: r.category, title: r.title, message: r.message,
        data: r.data, read: r.read, createdAt: new Date(r.created_at).toISOString(),
      })),
      badges,
    };
    const day = exported.exportedAt.slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="leadfloor-${profile.username}-${day}.json"`)
      .send(exported);
  });
};
