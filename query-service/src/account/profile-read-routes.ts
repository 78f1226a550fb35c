import { ProfileResponseSchema, type Level, type Performance } from '@leadfloor/contracts';
import { badgeCatalog } from '@leadfloor/events';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { periodStart } from '../leaderboard/floor-periods';
import { userFromRow, type UserRow } from '../people/user-row';

/**
 * Spec 2.5's level progress: rookie = points/500, pro = (points-500)/1000, elite = points/2000,
 * a whole percent (floored: 499 points is not a full bar) between 0 and 100; next Pro, else Elite.
 */
export function levelProgress(level: Level, points: number): { percent: number; nextLevel: Level } {
  const ratio = level === 'rookie' ? points / 500 : level === 'pro' ? (points - 500) / 1000 : points / 2000;
  return { percent: Math.floor(Math.min(100, Math.max(0, ratio * 100))), nextLevel: level === 'rookie' ? 'pro' : 'elite' };
}

/** The user's month: claims and how many were reached (lead_work_v1), sales and commission (sales_v1, rejected ones left out). */
export async function performanceOf(pool: Pool, userId: number, since: Date): Promise<Performance> {
  const { rows } = await pool.query<{ claims: number; contacted: number; sales: number; amount: string | null; commission: string | null }>(
    `select (select count(*)::int from lead_work_v1 where user_id = $1 and kind = 'claim' and claimed_at >= $2) as claims,
            (select count(*)::int from lead_work_v1 where user_id = $1 and kind = 'claim' and claimed_at >= $2 and contacted_at is not null) as contacted,
            count(s.id)::int as sales, sum(s.amount_cents) as amount, sum(s.commission_cents) as commission
     from sales_v1 s where s.user_id = $1 and s.status <> 'rejected' and s.sale_date >= $2`, [userId, since]);
  const r = rows[0]!;
  return {
    periodStart: since.toISOString(),
    claims: r.claims,
    contacted: r.contacted,
    contactRate: r.claims === 0 ? 0 : Math.round((r.contacted / r.claims) * 1000) / 10,
    salesCount: r.sales,
    salesAmountCents: Number(r.amount ?? 0),
    commissionCents: Number(r.commission ?? 0),
  };
}

/** The badges catalogue, each with when this user earned it (null: not yet). */
export async function badgesOf(pool: Pool, userId: number) {
  const { rows } = await pool.query<{ badge_id: number; awarded_at: Date }>(
    'select badge_id, awarded_at from user_badges_v1 where user_id = $1', [userId]);
  const earned = new Map(rows.map((r) => [r.badge_id, r.awarded_at.toISOString()]));
  return badgeCatalog.map((b) => ({ badgeId: b.id, name: b.name, description: b.description, icon: b.icon, awardedAt: earned.get(b.id) ?? null }));
}

/**
 * GET /api/profile: the signed-in user as /profile shows them: their details, level and points
 * with the progress to the next level, every badge, and this month's figures (the month begins in
 * the floor's TIME_ZONE). Each figure counts rows of a read model: lead_work_v1 for claims, sales_v1
 * for sales and commission.
 */
export const profileReadRoutes: FastifyPluginAsyncZod<{ pool: Pool; now: () => Date; timeZone: string }> = async (app, { pool, now, timeZone }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/profile', {
    schema: { response: { 200: ProfileResponseSchema }, problems: { 404: 'The account is not in the users read model yet (not_found).' } },
  }, async (req, reply) => {
    const actor = await req.actor();
    reply.header('cache-control', 'no-store');
    const { rows } = await pool.query<UserRow>('select * from users_v1 where id = $1', [actor.id]);
    const row = rows[0];
    if (!row) throw new ApiError(404, 'not_found', 'Your account is not ready yet; try again in a moment.');
    const since = (await periodStart(pool, 'month', now(), timeZone))!;
    const [badges, performance] = await Promise.all([badgesOf(pool, actor.id), performanceOf(pool, actor.id, since)]);
    const user = userFromRow(row);
    return { user, levelProgress: levelProgress(user.level, user.points), badges, performance };
  });
};
