import { z } from 'zod';
import { LeaderboardEntrySchema } from './dashboard';
import { IdQuerySchema, InstantSchema } from './scalars';

/**
 * GET /api/leaderboard: spec 7's entries ranked by points earned in the period (this month by
 * default, the dashboard's "Top performers this month"); `level` and `totalPoints` are the
 * user's standing overall. `salesCount` counts the period's sales that were not rejected.
 */
export const LeaderboardQuerySchema = z.strictObject({
  period: z.enum(['week', 'month', 'all']).default('month'),
  teamId: IdQuerySchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** The standings as they were at this instant, for the period that held it (time travel). */
  asOf: InstantSchema.optional(),
});
export const RankedEntrySchema = LeaderboardEntrySchema.extend({
  rank: z.number().int(),
  teamId: z.number().int().nullable(),
  totalPoints: z.number().int(),
});
export const RankedLeaderboardSchema = z.array(RankedEntrySchema);

/** GET /api/leaderboard/teams: teams ranked by their members' points in the period. */
export const TeamStandingsQuerySchema = z.strictObject({ period: z.enum(['week', 'month', 'all']).default('month'), asOf: InstantSchema.optional() });
export const TeamStandingsSchema = z.array(z.object({
  rank: z.number().int(),
  teamId: z.number().int(),
  name: z.string(),
  points: z.number().int(),
  salesCount: z.number().int(),
  members: z.number().int(),
}));
