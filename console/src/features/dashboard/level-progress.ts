import type { Level } from '@leadfloor/contracts';

/**
 * Spec 2.5's level progress, kept exactly as specified: rookie = points/500,
 * pro = (points-500)/1000, elite = points/2000, each as a whole percent (floored) between 0 and 100.
 * The next level shown is Pro for a rookie and Elite otherwise.
 */
export function levelProgress(level: Level, points: number): { percent: number; nextLevel: 'Pro' | 'Elite' } {
  const ratio = level === 'rookie' ? points / 500 : level === 'pro' ? (points - 500) / 1000 : points / 2000;
  // Floored, so 499 points reads 99 %, not a full bar that has not been earned yet.
  const percent = Math.floor(Math.min(100, Math.max(0, ratio * 100)));
  return { percent, nextLevel: level === 'rookie' ? 'Pro' : 'Elite' };
}
