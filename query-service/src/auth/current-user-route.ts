import { CurrentUserResponseSchema } from '@leadfloor/contracts';
import { twoFactorSetupRequired } from '@leadfloor/infra/auth/two-factor-gate';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userFromRow, type UserRow } from '../people/user-row';

/**
 * GET /api/auth/current-user: `{user}` for a live session, `{user: null}` otherwise (spec 7).
 * A user who registered a moment ago may not be projected yet: wait briefly for the row.
 * `twoFactorSetupRequired` is added when the floor requires a second factor they have not set up.
 */
export const currentUserRoute: FastifyPluginAsyncZod<{ pool: Pool; waitMs?: number }> = async (app, { pool, waitMs = 2000 }) => {
  // Public: a visitor without a session gets {user: null}, never a 401.
  app.get('/api/auth/current-user', { schema: { response: { 200: CurrentUserResponseSchema }, security: [] } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const actor = await req.optionalActor();
    if (!actor) return { user: null };
    const deadline = Date.now() + waitMs;
    for (;;) {
      const { rows } = await pool.query<UserRow>('select * from users_v1 where id = $1', [actor.id]);
      if (rows[0]) return { user: userFromRow(rows[0]), ...((await twoFactorSetupRequired(pool, actor.id)) ? { twoFactorSetupRequired: true } : {}) };
      if (Date.now() > deadline) return { user: null };
      await new Promise((r) => setTimeout(r, 20));
    }
  });
};
