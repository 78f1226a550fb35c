import { z } from 'zod';
import { UserLevelSchema } from './user-events';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

/** The activities that earn points (README, "Points, levels and badges"). */
export const PointsRuleSchema = z.enum(['claim', 'contact', 'qualify', 'sale', 'call']);
export type PointsRule = z.infer<typeof PointsRuleSchema>;
export const BadgeIconNameSchema = z.enum(['lightning', 'star', 'check', 'users', 'pencil']);

// On the user's own stream (user-{id}), written only by the points process manager.
export const gamificationEventSchemas = {
  // One credit per activity (`awardKey`, e.g. `contact:lead-42`): `points` is the change to that
  // credit (negative when a sale is rejected or a new points table pays less), so the sum of a
  // user's PointsAwarded is their points, and `at` is when the activity happened.
  PointsAwarded: z.object({
    userId: id, rule: PointsRuleSchema, awardKey: z.string().min(1), points: z.number().int(),
    active: z.boolean(), sourceEventId: z.string(), tableVersion: z.number().int().min(1), at,
  }),
  // Levels follow points both ways (a correction can lower one), so `from` may rank above `to`.
  LevelReached: z.object({ userId: id, from: UserLevelSchema, to: UserLevelSchema, points: z.number().int(), at }),
  BadgeAwarded: z.object({ userId: id, badgeId: id, at }),
} as const;

export type GamificationEventType = keyof typeof gamificationEventSchemas;
export type GamificationEvent = {
  [T in GamificationEventType]: { type: T; data: z.infer<(typeof gamificationEventSchemas)[T]> };
}[GamificationEventType];

/** `certified`: awarded by the academy when a closer passes every assessment of a job's training. */
export type BadgeCriterion = { kind: 'points'; min: number } | { kind: 'count'; rule: PointsRule; min: number } | { kind: 'certified' };
export type BadgeDefinition = {
  id: number; name: string; description: string; icon: z.infer<typeof BadgeIconNameSchema>;
  /** Set for badges earned by points alone; null for activity badges. */
  pointsRequired: number | null;
  criterion: BadgeCriterion;
};

/**
 * The badges, shared by the process manager that awards them and the reads that list them.
 * Ids are stored in BadgeAwarded events: never reuse or renumber one; add new ids instead.
 * Badges once earned are kept (an achievement, not a standing).
 */
export const badgeCatalog: readonly BadgeDefinition[] = [
  { id: 1, name: 'Quick Starter', description: 'Claimed your first lead.', icon: 'lightning', pointsRequired: null, criterion: { kind: 'count', rule: 'claim', min: 1 } },
  { id: 2, name: 'First Sale', description: 'Closed your first sale.', icon: 'star', pointsRequired: null, criterion: { kind: 'count', rule: 'sale', min: 1 } },
  { id: 3, name: 'People Person', description: 'Reached 10 leads.', icon: 'users', pointsRequired: null, criterion: { kind: 'count', rule: 'contact', min: 10 } },
  { id: 4, name: 'Call Logger', description: 'Completed 25 calls.', icon: 'pencil', pointsRequired: null, criterion: { kind: 'count', rule: 'call', min: 25 } },
  { id: 5, name: 'Qualifier', description: 'Qualified 5 leads.', icon: 'check', pointsRequired: null, criterion: { kind: 'count', rule: 'qualify', min: 5 } },
  { id: 6, name: 'Rising Pro', description: 'Earned 500 points: pro level.', icon: 'star', pointsRequired: 500, criterion: { kind: 'points', min: 500 } },
  { id: 7, name: 'Elite Closer', description: 'Earned 1,500 points: elite level.', icon: 'lightning', pointsRequired: 1500, criterion: { kind: 'points', min: 1500 } },
  { id: 8, name: 'Certified Closer', description: "Passed every assessment of a job's training.", icon: 'check', pointsRequired: null, criterion: { kind: 'certified' } },
];
