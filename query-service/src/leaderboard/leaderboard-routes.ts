import {
  BadgesResponseSchema, IdQuerySchema, LeaderboardQuerySchema, RankedLeaderboardSchema, TeamStandingsQuerySchema,
  TeamStandingsSchema, UserBadgesResponseSchema,
} from '@leadfloor/contracts';
import { badgeCatalog } from '@leadfloor/events';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rankTeams, rankUsers } from './standings';
import { checkAsOf } from '../time-travel/as-of-instant';
import { rankTeamsAsOf, rankUsersAsOf } from '../time-travel/standings-as-of';

export type LeaderboardDeps = { pool: Pool; now: () => Date; timeZone: string };

/** Leaderboards (this week, this month, all time, per team; the TV view reads the same) and badges. */
export const leaderboardRoutes: FastifyPluginAsyncZod<LeaderboardDeps> = async (app, { pool, now, timeZone }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/leaderboard', { schema: { querystring: LeaderboardQuerySchema, response: { 200: RankedLeaderboardSchema } } }, async (req) => {
    await req.actor();
    const { asOf, ...q } = req.query;
    if (asOf) return rankUsersAsOf(pool, { ...q, at: checkAsOf(asOf, now()), timeZone });
    return rankUsers(pool, { ...q, now: now(), timeZone });
  });

  app.get('/api/leaderboard/teams', { schema: { querystring: TeamStandingsQuerySchema, response: { 200: TeamStandingsSchema } } }, async (req) => {
    await req.actor();
    const { asOf, ...q } = req.query;
    if (asOf) return rankTeamsAsOf(pool, { ...q, at: checkAsOf(asOf, now()), timeZone });
    return rankTeams(pool, { ...q, now: now(), timeZone });
  });

  app.get('/api/badges', { schema: { response: { 200: BadgesResponseSchema } } }, async (req) => {
    await req.actor();
    return badgeCatalog.map(({ id, name, description, icon, pointsRequired }) => ({ id, name, description, icon, pointsRequired }));
  });

  /** The signed-in user's badges (or another user's, for a profile), oldest first. */
  app.get('/api/user-badges', {
    schema: { querystring: z.strictObject({ userId: IdQuerySchema.optional() }), response: { 200: UserBadgesResponseSchema } },
  }, async (req) => {
    const actor = await req.actor();
    const { rows } = await pool.query<{ id: string; badge_id: number; awarded_at: Date }>(
      'select id, badge_id, awarded_at from user_badges_v1 where user_id = $1 order by awarded_at, badge_id', [req.query.userId ?? actor.id]);
    const byId = new Map(badgeCatalog.map((b) => [b.id, b]));
    return rows.flatMap((r) => {
      const badge = byId.get(r.badge_id);
      return badge ? [{ id: Number(r.id), badgeId: r.badge_id, awardedAt: r.awarded_at.toISOString(), badge: { name: badge.name, icon: badge.icon } }] : [];
    });
  });
};
