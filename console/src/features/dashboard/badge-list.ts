import type { z } from 'zod';
import type { BadgeSchema, UserBadgeSchema } from '@leadfloor/contracts';

type Badge = z.infer<typeof BadgeSchema>;
type UserBadge = z.infer<typeof UserBadgeSchema>;
export type ShownBadge = { key: string; name: string; icon: string; locked: boolean; awardedAt: string | null };

// Spec 9: the dashboard shows at most 6 badges.
export const MAX_BADGES = 6;

/**
 * Spec 2.5's "Your Badges": the user's unlocked badges first, then the ones still locked
 * (named with '(Locked)'), at most six.
 */
export function badgeList(all: Badge[], mine: UserBadge[]): ShownBadge[] {
  const unlocked = mine.map((ub) => ({ key: `u${ub.id}`, name: ub.badge.name, icon: ub.badge.icon, locked: false, awardedAt: ub.awardedAt }));
  const owned = new Set(mine.map((ub) => ub.badgeId));
  const locked = all
    .filter((b) => !owned.has(b.id))
    .map((b) => ({ key: `b${b.id}`, name: `${b.name} (Locked)`, icon: b.icon, locked: true, awardedAt: null }));
  return [...unlocked, ...locked].slice(0, MAX_BADGES);
}
