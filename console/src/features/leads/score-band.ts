import type { BadgeTone } from '../../components/ui/badge';

export type ScoreBand = { label: 'Hot' | 'Warm' | 'Cool' | 'Cold'; meaning: string; tone: BadgeTone };

/** Spec 9's lead score bands. */
export function scoreBand(score: number): ScoreBand {
  if (score >= 75) return { label: 'Hot', meaning: 'ready to buy', tone: 'destructive' };
  if (score >= 50) return { label: 'Warm', meaning: 'interested, needs nurturing', tone: 'warning' };
  if (score >= 25) return { label: 'Cool', meaning: 'needs more information', tone: 'primary' };
  return { label: 'Cold', meaning: 'not interested yet', tone: 'neutral' };
}

/** Spec 5: a score is a whole number from 0 to 100. */
export const clampScore = (n: number): number => (Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : 0);
