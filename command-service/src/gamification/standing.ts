import { badgeCatalog, type BadgeCriterion, type GamificationEvent, type PointsRule } from '@leadfloor/events';
import type { UserLevel, UserStreamEvent } from '../users/user';
import { levelFor } from './points-table';

type Credit = { rule: PointsRule; points: number; active: boolean };

/**
 * A user's standing as the points process manager sees it: every credited activity, the
 * points, the level and the badges held. The fold updates the maps in place: a user stream
 * can hold thousands of awards, and copying them per event would make folding quadratic.
 * A standing is owned by one fold (or one cache entry) and never shared.
 */
export type Standing = {
  exists: boolean; points: number; level: UserLevel;
  credits: Map<string, Credit>; activeCounts: Record<PointsRule, number>; badges: Set<number>;
};

export const initialStanding = (): Standing => ({
  exists: false, points: 0, level: 'rookie', credits: new Map(), badges: new Set(),
  activeCounts: { claim: 0, contact: 0, qualify: 0, sale: 0, call: 0 },
});

export function evolveStanding(s: Standing, e: UserStreamEvent): Standing {
  switch (e.type) {
    case 'UserRegistered':
      s.exists = true;
      s.points = e.data.points;
      s.level = e.data.level;
      break;
    case 'PointsAwarded': {
      const { awardKey, rule, points, active } = e.data;
      const before = s.credits.get(awardKey);
      if (before?.active) s.activeCounts[before.rule] -= 1;
      if (active) s.activeCounts[rule] += 1;
      s.credits.set(awardKey, { rule, points: (before?.points ?? 0) + points, active });
      s.points += points;
      break;
    }
    case 'LevelReached':
      s.level = e.data.to;
      break;
    case 'BadgeAwarded':
      s.badges.add(e.data.badgeId);
      break;
  }
  return s;
}

/** One activity to credit: `points` is what it is worth now (0 and inactive to take it back). */
export type AwardPoints = {
  type: 'AwardPoints';
  data: { userId: number; rule: PointsRule; awardKey: string; points: number; active: boolean; sourceEventId: string; tableVersion: number; at: string };
};

// A certification badge is the academy's to award (academy/certification-badge.ts), never from points.
const meets = (c: BadgeCriterion, points: number, counts: Record<PointsRule, number>) =>
  c.kind === 'points' ? points >= c.min : c.kind === 'count' ? counts[c.rule] >= c.min : false;

/**
 * Credits an activity once, whatever the number of deliveries: an activity already credited
 * at the same worth changes nothing, and a new worth (a new points table, a rejected sale)
 * appends only the difference. Then the level follows the points, and every badge whose
 * criterion is newly met is awarded (badges are never taken back).
 */
export function decideStanding(c: AwardPoints, s: Standing): GamificationEvent[] {
  const d = c.data;
  if (!s.exists) return [];
  const before = s.credits.get(d.awardKey);
  if (before ? before.points === d.points && before.active === d.active : !d.active) return [];
  const delta = d.points - (before?.points ?? 0);
  const events: GamificationEvent[] = [{
    type: 'PointsAwarded',
    data: { userId: d.userId, rule: d.rule, awardKey: d.awardKey, points: delta, active: d.active, sourceEventId: d.sourceEventId, tableVersion: d.tableVersion, at: d.at },
  }];
  const points = s.points + delta;
  const level = levelFor(points);
  if (level !== s.level) events.push({ type: 'LevelReached', data: { userId: d.userId, from: s.level, to: level, points, at: d.at } });
  const counts = { ...s.activeCounts };
  if (before?.active) counts[before.rule] -= 1;
  if (d.active) counts[d.rule] += 1;
  for (const badge of badgeCatalog) {
    if (!s.badges.has(badge.id) && meets(badge.criterion, points, counts)) {
      events.push({ type: 'BadgeAwarded', data: { userId: d.userId, badgeId: badge.id, at: d.at } });
    }
  }
  return events;
}
