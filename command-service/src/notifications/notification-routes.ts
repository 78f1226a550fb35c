import {
  defaultNotificationPreferences, MarkNotificationsReadBodySchema, MarkNotificationsReadResponseSchema, NotificationPreferencesSchema,
  PreferencesPatchSchema,
} from '@leadfloor/contracts';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import { userAggregate, userStream } from '../users/user-aggregate';

const Id = z.object({ id: z.string().regex(/^[0-9a-f-]{36}:\d+$/, 'not a notification id') });
const Ok = z.object({ success: z.literal(true) });

/**
 * What a user does with their notifications. Preferences are a command on the user's stream
 * (the notifications projection honours them from that event on); read and delete marks are
 * the user's own bookkeeping, kept in command-side tables keyed by the notification id, so a
 * rebuilt projection keeps them.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ pool: Pool; handle: HandleCommand; now: () => Date }> = async (app, { pool, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.put('/api/notification-preferences', {
    schema: { body: PreferencesPatchSchema, response: { 200: z.object({ preferences: NotificationPreferencesSchema, version: z.number().int() }) } },
  }, async (req) => {
    const actor = await req.actor();
    const out = await handle(userAggregate, userStream(actor.id), {
      type: 'SetNotificationPreferences', data: { preferences: req.body as Record<string, boolean> },
      meta: { now: now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId } },
    }, { actorId: actor.id, correlationId: req.id });
    const changed = out.state.exists ? out.state.notificationPreferences : {};
    return { preferences: { ...defaultNotificationPreferences, ...changed }, version: out.version };
  });

  const own = async (id: string, userId: number) => {
    if (!id.endsWith(`:${userId}`)) throw new ApiError(404, 'not_found', 'Notification not found.');
  };

  app.post('/api/notifications/:id/read', { schema: { params: Id, body: z.strictObject({}).optional(), response: { 200: Ok } } }, async (req) => {
    const actor = await req.actor();
    await own(req.params.id, actor.id);
    await pool.query(
      `insert into notification_marks (user_id, notification_id, read_at) values ($1, $2, now())
       on conflict (user_id, notification_id) do update set read_at = coalesce(notification_marks.read_at, now())`, [actor.id, req.params.id]);
    return { success: true as const };
  });

  // The chosen ones (the history page's selection), all or nothing: one id of someone else's is a 404.
  app.post('/api/notifications/read', {
    schema: {
      body: MarkNotificationsReadBodySchema, response: { 200: MarkNotificationsReadResponseSchema },
      problems: { 404: 'One of the ids is not a notification of yours (not_found).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const ids = [...new Set(req.body.ids)];
    for (const id of ids) await own(id, actor.id);
    await pool.query(
      `insert into notification_marks (user_id, notification_id, read_at) select $1, id, now() from unnest($2::text[]) as id
       on conflict (user_id, notification_id) do update set read_at = coalesce(notification_marks.read_at, now())`, [actor.id, ids]);
    return { success: true as const, marked: ids.length };
  });

  app.delete('/api/notifications/:id', { schema: { params: Id, response: { 200: Ok } } }, async (req) => {
    const actor = await req.actor();
    await own(req.params.id, actor.id);
    await pool.query(
      `insert into notification_marks (user_id, notification_id, deleted_at) values ($1, $2, now())
       on conflict (user_id, notification_id) do update set deleted_at = now()`, [actor.id, req.params.id]);
    return { success: true as const };
  });

  // "All" means everything the user could have seen: up to their latest notification now.
  const throughLatest = (column: 'read_through_seq' | 'cleared_through_seq') => async (userId: number) => {
    await pool.query(
      `insert into notification_cursors (user_id, ${column})
       select $1, coalesce(max(seq), 0) from notifications_v1 where user_id = $1
       on conflict (user_id) do update set ${column} = greatest(notification_cursors.${column}, excluded.${column})`, [userId]);
  };
  const readAll = throughLatest('read_through_seq');
  const clearAll = throughLatest('cleared_through_seq');

  app.post('/api/notifications/read-all', { schema: { body: z.strictObject({}).optional(), response: { 200: Ok } } }, async (req) => {
    await readAll((await req.actor()).id);
    return { success: true as const };
  });
  app.delete('/api/notifications', { schema: { response: { 200: Ok } } }, async (req) => {
    await clearAll((await req.actor()).id);
    return { success: true as const };
  });
};
