import { z } from 'zod';
import { LevelSchema } from './users';

export const StatsSchema = z.object({
  monthlyRevenue: z.number(),
  activeLeadsCount: z.number().int(),
  callsThisWeek: z.number().int(),
  conversionRate: z.number(),
});
export const StatsResponseSchema = z.object({ stats: StatsSchema });

export const LeaderboardEntrySchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  level: LevelSchema,
  points: z.number().int(),
  salesCount: z.number().int(),
});
export const LeaderboardResponseSchema = z.array(LeaderboardEntrySchema);

export const BadgeIconSchema = z.string();
export const BadgeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: BadgeIconSchema,
  pointsRequired: z.number().int().nullable(),
});
export const BadgesResponseSchema = z.array(BadgeSchema);
export const UserBadgeSchema = z.object({
  id: z.number().int(),
  badgeId: z.number().int(),
  awardedAt: z.string(),
  badge: z.object({ name: z.string(), icon: z.string() }),
});
export const UserBadgesResponseSchema = z.array(UserBadgeSchema);
