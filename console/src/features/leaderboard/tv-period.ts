import type { z } from 'zod';
import type { LeaderboardQuerySchema } from '@leadfloor/contracts';

export type Period = z.output<typeof LeaderboardQuerySchema>['period'];

/** The periods the TV can show, in the order its switch offers them; the floor's month by default. */
export const PERIODS: readonly Period[] = ['week', 'month', 'all'];
export const PERIOD_LABELS: Record<Period, string> = { week: 'This week', month: 'This month', all: 'All time' };

/** The period in the address bar (`?period=week`), so a TV can be pointed at a bookmarked view. */
export function readPeriod(search: URLSearchParams): Period {
  const value = search.get('period');
  return PERIODS.find((p) => p === value) ?? 'month';
}

/**
 * How long a team's bar is, as a percentage of the leading team's points: the leader fills
 * it, nobody is below 0, and a board where nobody has points yet shows no bars.
 */
export function barShare(points: number, leaderPoints: number): number {
  if (leaderPoints <= 0 || points <= 0) return 0;
  return Math.min(100, Math.round((points / leaderPoints) * 100));
}
