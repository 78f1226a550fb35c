import {
  defaultNotificationPreferences, NotificationListQuerySchema, NotificationListResponseSchema, NotificationPreferencesSchema,
  type Notification,
} from '@leadfloor/contracts';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Row = { id: string; seq: number; event_type: Notification['eventType']; category: Notification['category']; title: string;
  message: string; data: Record<string, unknown>; created_at: Date; read: boolean };

// A user's notifications: the projection's rows less what they deleted or cleared, read marks
// from the command side's tables (which survive a rebuild of the projection).
const VISIBLE = `
  from notifications_v1 n
  left join notification_cursors c on c.user_id = n.user_id
  left join notification_marks m on m.user_id = n.user_id and m.notification_id = n.id
  where n.user_id = $1 and n.seq > coalesce(c.cleared_through_seq, 0) and m.deleted_at is null`;

// Spec 9: newest first, by when each happened. Positions (seq) number notifications as they
// were raised, which need not follow their times (a sale recorded today that closed last week),
// so a page ends at (created_at, seq) and `before` names the position whose place it is.
const CURSOR = 'select b.created_at, b.seq from notifications_v1 b where b.user_id = $1 and b.seq = $2';

export const notificationReadRoutes: FastifyPluginAsyncZod<{ pool: Pool }> = async (app, { pool }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/notifications', {
    schema: { querystring: NotificationListQuerySchema, response: { 200: NotificationListResponseSchema } },
  }, async (req) => {
    const actor = await req.actor();
    const { limit, before, category, state } = req.query;
    const [{ rows }, unread] = await Promise.all([
      pool.query<Row>(
        `select * from (
           select n.id, n.seq, n.event_type, n.category, n.title, n.message, n.data, n.created_at,
                  (n.seq <= coalesce(c.read_through_seq, 0) or m.read_at is not null) as read
           ${VISIBLE} and ($2::int is null or (n.created_at, n.seq) < (${CURSOR})) and ($4::text is null or n.category = $4)
         ) v where ($5::boolean is null or v.read = $5)
         order by v.created_at desc, v.seq desc limit $3`,
        [actor.id, before ?? null, limit + 1, category ?? null, state === undefined ? null : state === 'read']),
      pool.query<{ n: string }>(
        `select count(*) as n ${VISIBLE} and n.seq > coalesce(c.read_through_seq, 0) and m.read_at is null`, [actor.id]),
    ]);
    const page = rows.slice(0, limit);
    return {
      notifications: page.map((r) => ({
        id: r.id, seq: r.seq, eventType: r.event_type, category: r.category, title: r.title, message: r.message,
        data: r.data, read: r.read, createdAt: new Date(r.created_at).toISOString(),
      })),
      unreadCount: Number(unread.rows[0]!.n),
      nextBefore: rows.length > limit ? page[page.length - 1]!.seq : null,
    };
  });

  app.get('/api/notification-preferences', {
    schema: { response: { 200: z.object({ preferences: NotificationPreferencesSchema }) } },
  }, async (req) => {
    const actor = await req.actor();
    const { rows } = await pool.query<{ prefs: Record<string, boolean> }>(
      'select prefs from notifications_v1_prefs where user_id = $1', [actor.id]);
    return { preferences: { ...defaultNotificationPreferences, ...(rows[0]?.prefs ?? {}) } };
  });
};
