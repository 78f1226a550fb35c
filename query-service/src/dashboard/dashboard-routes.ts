import { StatsResponseSchema, TeamsResponseSchema, UsersResponseSchema } from '@leadfloor/contracts';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { periodStart } from '../leaderboard/floor-periods';
import { teamFromRow, userFromRow, type TeamRow, type UserRow } from '../people/user-row';

/**
 * The dashboard's reads, all from read models. The leaderboard and badges are served with the
 * other leaderboards (`leaderboard/leaderboard-routes.ts`), the Call Analytics card's figures
 * with the calls (`/api/calls`, `/api/calls/analytics/summary`).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ pool: Pool; now?: () => Date; timeZone?: string }> = async (
  app, { pool, now = () => new Date(), timeZone = 'UTC' },
) => {
  app.addHook('onRequest', requireSignedIn);
  app.get('/api/dashboard/stats', { schema: { response: { 200: StatsResponseSchema } } }, async (req) => {
    const actor = await req.actor();
    const { rows } = await pool.query<{ active: string; held: string; sold: string }>(
      `select count(*) filter (where status in ('claimed', 'contacted', 'qualified')) as active,
              count(*) as held,
              count(*) filter (where status = 'sold') as sold
       from lead_pool_v1 where claimed_by = $1`, [actor.id]);
    const r = rows[0]!;
    const held = Number(r.held);
    const at = now();
    // Sales not rejected since the 1st of this month, calls begun since Monday 00:00 (floor's zone).
    const [monthStart, weekStart] = await Promise.all([periodStart(pool, 'month', at, timeZone), periodStart(pool, 'week', at, timeZone)]);
    const { rows: mine } = await pool.query<{ revenue: string | null; calls: string }>(
      `select (select sum(amount_cents) from sales_v1 where user_id = $1 and status <> 'rejected' and sale_date >= $2) as revenue,
              (select count(*) from calls_v1 where user_id = $1 and started_at >= $3) as calls`, [actor.id, monthStart, weekStart]);
    return {
      stats: {
        // dollars, as spec 7's stats carry it (the sum is exact in cents; two decimals at most)
        monthlyRevenue: Number(mine[0]!.revenue ?? 0) / 100,
        activeLeadsCount: Number(r.active),
        callsThisWeek: Number(mine[0]!.calls),
        conversionRate: held === 0 ? 0 : Math.round((Number(r.sold) / held) * 1000) / 10,
      },
    };
  });

  app.get('/api/users', { schema: { response: { 200: UsersResponseSchema } } }, async (req) => {
    await req.actor();
    const { rows } = await pool.query<UserRow>('select * from users_v1 order by id');
    return rows.map(userFromRow);
  });

  app.get('/api/teams', { schema: { response: { 200: TeamsResponseSchema } } }, async (req) => {
    await req.actor();
    const { rows } = await pool.query<TeamRow>('select * from teams_v1 order by id');
    return rows.map(teamFromRow);
  });
};
